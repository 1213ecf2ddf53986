import { expect, test, type Page } from '@playwright/test';
import { collectAlerts, signIn } from '../support/session';

/**
 * The Korean interface: the footer's switch turns every text Korean at once and is remembered
 * (the server renders the next page in Korean), a Korean browser gets Korean from its first page,
 * and alerts and the server's error messages come in Korean too.
 */
const KO_HOME = '홈';
const KO_BREAKTHROUGH = '브레이크스루';
const KO_WORKSPACE = '워크스페이스';
const KO_LOGIN = '로그인';
const KO_LOGIN_REQUIRED = '이 서비스를 이용하려면 로그인이 필요합니다!\n계속하려면 로그인하세요.';
const KO_BLOG_NOT_FOUND = '오류: ID가 999999인 블로그를 찾을 수 없습니다.';

const nav = (page: Page) => page.getByRole('banner').getByRole('navigation');

test.describe('the Korean interface', () => {
  test('the footer switch turns the header Korean, is remembered, and switches back', async ({
    page,
  }) => {
    // An English reader downloads no Korean: no script the page loads holds a Korean text.
    const scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) scripts.push(response.text());
    });
    await page.goto('/home');
    await expect(nav(page).getByRole('link', { name: 'Home', exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.waitForLoadState('networkidle');
    const loaded = await Promise.all(scripts);
    expect(loaded.length).toBeGreaterThan(2);
    expect(loaded.filter((text) => text.includes(KO_BREAKTHROUGH))).toEqual([]);

    await page.getByRole('contentinfo').getByRole('button', { name: '한국어' }).click();
    await expect(nav(page).getByRole('link', { name: KO_HOME, exact: true })).toBeVisible();
    await expect(nav(page).getByRole('link', { name: KO_BREAKTHROUGH, exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await expect(
      page.getByRole('contentinfo').getByRole('button', { name: '한국어' }),
    ).toHaveAttribute('aria-pressed', 'true');

    // Remembered: the server renders the next page in Korean, before any script runs.
    const html = await (await page.request.get('/breakthrough')).text();
    expect(html).toContain('<html lang="ko">');
    expect(html).toContain(`>${KO_BREAKTHROUGH}<`);
    await page.reload();
    await expect(nav(page).getByRole('link', { name: KO_HOME, exact: true })).toBeVisible();

    await page.getByRole('contentinfo').getByRole('button', { name: 'English' }).click();
    await expect(nav(page).getByRole('link', { name: 'Home', exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('a Korean browser reads Korean from its first page, even without JavaScript', async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: 'ko-KR', javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/breakthrough');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await expect(nav(page).getByRole('link', { name: KO_HOME, exact: true })).toBeVisible();
    await context.close();
  });

  test('an alert comes in Korean', async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: 'lang', value: 'ko', url: baseURL ?? '' }]);
    const alerts = collectAlerts(page);
    await page.goto('/home');
    // The app has taken over the server's HTML and knows the reader is a visitor: only then does
    // a click on Workspace reach the code that says so (before, it is a plain link to the page).
    await expect(
      page.getByRole('banner').getByRole('link', { name: KO_LOGIN, exact: true }),
    ).toBeVisible();
    await nav(page).getByRole('link', { name: KO_WORKSPACE, exact: true }).click();
    await expect.poll(() => alerts).toEqual([KO_LOGIN_REQUIRED]);
    await expect(page).toHaveURL(/\/login$/);
  });

  test("the server's error message comes in Korean", async ({ page, baseURL }) => {
    await signIn(page, 'dana-kim');
    await page.context().addCookies([{ name: 'lang', value: 'ko', url: baseURL ?? '' }]);
    await page.goto('/blog/999999/breakthrough/write');
    await expect(page.getByRole('alert')).toHaveText(KO_BLOG_NOT_FOUND);
  });
});
