import { expect, test, type Page } from '@playwright/test';
import type { UserProfile } from '@repolog/contract/users';
import { createArticle, uniqueTag, userPage, visitorPage, writeArticle } from '../support/reading';
import { collectAlerts } from '../support/session';

const region = (page: Page, name: string | RegExp) => page.getByRole('region', { name });

test.describe('profile pages', () => {
  test('a commenter’s name opens their profile: name, blogs and breakthroughs, page by page', async ({
    browser,
  }) => {
    test.slow();
    const alex = await userPage(browser, 'alex-chen');
    const origin = new URL(alex.url()).origin;
    // Eleven new breakthroughs: alex's newest, so page 1 holds ten of them and page 2 the first.
    const tag = uniqueTag('Profile ');
    for (let n = 1; n <= 11; n += 1) {
      await createArticle(alex, { blogId: 38, title: `${tag} ${String(n).padStart(2, '0')}` });
    }
    const profile = (await (await alex.request.get('/api/user/alex-chen')).json()) as UserProfile;
    const total = profile.counts.breakthroughs;
    expect(total).toBeGreaterThanOrEqual(11);

    const dana = await userPage(browser, 'dana-kim');
    const articleId = await writeArticle(dana, uniqueTag('Read by alex '));
    const comment = await alex.request.post('/api/comment', {
      data: { articleId, content: 'Which profile wrote this?' },
      headers: { origin },
    });
    expect(comment.status()).toBe(200);

    const reader = await visitorPage(browser);
    const alerts = collectAlerts(reader);
    await reader.goto(`/breakthrough/${articleId}`);
    const row = region(reader, /^Comments/)
      .getByRole('listitem')
      .filter({ hasText: 'Which profile wrote this?' });
    // Once the page's code has loaded: a click while the comments were hydrating was lost (the
    // page stayed, 2 runs in 3 at load 1; the cause is not found yet).
    await reader.waitForLoadState('networkidle');
    await row.getByRole('link', { name: 'alex-chen' }).click();
    await expect(reader).toHaveURL(/\/user\/alex-chen$/);

    const name = profile.name ?? 'alex-chen';
    await expect(reader.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(reader).toHaveTitle(
      profile.name ? `${profile.name} (alex-chen) · Repolog` : 'alex-chen · Repolog',
    );
    // The counts: each a number over its label.
    const written = reader.getByRole('main').locator('dl > div').first();
    await expect(written.getByRole('term')).toHaveText('Breakthroughs');
    await expect(written.getByRole('definition')).toHaveText(total.toLocaleString('en'));
    const blogs = region(reader, 'Blogs');
    await expect(blogs.getByRole('link', { name: 'Repolog Frontend' })).toHaveAttribute(
      'href',
      '/blog/32',
    );
    await expect(blogs.getByRole('link', { name: 'Repolog Backend' })).toHaveAttribute(
      'href',
      '/blog/38',
    );

    const list = region(reader, `Breakthroughs (${total})`);
    const items = list.getByRole('listitem');
    await expect(items).toHaveCount(10);
    await expect(items.first()).toContainText(`${tag} 11`);
    await expect(items.nth(9)).toContainText(`${tag} 02`);

    // Paging: real links, the page in the address; a title opens its breakthrough.
    const pages = reader.getByRole('navigation', { name: 'Breakthrough pages' });
    await expect(pages.locator('[aria-current="page"]')).toContainText('1');
    await pages.getByRole('link', { name: 'Next page' }).click();
    await expect(reader).toHaveURL(/\/user\/alex-chen\?page=2$/);
    await expect(pages.locator('[aria-current="page"]')).toContainText('2');
    await expect(items.first()).toContainText(`${tag} 01`);
    await expect(items).toHaveCount(Math.min(10, total - 10));
    await pages.getByRole('link', { name: 'Previous page' }).click();
    await expect(reader).toHaveURL(/\/user\/alex-chen$/);
    await expect(items.first()).toContainText(`${tag} 11`);
    await items.first().getByRole('link').click();
    await expect(reader).toHaveURL(/\/breakthrough\/\d+$/);
    await expect(reader.getByRole('heading', { level: 1 })).toHaveText(`${tag} 11`);
    expect(alerts).toEqual([]);
  });

  test('the byline, the blog’s members and the header link to profiles; an unknown one is not found', async ({
    browser,
  }) => {
    test.slow();
    const reader = await visitorPage(browser);
    await reader.goto('/blog/32');
    await region(reader, 'Project Members').getByRole('link', { name: 'sora-lee' }).click();
    await expect(reader).toHaveURL(/\/user\/sora-lee$/);
    await expect(
      region(reader, 'Blogs').getByRole('link', { name: 'Ddareungi Map' }),
    ).toBeVisible();

    // Breakthrough 25 is dana-kim's (demo data).
    await reader.goto('/breakthrough/25');
    await reader
      .getByRole('article')
      .locator('header')
      .getByRole('link', { name: 'dana-kim', exact: true })
      .click();
    await expect(reader).toHaveURL(/\/user\/dana-kim$/);
    await expect(
      region(reader, 'Blogs').getByRole('link', { name: 'Repolog Frontend' }),
    ).toBeVisible();

    const sora = await userPage(browser, 'sora-lee');
    await sora.getByRole('button', { name: 'Profile' }).click();
    await region(sora, 'Profile').getByRole('link', { name: 'sora-lee' }).click();
    await expect(sora).toHaveURL(/\/user\/sora-lee$/);

    await reader.goto('/user/nobody-at-all-here');
    await expect(reader.getByText('User not found.')).toBeVisible();
    await expect(reader).toHaveTitle('User not found · Repolog');
  });
});
