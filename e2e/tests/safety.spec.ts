import { expect, test, type Page } from '@playwright/test';
import { accessibleInBothThemes } from '../support/a11y';
import { uniqueTag, userPage, visitorPage, writeArticle } from '../support/reading';

const comments = (page: Page) => page.getByRole('region', { name: /^Comments/ });
const row = (page: Page, text: string) =>
  comments(page).getByRole('listitem').filter({ hasText: text });

async function comment(page: Page, articleId: number, text: string) {
  await page.goto(`/breakthrough/${articleId}`);
  await comments(page).getByLabel('Write a comment').fill(text);
  await comments(page).getByRole('button', { name: 'Submit' }).click();
  await expect(row(page, text)).toBeVisible();
}

test.describe('a community that stays safe', () => {
  test('a reader reports a comment, a moderator hides it from the queue, visitors no longer see it', async ({
    browser,
  }) => {
    test.slow();
    const dana = await userPage(browser, 'dana-kim');
    const articleId = await writeArticle(dana, uniqueTag('Moderated '));
    const sora = await userPage(browser, 'sora-lee');
    const spam = uniqueTag('Cheap followers here ');
    await comment(sora, articleId, spam);

    // alex reports it.
    const alex = await userPage(browser, 'alex-chen');
    await alex.goto(`/breakthrough/${articleId}`);
    await row(alex, spam)
      .getByRole('button', { name: /^Options/ })
      .click();
    await row(alex, spam).getByRole('menuitem', { name: 'Report' }).click();
    const dialog = alex.getByRole('dialog', { name: 'Report' });
    await dialog.getByLabel('Spam').check();
    await accessibleInBothThemes(alex);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByRole('status')).toHaveText(/Your report was received/);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // jisoo-han, the demo's moderator, hides it from the queue.
    const jisoo = await userPage(browser, 'jisoo-han');
    await jisoo.goto('/admin');
    const card = jisoo.getByRole('listitem').filter({ hasText: spam });
    await expect(card).toContainText('Spam — alex-chen');
    await accessibleInBothThemes(jisoo);
    await card.getByLabel('Reason for the action').fill('Advertising');
    await card.getByRole('button', { name: 'Hide', exact: true }).click();
    await expect(card).toHaveCount(0);
    await expect(jisoo.getByRole('table')).toContainText('Advertising');

    // Another visitor no longer sees it; its author sees why.
    const visitor = await visitorPage(browser);
    await visitor.goto(`/breakthrough/${articleId}`);
    await expect(comments(visitor).getByText('There is no Comment!')).toBeVisible();
    await expect(visitor.getByText(spam)).toHaveCount(0);
    await sora.goto(`/breakthrough/${articleId}`);
    await expect(row(sora, spam)).toContainText('Hidden: Advertising');
  });

  test('a blocked person’s comments come folded; /settings lists the block with Unblock', async ({
    browser,
  }) => {
    test.slow();
    const dana = await userPage(browser, 'dana-kim');
    const articleId = await writeArticle(dana, uniqueTag('Blocking '));
    const minjun = await userPage(browser, 'minjun-park');
    const text = uniqueTag('Hello from minjun ');
    await comment(minjun, articleId, text);

    const alex = await userPage(browser, 'alex-chen');
    await alex.goto('/user/minjun-park');
    await alex.getByRole('button', { name: 'Block', exact: true }).click();
    await expect(alex.getByRole('button', { name: 'Unblock' })).toBeVisible();

    await alex.goto(`/breakthrough/${articleId}`);
    await expect(comments(alex).getByText('Comment from a user you blocked')).toBeVisible();
    await expect(comments(alex).getByText(text)).toHaveCount(0);
    await comments(alex).getByRole('button', { name: 'Show' }).click();
    await expect(comments(alex).getByText(text)).toBeVisible();

    // minjun cannot comment on what alex writes; the comment box says so and keeps the text.
    const alexArticle = await writeArticle(alex, uniqueTag('Written by alex '));
    await minjun.goto(`/breakthrough/${alexArticle}`);
    const box = comments(minjun).getByLabel('Write a comment');
    await box.fill('Can I still comment?');
    await comments(minjun).getByRole('button', { name: 'Submit' }).click();
    await expect(comments(minjun).getByRole('alert')).toHaveText(
      'You cannot comment on this breakthrough.',
    );
    await expect(box).toHaveValue('Can I still comment?');

    await alex.goto('/settings');
    const blocked = alex.getByRole('region', { name: 'Blocked users' });
    await expect(blocked.getByRole('link', { name: 'minjun-park' })).toBeVisible();
    // This section's own check (the page's other sections belong to other features).
    await accessibleInBothThemes(alex, 'section[aria-labelledby="blocked-users"]');
    await blocked.getByRole('button', { name: 'Unblock minjun-park' }).click();
    await expect(blocked.getByText('You have not blocked anyone.')).toBeVisible();
  });
});
