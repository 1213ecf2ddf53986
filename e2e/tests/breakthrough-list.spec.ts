import { expect, test, type Page } from '@playwright/test';
import { createArticle, uniqueTag, userPage, visitorPage } from '../support/reading';
import { afterNextFrame } from '../support/frames';
import { collectAlerts, signIn } from '../support/session';

const items = (page: Page) => page.getByRole('main').getByRole('listitem');
const pagination = (page: Page) => page.getByRole('navigation', { name: 'Pagination' });
/**
 * The server's HTML shows the list and its search box at once; the box listens once the app has
 * taken over (what is typed before is reset), as the header's session controls show.
 */
const appReady = (page: Page) =>
  expect(
    page
      .getByRole('banner')
      .getByRole('link', { name: 'Login' })
      .or(page.getByRole('button', { name: 'Profile' })),
  ).toBeVisible();

test.describe('breakthrough list', () => {
  test('search, language filter, paging in the address and the no-match alert', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, 'dana-kim');
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
    // 'createdAt | blogName', the time as "just now" with the exact time on hover.
    await expect(items(page).first()).toContainText(/just now \| Repolog Frontend/);
    const time = items(page).first().locator('time');
    await expect(time).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
    await expect(time).toHaveAttribute('title', /\d/);

    // Search with Enter: the 12 tagged breakthroughs over two pages.
    await appReady(page);
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
    await appReady(page);
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
    await expect(box).toHaveValue('깃');
    await afterNextFrame(page);
    await expect(page).toHaveURL(/\/breakthrough$/);
    expect(searches).toEqual([]);
    expect(alerts).toEqual([]);
    // A plain Enter afterwards searches (and finds nothing, hence the alert).
    await box.press('Enter');
    await expect.poll(() => searches.length).toBeGreaterThan(0);
    await expect.poll(() => alerts).toEqual(['There is no Breakthrough!']);
  });

  test('sorts by most liked from the sort links; the order stays in the address through reload and paging', async ({
    browser,
  }) => {
    test.slow();
    const dana = await userPage(browser, 'dana-kim');
    const tag = uniqueTag('zs');
    // Oldest first: 'liked most' (3 likes), 'liked once' (1 like and a comment), 'not liked'.
    const mostId = await createArticle(dana, { blogId: 32, title: `${tag} liked most` });
    const onceId = await createArticle(dana, { blogId: 32, title: `${tag} liked once` });
    await createArticle(dana, { blogId: 32, title: `${tag} not liked` });
    await dana.context().close();
    const fans = ['minjun-park', 'sora-lee', 'alex-chen'] as const;
    for (const [index, login] of fans.entries()) {
      const fan = await userPage(browser, login);
      const origin = new URL(fan.url()).origin;
      for (const articleId of index === 0 ? [mostId, onceId] : [mostId]) {
        const res = await fan.request.put(`/api/article/${articleId}/like`, {
          data: { articleId },
          headers: { origin },
        });
        expect(res.status(), await res.text()).toBe(200);
      }
      if (index === 0) {
        const res = await fan.request.post('/api/comment', {
          data: { articleId: onceId, content: 'Liked it, and said so.' },
          headers: { origin },
        });
        expect(res.status(), await res.text()).toBe(200);
      }
      await fan.context().close();
    }

    const page = await visitorPage(browser);
    await page.goto(`/breakthrough?q=${tag}`);
    const links = items(page).getByRole('link');
    await expect(links).toHaveCount(3);
    // Newest first, each card with its likes and comments.
    await expect(links.nth(0)).toHaveAccessibleName(
      new RegExp(`^${tag} not liked .* 0 likes 0 comments$`),
    );
    await expect(links.nth(1)).toHaveAccessibleName(
      new RegExp(`^${tag} liked once .* 1 like 1 comment$`),
    );
    await expect(links.nth(2)).toHaveAccessibleName(
      new RegExp(`^${tag} liked most .* 3 likes 0 comments$`),
    );

    const sorts = page.getByRole('navigation', { name: 'Sort breakthroughs' });
    await expect(sorts.getByRole('link', { name: 'Newest' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await sorts.getByRole('link', { name: 'Most liked' }).click();
    await expect(page).toHaveURL(new RegExp(`\\?q=${tag}&sort=likes$`));
    const mostLikedFirst = [`${tag} liked most`, `${tag} liked once`, `${tag} not liked`];
    await expect(items(page)).toHaveCount(3);
    for (const [index, title] of mostLikedFirst.entries()) {
      await expect(items(page).nth(index)).toContainText(title);
    }
    await expect(sorts.getByRole('link', { name: 'Most liked' })).toHaveAttribute(
      'aria-current',
      'true',
    );

    // A reload keeps the order (the server renders it from the address).
    await page.reload();
    await expect(items(page)).toHaveCount(3);
    for (const [index, title] of mostLikedFirst.entries()) {
      await expect(items(page).nth(index)).toContainText(title);
    }
    await expect(page.getByRole('searchbox', { name: /Search breakthroughs/ })).toHaveValue(tag);
    await expect(sorts.getByRole('link', { name: 'Most liked' })).toHaveAttribute(
      'aria-current',
      'true',
    );

    // A new search keeps it.
    await appReady(page);
    const box = page.getByRole('searchbox', { name: /Search breakthroughs/ });
    await box.fill(`${tag} liked`);
    await box.press('Enter');
    await expect(page).toHaveURL(/sort=likes/);
    await expect(items(page)).toHaveCount(2);
    await expect(items(page).first()).toContainText(`${tag} liked most`);

    // Back to the newest first.
    await sorts.getByRole('link', { name: 'Newest' }).click();
    await expect(page).not.toHaveURL(/sort=/);
    await expect(items(page).first()).toContainText(`${tag} liked once`);
    await page.context().close();
  });

  test('finds a Korean breakthrough by a two-syllable word', async ({ page }) => {
    await page.goto('/breakthrough');
    await expect(items(page).first()).toBeVisible();
    await appReady(page);
    const box = page.getByRole('searchbox', { name: /Search breakthroughs/ });
    await box.fill('배포');
    await box.press('Enter');
    await expect(page).toHaveURL(/\?q=%EB%B0%B0%ED%8F%AC$/);
    // The demo's Korean breakthrough (blog 40).
    await expect(items(page)).toHaveCount(1);
    await expect(items(page).first()).toContainText('배포 자동화로 얻은 교훈');
    await expect(items(page).first()).toContainText('| Ddareungi Map');
    await items(page).first().getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('배포 자동화로 얻은 교훈');

    // The address alone finds it too (a shared link, rendered by the server).
    await page.goto(`/breakthrough?q=${encodeURIComponent('자동화')}`);
    await expect(items(page)).toHaveCount(1);
    await expect(items(page).first()).toContainText('배포 자동화로 얻은 교훈');
  });

  test('blog 39 notices are not listed', async ({ page }) => {
    await page.goto('/breakthrough?lang=&q=');
    const res = await page.request.get('/api/blog/non-member/39');
    const notices = ((await res.json()) as { break_throughs: { articleTitle: string }[] })
      .break_throughs;
    expect(notices.length).toBeGreaterThan(0);
    await appReady(page);
    const box = page.getByRole('searchbox', { name: /Search breakthroughs/ });
    const alerts = collectAlerts(page);
    await box.fill(notices[0]?.articleTitle ?? '');
    await box.press('Enter');
    await expect.poll(() => alerts).toEqual(['There is no Breakthrough!']);
  });
});
