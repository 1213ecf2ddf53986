import { expect, test } from '@playwright/test';
import { uniqueTag, userPage, visitorPage } from '../support/reading';
import { signIn } from '../support/session';

test.describe('revision history', () => {
  test('an edit shows as edited; History shows the diff and restores the earlier revision', async ({
    page,
    browser,
  }) => {
    await signIn(page, 'dana-kim');
    const title = uniqueTag('Connection pool ');
    const origin = new URL(page.url()).origin;
    const res = await page.request.post('/api/article', {
      data: {
        blogId: 32,
        title,
        content: 'The pool ran dry.\nWe raised the limit.',
        about: 'TypeScript',
      },
      headers: { origin },
    });
    const { articleId } = (await res.json()) as { articleId: number };

    await page.goto(`/breakthrough/${articleId}`);
    await expect(page.getByText(/^Edited/)).toHaveCount(0);

    await page.goto(`/breakthrough/${articleId}/edit`);
    await page.getByLabel('Title').fill(`${title} exhaustion`);
    await page
      .getByRole('textbox', { name: 'Body' })
      .fill('The pool ran dry.\nWe released clients in finally.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(/\/blog\/32$/);

    await page.goto(`/breakthrough/${articleId}`);
    await expect(page.getByRole('heading', { name: `${title} exhaustion` })).toBeVisible();
    await expect(page.getByText('Edited just now')).toBeVisible();
    await page.getByRole('link', { name: 'History' }).click();
    await expect(page).toHaveURL(new RegExp(`/breakthrough/${articleId}/history$`));

    const revisions = page.getByRole('list', { name: 'Revisions' });
    await expect(revisions.getByRole('listitem')).toHaveCount(2);
    await expect(revisions.getByRole('listitem').first()).toContainText('Revision 2 (current)');
    await expect(revisions.getByRole('listitem').first()).toContainText('by dana-kim');
    // From revision 1 to 2: the title gained a word, one body line changed.
    const titleChanges = page.getByRole('region', { name: 'Title changes' });
    await expect(titleChanges.locator('ins')).toContainText('exhaustion');
    const body = page.getByLabel('Body changes');
    await expect(body.locator('del')).toContainText('- We raised the limit.');
    await expect(body.locator('ins')).toContainText('+ We released clients in finally.');
    await expect(body).toContainText('  The pool ran dry.');

    await revisions.getByRole('button', { name: 'Restore revision 1' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'back to revision 1' })).toBeVisible();
    await expect(revisions.getByRole('listitem')).toHaveCount(3);
    await expect(revisions.getByRole('listitem').first()).toContainText('Revision 3 (current)');

    await page.goto(`/breakthrough/${articleId}`);
    await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
    await expect(page.getByText('We raised the limit.')).toBeVisible();

    // Not a member of the blog, or not signed in: there is no history to see.
    const outsider = await userPage(browser, 'jisoo-han');
    await outsider.goto(`/breakthrough/${articleId}`);
    await expect(outsider.getByRole('heading', { name: title, exact: true })).toBeVisible();
    await expect(outsider.getByRole('link', { name: 'History' })).toHaveCount(0);
    await outsider.goto(`/breakthrough/${articleId}/history`);
    await expect(outsider.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await outsider.context().close();
    const visitor = await visitorPage(browser);
    await visitor.goto(`/breakthrough/${articleId}/history`);
    await expect(visitor.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await visitor.context().close();
  });
});
