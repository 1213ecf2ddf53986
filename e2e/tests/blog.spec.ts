import { expect, test, type Page } from '@playwright/test';
import { createArticle, createBlog, uniqueTag, userPage, visitorPage } from '../support/reading';
import { collectAlerts } from '../support/session';

const header = (page: Page) => page.getByRole('main').locator('header').first();
const region = (page: Page, name: string | RegExp) => page.getByRole('region', { name });

test.describe('blog page', () => {
  test('a visitor sees the header, members, repository activity and the breakthroughs', async ({
    browser,
  }) => {
    const page = await visitorPage(browser);
    const alerts = collectAlerts(page);
    await page.goto('/blog/32');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Repolog Frontend');
    await expect(header(page)).toContainText('How the Repolog web team ships');
    await expect(
      header(page).getByRole('link', { name: 'Open the repository on GitHub' }),
    ).toHaveAttribute('href', /\/__github\/repolog-team\/frontend$/);
    await expect(header(page).getByRole('link', { name: 'Edit blog' })).toHaveCount(0);
    await expect(header(page).getByRole('button', { name: 'Delete blog' })).toHaveCount(0);

    const members = region(page, 'Project Members');
    await expect(members.getByRole('listitem')).toHaveCount(3);
    await expect(members).toContainText('dana-kim');
    await expect(members).toContainText('sora-lee');
    await expect(members).toContainText('alex-chen');

    const activity = region(page, 'Project Repository Activity');
    const entries = activity.getByRole('listitem');
    await expect(entries.first()).toBeVisible();
    expect(await entries.count()).toBeLessThanOrEqual(8);
    for (const entry of await entries.all()) {
      const label = (await entry.locator('span').last().textContent()) ?? '';
      expect(label).toMatch(/^(COMMIT|ISSUE|PULL REQUEST)$/);
      const color = await entry
        .locator('span')
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor);
      // Commit: green (#16a34a); anything else: purple (#7c3aed).
      expect(color).toBe(label === 'COMMIT' ? 'rgb(22, 163, 74)' : 'rgb(124, 58, 237)');
    }

    const articles = region(page, /^The Breakthroughs \(\d+\)$/);
    await expect(articles).toBeVisible();
    const rows = articles.getByRole('link');
    expect(await rows.count()).toBeGreaterThan(0);
    expect(await rows.count()).toBeLessThanOrEqual(15);
    await expect(rows.first().locator('time')).toHaveText(/(ago|just now|yesterday|last \w+)$/);
    await expect(rows.first()).toHaveAccessibleName(/ \d+ likes? \d+ comments? /);
    await expect(articles.getByRole('link', { name: 'Go To Write' })).toHaveCount(0);
    const href = await rows.first().getAttribute('href');
    expect(href).toMatch(/^\/breakthrough\/\d+$/);
    await rows.first().click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await page.goBack();

    // The favorite star asks a visitor to log in.
    await header(page).getByRole('button', { name: 'Favorite this blog' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(alerts).toEqual(['Please log in to use this feature.']);
  });

  test('the official blog 39 shows the developer blogs and its notices, no repository link', async ({
    page,
  }) => {
    await page.goto('/blog/39');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Repolog Official');
    await expect(
      header(page).getByRole('link', { name: 'Open the repository on GitHub' }),
    ).toHaveCount(0);
    const developers = region(page, "Developers' Blog");
    await expect(developers.getByRole('link')).toHaveCount(2);
    const frontend = developers.getByRole('link', { name: /Repolog Frontend/ });
    await expect(frontend).toHaveAttribute('href', '/blog/32');
    await expect(frontend).toContainText('How the Repolog web team ships');
    await expect(developers.getByRole('link', { name: /Repolog Backend/ })).toHaveAttribute(
      'href',
      '/blog/38',
    );
    await expect(region(page, /^Notice \(\d+\)$/)).toBeVisible();
    await expect(region(page, 'Project Members')).toHaveCount(0);
    await expect(region(page, 'Project Repository Activity')).toHaveCount(0);
    await frontend.click();
    await expect(page).toHaveURL(/\/blog\/32$/);
  });

  test("a missing blog reads 'Blog not found.'", async ({ page }) => {
    await page.goto('/blog/987654');
    await expect(page.getByText('Blog not found.')).toBeVisible();
  });

  test('members see edit and write controls; only the owner sees delete', async ({ browser }) => {
    // Three readers sign in; on a busy 2-core machine that alone can take most of 30 s.
    test.slow();
    const dana = await userPage(browser, 'dana-kim');
    await dana.goto('/blog/32');
    await expect(header(dana).getByRole('link', { name: 'Edit blog' })).toHaveAttribute(
      'href',
      '/blog/32/edit',
    );
    await expect(header(dana).getByRole('button', { name: 'Delete blog' })).toBeVisible();
    const write = region(dana, /^The Breakthroughs/).getByRole('link', { name: 'Go To Write' });
    await write.click();
    await expect(dana).toHaveURL(/\/blog\/32\/breakthrough\/write$/);

    const sora = await userPage(browser, 'sora-lee');
    await sora.goto('/blog/32');
    await expect(header(sora).getByRole('link', { name: 'Edit blog' })).toBeVisible();
    await expect(header(sora).getByRole('button', { name: 'Delete blog' })).toHaveCount(0);

    // /workspace/myblog/{id} is the same blog view.
    await sora.goto('/workspace/myblog/32');
    await expect(sora.getByRole('heading', { level: 1 })).toHaveText('Repolog Frontend');
    await expect(region(sora, 'Project Members')).toBeVisible();

    const jisoo = await userPage(browser, 'jisoo-han');
    await jisoo.goto('/blog/32');
    await expect(jisoo.getByRole('heading', { level: 1 })).toHaveText('Repolog Frontend');
    await expect(header(jisoo).getByRole('link', { name: 'Edit blog' })).toHaveCount(0);
    await expect(
      region(jisoo, /^The Breakthroughs/).getByRole('link', { name: 'Go To Write' }),
    ).toHaveCount(0);
  });

  test('favorite star: toggles after the call, cached in local storage, listed in /follow/blog', async ({
    browser,
  }) => {
    const alex = await userPage(browser, 'alex-chen');
    await alex.goto('/blog/39');
    const star = header(alex).getByRole('button', { name: 'Favorite this blog' });
    await expect(star).toHaveAttribute('aria-pressed', 'false');
    // The flag is stored once the reader's own view has come (after the page hydrated).
    await expect
      .poll(() => alex.evaluate(() => localStorage.getItem('fav_button_39')))
      .toBe('false');
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'true');
    expect(await alex.evaluate(() => localStorage.getItem('fav_button_39'))).toBe('true');
    await alex.reload();
    await expect(star).toHaveAttribute('aria-pressed', 'true');

    await alex.goto('/follow/blog');
    await expect(alex.getByRole('heading', { level: 1, name: 'Blogs you followed' })).toBeVisible();
    await expect(alex.getByRole('link', { name: /Repolog Official/ })).toHaveAttribute(
      'href',
      '/blog/39',
    );

    await alex.goto('/blog/39');
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'false');
    expect(await alex.evaluate(() => localStorage.getItem('fav_button_39'))).toBe('false');
    await alex.goto('/follow/blog');
    await expect(alex.getByRole('heading', { level: 1, name: 'Blogs you followed' })).toBeVisible();
    await expect(alex.getByRole('link', { name: /Repolog Official/ })).toHaveCount(0);
  });

  test('empty states for a member and a visitor, then the owner deletes the blog', async ({
    browser,
  }) => {
    const alex = await userPage(browser, 'alex-chen');
    const name = uniqueTag('Bench notes ');
    const blogId = await createBlog(alex, {
      blogName: name,
      description: 'What pgbench taught us about our queries.',
      repo: 'alex-chen/pgbench-notes',
      blogMember: ['jisoo-han'],
    });
    const alerts = collectAlerts(alex);

    await alex.goto(`/blog/${blogId}`);
    const articles = region(alex, 'The Breakthroughs (0)');
    await expect(articles).toContainText('Share your breakthroughs with us!');
    await expect(articles.getByRole('link', { name: 'Post my own breakthroughs' })).toHaveAttribute(
      'href',
      `/blog/${blogId}/breakthrough/write`,
    );

    const visitor = await visitorPage(browser);
    await visitor.goto(`/blog/${blogId}`);
    await expect(region(visitor, 'The Breakthroughs (0)')).toContainText(
      'There is no Breakthrough',
    );
    await expect(
      region(visitor, 'The Breakthroughs (0)').getByRole('link', {
        name: 'Post my own breakthroughs',
      }),
    ).toHaveCount(0);

    // A member's first breakthrough: the member now gets 'Go To Write'.
    await createArticle(alex, { blogId, title: uniqueTag('First bench ') });
    await alex.reload();
    await expect(
      region(alex, 'The Breakthroughs (1)').getByRole('link', { name: 'Go To Write' }),
    ).toBeVisible();

    // Delete: confirmation, then the alert and /workspace.
    await header(alex).getByRole('button', { name: 'Delete blog' }).click();
    const dialog = alex.getByRole('dialog', { name: 'Are you sure you want to delete this blog?' });
    await dialog.getByRole('button', { name: 'No' }).click();
    await expect(dialog).toHaveCount(0);
    await header(alex).getByRole('button', { name: 'Delete blog' }).click();
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect(alex).toHaveURL(/\/workspace$/);
    expect(alerts).toEqual(['The blog has been successfully deleted.']);
    await alex.goto(`/blog/${blogId}`);
    await expect(alex.getByText('Blog not found.')).toBeVisible();
  });
});
