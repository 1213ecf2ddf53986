import { expect, test, type Page } from '@playwright/test';
import { visitorPage, userPage } from '../support/reading';
import { collectAlerts } from '../support/session';

const items = (page: Page) => page.getByRole('main').getByRole('listitem');

test.describe('liked and followed lists', () => {
  test('liked breakthroughs: search, language filter and the no-match alert', async ({
    browser,
  }) => {
    const dana = await userPage(browser, 'dana-kim');
    const alerts = collectAlerts(dana);
    await dana.goto('/like/breakthrough');
    await expect(
      dana.getByRole('heading', { level: 1, name: 'Breakthroughs what you liked' }),
    ).toBeVisible();
    // The demo: dana liked five breakthroughs of blogs 32 and 38.
    await expect.poll(() => items(dana).count()).toBeGreaterThanOrEqual(5);
    // 'createdAt | blogName', the time as "3 hours ago".
    await expect(items(dana).first()).toContainText(
      /(ago|just now|yesterday|last \w+) \| Repolog (Frontend|Backend)/,
    );
    await expect(dana.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);

    const language = dana.getByRole('combobox', { name: 'Language' });
    await expect(language.locator('option').first()).toHaveText('Select Language');
    // The demo: of dana's likes, only one breakthrough is about CSS.
    await language.selectOption('CSS');
    await expect(dana).toHaveURL(/\/like\/breakthrough\?lang=CSS$/);
    await expect(items(dana)).toHaveCount(1);
    await expect(items(dana).first()).toContainText('CSS');
    await language.selectOption('');
    await expect(dana).toHaveURL(/\/like\/breakthrough$/);
    await expect.poll(() => items(dana).count()).toBeGreaterThanOrEqual(5);

    const box = dana.getByRole('searchbox', { name: /Search breakthroughs/ });
    await box.fill('repolog backend');
    await box.press('Enter');
    await expect(dana).toHaveURL(/\/like\/breakthrough\?q=repolog\+backend$/);
    await expect(items(dana).filter({ hasNotText: '| Repolog Backend' })).toHaveCount(0);
    await expect(items(dana).first()).toContainText('| Repolog Backend');

    await box.fill('nothing-matches-this');
    await dana.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => alerts).toEqual(['There is no Breakthrough!']);
    await expect(box).toHaveValue('');
    await expect(dana).toHaveURL(/\/like\/breakthrough$/);

    const first = items(dana).first().getByRole('link');
    const href = await first.getAttribute('href');
    expect(href).toMatch(/^\/breakthrough\/\d+$/);
    await first.click();
    await expect(dana).toHaveURL(new RegExp(`${href}$`));
  });

  test('followed blogs show name and description and open the blog', async ({ browser }) => {
    const dana = await userPage(browser, 'dana-kim');
    await dana.goto('/follow/blog');
    await expect(dana.getByRole('heading', { level: 1, name: 'Blogs you followed' })).toBeVisible();
    const backend = dana.getByRole('link', { name: /Repolog Backend/ });
    await expect(backend).toContainText('Fastify, PostgreSQL and GitHub at scale');
    await backend.click();
    await expect(dana).toHaveURL(/\/blog\/38$/);
  });

  test('a visitor is sent to /login from both lists', async ({ browser }) => {
    const page = await visitorPage(browser);
    await page.goto('/follow/blog');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Blogs you followed' })).toHaveCount(0);
    await page.goto('/like/breakthrough');
    await expect(page).toHaveURL(/\/login$/);
  });
});
