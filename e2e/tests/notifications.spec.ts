import { expect, test, type Page } from '@playwright/test';
import type { Notice, UnreadCount } from '@repolog/contract/notifications';
import { userPage, writeArticle } from '../support/reading';
import { collectAlerts } from '../support/session';

const unreadOf = async (page: Page) =>
  ((await (await page.request.get('/api/notice/count')).json()) as UnreadCount).unreadCount;

const badge = (page: Page) => page.getByTestId('unread-badge');
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const panel = (page: Page) => page.getByRole('region', { name: 'Notifications' });

test.describe('live notifications', () => {
  test('the author’s badge rises live as a reader comments, likes and favorites; a click opens the right page', async ({
    browser,
    baseURL,
  }) => {
    const base = baseURL ?? '';
    const dana = await userPage(browser, 'dana-kim');
    // A favorite notifies once per person and blog, ever: a retry on the same server needs a
    // reader who has not favorited blog 32 yet.
    const reader = test.info().retry > 0 ? 'jisoo-han' : 'sora-lee';
    const sora = await userPage(browser, reader);
    collectAlerts(sora);
    const title = `Live badge ${Date.now()}`;
    const articleId = await writeArticle(dana, title);

    // The reader's favorite of blog 32 must be new for this run (a toggle off sends nothing).
    const blog = (await (await sora.request.get('/api/blog/32')).json()) as { fav_button: boolean };
    if (blog.fav_button) {
      await sora.request.put('/api/blog/32/favorites', {
        data: { blogId: 32 },
        headers: { origin: base },
      });
    }

    await dana.goto('/home');
    const start = await unreadOf(dana);
    if (start > 0) await expect(badge(dana)).toHaveText(String(Math.min(start, 99)));
    // A marker that a reload would wipe out.
    await dana.evaluate(() => {
      (window as unknown as { stillHere?: boolean }).stillHere = true;
    });

    await sora.goto(`/breakthrough/${articleId}`);
    // Texts of this run only: the same text on three breakthroughs within an hour is held as
    // spam (no notification), and a worker's server outlives its journeys (and --repeat-each).
    await sora.getByLabel('Write a comment').fill(`This saved my afternoon (${title}).`);
    await sora.getByRole('button', { name: 'Submit' }).click();
    await expect(badge(dana)).toHaveText(String(start + 1));

    await sora.getByRole('button', { name: 'Like' }).click();
    await expect(sora.getByRole('button', { name: 'Like' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(badge(dana)).toHaveText(String(start + 2));

    await sora.goto('/blog/32');
    await sora.getByRole('button', { name: 'Favorite this blog' }).click();
    await expect(sora.getByRole('button', { name: 'Favorite this blog' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(badge(dana)).toHaveText(String(start + 3));
    expect(
      await dana.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere),
    ).toBe(true);

    // The panel: heading, the newest messages first, no badge while open.
    await bell(dana).click();
    await expect(badge(dana)).toBeHidden();
    await expect(panel(dana).getByRole('heading', { name: 'new notifications' })).toBeVisible();
    const items = panel(dana).getByRole('listitem');
    await expect(items).toHaveCount(4);
    await expect(items.nth(0)).toContainText(
      `${reader} added blog 'Repolog Frontend' to their favorites.`,
    );
    await expect(items.nth(1)).toContainText(`${reader} liked your article '${title}'.`);
    await expect(items.nth(2)).toContainText(`${reader} commented on your article '${title}'.`);
    await expect(panel(dana).getByRole('link', { name: 'Read more' })).toBeVisible();

    // Clicking the comment notice marks it viewed, lowers the badge and opens the article.
    await items.nth(2).getByRole('button').click();
    await expect(dana).toHaveURL(new RegExp(`/breakthrough/${articleId}$`));
    // The article is on screen (the route change has settled) before the bell is used again.
    await expect(dana.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(panel(dana)).toBeHidden();
    await expect(badge(dana)).toHaveText(String(start + 2));
    await bell(dana).click();
    await expect(panel(dana).getByRole('listitem').nth(2).getByRole('button')).toHaveAttribute(
      'data-viewed',
      'true',
    );

    // The favorite notice opens the blog.
    await panel(dana).getByRole('listitem').nth(0).getByRole('button').click();
    await expect(dana).toHaveURL(/\/blog\/32$/);
    // The blog is on screen before the bell is used again: the address changes first, and a
    // route change closes whatever panel is open when the new page is rendered (a panel opened
    // in between, at load 19, closed a moment after it opened).
    await expect(dana.getByRole('heading', { level: 1, name: 'Repolog Frontend' })).toBeVisible();
    await expect(badge(dana)).toHaveText(String(start + 1));

    // Only one panel at a time; a click outside closes it.
    await bell(dana).click();
    await dana.getByRole('button', { name: 'Profile' }).click();
    await expect(panel(dana)).toBeHidden();
    await expect(dana.getByRole('region', { name: 'Profile' })).toBeVisible();
    // Outside both panels: the blog's own heading (main's corner lies under the sticky header
    // once the page has scrolled at all, and there the header took the click).
    await dana.getByRole('heading', { level: 1, name: 'Repolog Frontend' }).click();
    await expect(dana.getByRole('region', { name: 'Profile' })).toBeHidden();

    await dana.context().close();
    await sora.context().close();
  });
});

test.describe('/notification', () => {
  test('lists 10 per page newest first, with pagination, marks an item viewed on click and all with one button', async ({
    browser,
    baseURL,
  }) => {
    const base = baseURL ?? '';
    const dana = await userPage(browser, 'dana-kim');
    const sora = await userPage(browser, 'sora-lee');
    const title = `Paging ${Date.now()}`;
    const articleId = await writeArticle(dana, title);
    for (let i = 1; i <= 11; i += 1) {
      const res = await sora.request.post('/api/comment', {
        data: { articleId, content: `note ${i} on ${title}` },
        headers: { origin: base },
      });
      expect(res.status()).toBe(200);
    }
    // Notifications are delivered by the outbox, after each comment's answer: the list is read
    // once all 11 have arrived (read any sooner, under load, page 2 began with a later one).
    const noticesOf = async () =>
      (await (await dana.request.get('/api/notice?page=1&size=100')).json()) as Notice[];
    await expect
      .poll(async () => (await noticesOf()).filter((n) => n.articleTitle === title).length, {
        timeout: 20_000,
      })
      .toBe(11);
    const all = await noticesOf();
    const total = Number(
      (await dana.request.get('/api/notice?page=1&size=1')).headers()['x-total-count'],
    );
    expect(total).toBeGreaterThan(11);

    await dana.goto('/notification');
    await expect(dana.getByRole('heading', { name: 'All Notifications' })).toBeVisible();
    await expect(dana.getByRole('contentinfo')).toBeVisible();
    const items = dana.getByRole('main').getByRole('listitem');
    await expect(items).toHaveCount(10);
    await expect(items.first()).toContainText(`sora-lee commented on your article '${title}'.`);
    const pages = dana.getByRole('navigation', { name: 'Notification pages' });
    await expect(pages.locator('[aria-current="page"]')).toContainText('1');
    await expect(pages.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await pages.getByRole('button', { name: 'Next page' }).click();
    await expect(pages.locator('[aria-current="page"]')).toContainText('2');
    await expect(items).toHaveCount(Math.min(10, total - 10));
    const eleventh = all[10];
    if (!eleventh) throw new Error('fewer than 11 notifications');
    await expect(items.first().locator('span').first()).toHaveText(
      new RegExp(`^${eleventh.instigator} `),
    );

    // Back on page 1: clicking an unread item marks it viewed and opens its article.
    await pages.getByRole('button', { name: 'Previous page' }).click();
    const first = items.first().getByRole('button');
    await expect(first).toHaveAttribute('data-viewed', 'false');
    await first.click();
    await expect(dana).toHaveURL(new RegExp(`/breakthrough/${articleId}$`));
    await dana.goBack();
    await expect(items.first().getByRole('button')).toHaveAttribute('data-viewed', 'true');

    // The rest are still unread: one button marks them all; the badge goes, the button rests.
    await expect(badge(dana)).toBeVisible();
    await dana.getByRole('button', { name: 'Mark all as read' }).click();
    // The rows and the badge change at once; the server has it when the page says so.
    await expect(
      dana.getByRole('status').filter({ hasText: 'All notifications are marked as read.' }),
    ).toBeAttached();
    await expect(items.locator('[data-viewed="false"]')).toHaveCount(0);
    await expect(badge(dana)).toBeHidden();
    await expect(dana.getByRole('button', { name: 'Mark all as read' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(await unreadOf(dana)).toBe(0);
    await dana.reload();
    await expect(items).toHaveCount(10);
    await expect(items.locator('[data-viewed="false"]')).toHaveCount(0);

    await dana.context().close();
    await sora.context().close();
  });

  test('a visitor sees the page with a sign-in hint', async ({ page }) => {
    const alerts = collectAlerts(page);
    await page.goto('/notification');
    await expect(page.getByRole('heading', { name: 'All Notifications' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Login' })).toBeVisible();
    expect(alerts).toEqual([]);
  });
});
