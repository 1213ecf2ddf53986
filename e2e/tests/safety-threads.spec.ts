import type { Notice } from '@repolog/contract/notifications';
import { expect, test, type Page } from '@playwright/test';
import { accessibleInBothThemes } from '../support/a11y';
import { uniqueTag, userPage, visitorPage, writeArticle } from '../support/reading';

/** The comments block: this journey's axe checks look at it alone. */
const COMMENTS_BLOCK = 'section[aria-labelledby]';
const comments = (page: Page) => page.getByRole('region', { name: /^Comments/ });
const row = (page: Page, text: string) =>
  comments(page).getByRole('listitem').filter({ hasText: text });

test.describe('a blog keeps its own threads', () => {
  test('a limited account’s link is held until a member approves it; a member closes and opens the comments', async ({
    browser,
  }) => {
    // Several signed-in people in turn: on a loaded machine this takes a while.
    test.setTimeout(300_000);
    const dana = await userPage(browser, 'dana-kim');
    const title = uniqueTag('Kept thread ');
    const articleId = await writeArticle(dana, title);

    // minjun-park has no public repository on GitHub: his comment with a link waits.
    const minjun = await userPage(browser, 'minjun-park');
    const text = uniqueTag('Our fix: https://example.com/fix ');
    await minjun.goto(`/breakthrough/${articleId}`);
    await comments(minjun).getByLabel('Write a comment').fill(text);
    await comments(minjun).getByRole('button', { name: 'Submit' }).click();
    await expect(row(minjun, text)).toContainText('Held for approval');
    const visitor = await visitorPage(browser);
    await visitor.goto(`/breakthrough/${articleId}`);
    await expect(comments(visitor).getByText('There is no Comment!')).toBeVisible();

    // dana, whose blog it is, approves it: readers see it, and she hears of the comment.
    await dana.goto(`/breakthrough/${articleId}`);
    await row(dana, text)
      .getByRole('button', { name: /^Options/ })
      .click();
    await row(dana, text).getByRole('menuitem', { name: 'Approve' }).click();
    await expect(row(dana, text)).not.toContainText('Held for approval');
    await visitor.reload();
    await expect(row(visitor, text)).toBeVisible();
    await expect
      .poll(async () => {
        const notices = (await (await dana.request.get('/api/notice')).json()) as Notice[];
        return notices.some((n) => n.instigator === 'minjun-park' && n.articleTitle === title);
      })
      .toBe(true);

    // She closes the comments: nobody can add one, and the block says so.
    await comments(dana).getByRole('button', { name: 'Close comments' }).click();
    await expect(
      comments(dana).getByText('Comments on this breakthrough are closed.'),
    ).toBeVisible();
    await accessibleInBothThemes(dana, COMMENTS_BLOCK);
    // minjun-park is no member of blog 32: the block says they are closed, with no box or button.
    await minjun.reload();
    await expect(
      comments(minjun).getByText('Comments on this breakthrough are closed.'),
    ).toBeVisible();
    await expect(comments(minjun).getByLabel('Write a comment')).toHaveCount(0);
    await expect(comments(minjun).getByRole('button', { name: 'Open comments' })).toHaveCount(0);

    await comments(dana).getByRole('button', { name: 'Open comments' }).click();
    await expect(comments(dana).getByLabel('Write a comment')).toBeVisible();
    await minjun.reload();
    await expect(comments(minjun).getByLabel('Write a comment')).toBeVisible();
  });
});
