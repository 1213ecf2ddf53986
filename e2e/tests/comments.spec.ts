import { expect, test, type Page } from '@playwright/test';
import type { Comment } from '@repolog/contract/comments';
import { userPage, writeArticle } from '../support/reading';
import { collectAlerts } from '../support/session';

const comments = (page: Page) => page.getByRole('region', { name: /^Comments/ });
const row = (page: Page, text: string) =>
  comments(page).getByRole('listitem').filter({ hasText: text });
const menuOf = (page: Page, text: string) =>
  row(page, text).getByRole('button', { name: /^Options/ });

test.describe('comments on a breakthrough', () => {
  test('the author edits and deletes as the spec describes; a reader cannot edit the author’s comment', async ({
    browser,
    baseURL,
  }) => {
    const base = baseURL ?? '';
    const dana = await userPage(browser, 'dana-kim');
    const sora = await userPage(browser, 'sora-lee');
    const danaAlerts = collectAlerts(dana);
    const soraAlerts = collectAlerts(sora);
    const articleId = await writeArticle(dana, `Comment flows ${Date.now()}`);

    // sora: an empty comment is refused; a real one is appended below the others.
    await sora.goto(`/breakthrough/${articleId}`);
    await expect(comments(sora).getByText('There is no Comment!')).toBeVisible();
    await comments(sora).getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => soraAlerts).toEqual(['Please enter a comment.']);
    await comments(sora).getByLabel('Write a comment').fill('Did you try a debounce first?');
    await comments(sora).getByRole('button', { name: 'Submit' }).click();
    await expect(row(sora, 'Did you try a debounce first?')).toBeVisible();
    await expect(comments(sora).getByLabel('Write a comment')).toHaveValue('');
    await expect(comments(sora).getByText('There is no Comment!')).toBeHidden();

    // dana answers, then sees the menus the server allows her.
    await dana.goto(`/breakthrough/${articleId}`);
    await comments(dana).getByLabel('Write a comment').fill('We did, it was not enough.');
    await comments(dana).getByRole('button', { name: 'Submit' }).click();
    await expect(comments(dana).getByRole('listitem')).toHaveText([
      /Did you try a debounce first\?/,
      /We did, it was not enough\./,
    ]);

    // Her own comment: Edit and Delete; sora's under her article: Hide (she is a member of
    // its blog), Report and Delete.
    await menuOf(dana, 'We did').click();
    await expect(row(dana, 'We did').getByRole('menuitem')).toHaveText(['Edit', 'Delete']);
    // Clicking the icon again closes the menu.
    await menuOf(dana, 'We did').click();
    await expect(row(dana, 'We did').getByRole('menu')).toBeHidden();
    await menuOf(dana, 'debounce').click();
    await expect(row(dana, 'debounce').getByRole('menuitem')).toHaveText([
      'Hide',
      'Report',
      'Delete',
    ]);
    await menuOf(dana, 'debounce').click();

    // Inline edit with Cancel and Edit; no menu opens meanwhile.
    await menuOf(dana, 'We did').click();
    await row(dana, 'We did').getByRole('menuitem', { name: 'Edit' }).click();
    const editor = comments(dana).getByLabel('Edit your comment');
    await expect(editor).toHaveValue('We did, it was not enough.');
    await expect(comments(dana).getByRole('button', { name: 'Cancel' })).toBeVisible();
    await expect(menuOf(dana, 'debounce')).toBeDisabled();
    await editor.fill('   ');
    await comments(dana).getByRole('button', { name: 'Edit', exact: true }).click();
    await expect.poll(() => danaAlerts).toEqual(['Content cannot be empty.']);
    await comments(dana).getByRole('button', { name: 'Cancel' }).click();
    await expect(row(dana, 'We did, it was not enough.')).toBeVisible();

    await menuOf(dana, 'We did').click();
    await row(dana, 'We did').getByRole('menuitem', { name: 'Edit' }).click();
    await comments(dana).getByLabel('Edit your comment').fill('We did; a worker was the fix.');
    await comments(dana).getByRole('button', { name: 'Edit', exact: true }).click();
    await expect
      .poll(() => danaAlerts)
      .toEqual(['Content cannot be empty.', 'Comment updated successfully.']);
    await expect(row(dana, 'We did; a worker was the fix.')).toBeVisible();
    await expect(menuOf(dana, 'debounce')).toBeEnabled();

    // sora, a member of blog 32 too, may hide, report or delete dana's comment but not edit
    // it: the API refuses her edit with 403.
    await sora.reload();
    await expect(row(sora, 'a worker was the fix')).toBeVisible();
    await menuOf(sora, 'a worker was the fix').click();
    await expect(row(sora, 'a worker was the fix').getByRole('menuitem')).toHaveText([
      'Hide',
      'Report',
      'Delete',
    ]);
    await menuOf(sora, 'a worker was the fix').click();
    const listed = (await (
      await sora.request.get(`/api/comment/comments/${articleId}`)
    ).json()) as Comment[];
    const danas = listed.find((c) => c.userName === 'dana-kim');
    if (!danas) throw new Error('dana’s comment is missing');
    const refused = await sora.request.put(`/api/comment/${danas.commentId}`, {
      data: { articleId, content: 'hijacked' },
      headers: { origin: base },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'Only the author of this comment can edit it.',
    );

    // dana deletes sora's comment: confirmation, success text, the list reloads.
    const confirms: string[] = [];
    dana.on('dialog', (dialog) => {
      if (dialog.type() === 'confirm') confirms.push(dialog.message());
    });
    await menuOf(dana, 'debounce').click();
    await row(dana, 'debounce').getByRole('menuitem', { name: 'Delete' }).click();
    await expect.poll(() => confirms).toEqual(['Are you sure you want to delete this comment?']);
    await expect.poll(() => danaAlerts).toContain('Comment deleted successfully.');
    await expect(comments(dana).getByRole('listitem')).toHaveText([/a worker was the fix/]);

    await dana.context().close();
    await sora.context().close();
  });

  test('a visitor reads comments but typing asks them to log in', async ({
    browser,
    page,
    baseURL,
  }) => {
    const dana = await userPage(browser, 'dana-kim');
    const articleId = await writeArticle(dana, `Visitor view ${Date.now()}`);
    const res = await dana.request.post('/api/comment', {
      data: { articleId, content: 'Pinned answer from the author' },
      headers: { origin: baseURL ?? '' },
    });
    expect(res.status()).toBe(200);
    await dana.context().close();

    const alerts = collectAlerts(page);
    await page.goto(`/breakthrough/${articleId}`);
    await expect(row(page, 'Pinned answer from the author')).toBeVisible();
    await expect(menuOf(page, 'Pinned answer')).toHaveCount(0);
    // The server's HTML is visible before the page knows who reads it, and until then the box
    // takes no input (a key pressed into it is dropped, no alert): wait until it is open.
    const box = comments(page).getByLabel('Write a comment');
    await expect(box).toHaveAttribute('placeholder', 'Log in to leave a comment');
    await expect(box).toBeEditable();
    await box.press('a');
    await expect
      .poll(() => alerts)
      .toEqual(['Login is required to access this service! Please log in to continue.']);
    await expect(box).toHaveValue('');
  });
});
