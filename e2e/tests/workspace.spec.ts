import { expect, test } from '@playwright/test';
import { signIn } from '../support/session';

test.describe('the workspace', () => {
  test('lists the blogs the user runs, each linking to its page, with an add tile to the create form', async ({
    page,
  }) => {
    await signIn(page, 'dana-kim');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Workspace' })
      .click();
    await expect(page).toHaveURL(/\/workspace$/);
    await expect(
      page.getByRole('heading', { name: 'You are currently running these blogs.' }),
    ).toBeVisible();
    // The demo seed: dana-kim owns the frontend blog (32) and the official blog (39).
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: /^Repolog Frontend/ })).toHaveAttribute(
      'href',
      '/blog/32',
    );
    await expect(main.getByRole('link', { name: /^Repolog Official/ })).toHaveAttribute(
      'href',
      '/blog/39',
    );
    // Blogs dana-kim is not a member of stay out.
    await expect(main.getByRole('link', { name: /^Repolog Backend/ })).toHaveCount(0);

    await main.getByRole('link', { name: 'create a new tech blog' }).click();
    await expect(page).toHaveURL(/\/workspace\/makeblog$/);
    await expect(page.getByRole('heading', { name: 'Create a new tech blog' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Repository' })).toHaveText(
      'Select a repository',
    );
  });

  test('a tile opens the blog page', async ({ page }) => {
    await signIn(page, 'jisoo-han');
    await page.goto('/workspace');
    await page
      .getByRole('main')
      .getByRole('link', { name: /^Repolog Backend/ })
      .click();
    await expect(page).toHaveURL(/\/blog\/38$/);
  });
});
