import { expect, test, type Page } from '@playwright/test';
import { createArticle, uniqueTag } from '../support/reading';
import { collectAlerts, loginAs } from '../support/session';

const items = (page: Page) => page.getByRole('main').getByRole('listitem');
const pagination = (page: Page) => page.getByRole('navigation', { name: 'Pagination' });

test.describe('breakthrough list', () => {
  test('search, language filter, paging in the address and the no-match alert', async ({
    page,
  }) => {
    test.slow();
    await loginAs(page, 'dana-kim');
    const tag = uniqueTag('zq');
    // 11 Kotlin breakthroughs and one Swift one, all carrying the tag in their titles.
    for (let n = 1; n <= 12; n += 1) {
      await createArticle(page, {
        blogId: 32,
        title: `${tag} paging note ${String(n).padStart(2, '0')}`,
        about: n === 12 ? 'Swift' : 'Kotlin',
      });
    }
    const alerts = collectAlerts(page);

    await page.goto('/breakthrough');
    await expect(
      page.getByRole('heading', { level: 1, name: "Let's Explore all breakthroughs!" }),
    ).toBeVisible();
    await expect(items(page)).toHaveCount(10);
    await expect(items(page).first()).toContainText(/\d{4}-\d{2}-\d{2} \| \S/);

    // Search with Enter: the 12 tagged breakthroughs over two pages.
    const box = page.getByRole('searchbox', { name: /Search breakthroughs/ });
    await box.fill(tag.toUpperCase());
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`\\?q=${tag.toUpperCase()}$`));
    await expect(items(page)).toHaveCount(10);
    await expect(items(page).first()).toContainText(`| Repolog Frontend`);
    await expect(pagination(page)).toBeVisible();
    await expect(pagination(page).locator('[aria-current="page"]')).toContainText('1');
    await pagination(page).getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(items(page)).toHaveCount(2);
    await expect(pagination(page).locator('[aria-current="page"]')).toContainText('2');

    // Reload and back keep the state from the address.
    await page.reload();
    await expect(items(page)).toHaveCount(2);
    await expect(box).toHaveValue(tag.toUpperCase());
    await page.goBack();
    await expect(items(page)).toHaveCount(10);

    // Language: Swift -> back to page 1, one result, no pagination.
    await pagination(page).getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/page=2/);
    const language = page.getByRole('combobox', { name: 'Language' });
    await expect(language.locator('option').first()).toHaveText('Select Language');
    await expect(language.locator('option')).toHaveText([
      'Select Language',
      'Java',
      'HTML',
      'JavaScript',
      'Python',
      'TypeScript',
      'Kotlin',
      'C#',
      'C++',
      'CSS',
      'Swift',
    ]);
    await language.selectOption('Swift');
    await expect(page).not.toHaveURL(/page=/);
    await expect(items(page)).toHaveCount(1);
    await expect(items(page).first()).toContainText(`${tag} paging note 12`);
    await expect(pagination(page)).toHaveCount(0);
    // The blank option shows every language again.
    await language.selectOption('');
    await expect(page).not.toHaveURL(/lang=/);
    await expect(items(page)).toHaveCount(10);
    await expect(pagination(page)).toBeVisible();

    // The search icon, with no match: alert, the box is cleared, the full list returns.
    await box.fill(`${tag}-nothing-like-this`);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => alerts).toEqual(['There is no Breakthrough!']);
    await expect(box).toHaveValue('');
    await expect(page).toHaveURL(/\/breakthrough$/);
    await expect(items(page)).toHaveCount(10);

    // A click opens the article.
    await box.fill(`${tag} paging note 07`);
    await box.press('Enter');
    await expect(items(page)).toHaveCount(1);
    await items(page).first().getByRole('link').click();
    await expect(page).toHaveURL(/\/breakthrough\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${tag} paging note 07`);
  });

  test('the Enter that confirms a Korean IME composition does not search', async ({ page }) => {
    const alerts = collectAlerts(page);
    const searches: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/article/breakthrough?') && request.url().includes('q='))
        searches.push(request.url());
    });
    await page.goto('/breakthrough');
    await expect(items(page).first()).toBeVisible();
    const box = page.getByRole('searchbox', { name: /Search breakthroughs/ });
    await box.focus();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.imeSetComposition', { text: '깃', selectionStart: 1, selectionEnd: 1 });
    // Enter while composing: Chromium reports it as keyCode 229; nothing is searched.
    await cdp.send('Input.dispatchKeyEvent', {
      type: 'rawKeyDown',
      key: 'Enter',
      code: 'Enter',
      windowsVirtualKeyCode: 229,
    });
    await cdp.send('Input.insertText', { text: '깃' });
    await page.waitForTimeout(500);
    await expect(page).toHaveURL(/\/breakthrough$/);
    await expect(box).toHaveValue('깃');
    expect(searches).toEqual([]);
    expect(alerts).toEqual([]);
    // A plain Enter afterwards searches (and finds nothing, hence the alert).
    await box.press('Enter');
    await expect.poll(() => searches.length).toBeGreaterThan(0);
    await expect.poll(() => alerts).toEqual(['There is no Breakthrough!']);
  });

  test('blog 39 notices are not listed', async ({ page }) => {
    await page.goto('/breakthrough?lang=&q=');
    const res = await page.request.get('/api/blog/non-member/39');
    const notices = ((await res.json()) as { break_throughs: { articleTitle: string }[] })
      .break_throughs;
    expect(notices.length).toBeGreaterThan(0);
    const box = page.getByRole('searchbox', { name: /Search breakthroughs/ });
    const alerts = collectAlerts(page);
    await box.fill(notices[0]?.articleTitle ?? '');
    await box.press('Enter');
    await expect.poll(() => alerts).toEqual(['There is no Breakthrough!']);
  });
});
