import { expect, test, type Page } from '@playwright/test';
import type { Article } from '@repolog/contract/articles';
import type { DraftSummary } from '@repolog/contract/drafts';
import { bodyBox, bodyText } from '../support/editor';
import { uniqueTag, userPage } from '../support/reading';

const status = (page: Page) => page.locator('[data-autosave]');

/** Opens a draft of blog 32 by its address, and waits until it is live. */
async function openDraft(page: Page, address: string) {
  await page.goto(address);
  await expect(page.getByText(/Only you are editing|Editing with you/)).toBeVisible();
}

/** Types at the end (or the start) of the body, as a writer would: keystrokes, not a paste. */
async function typeAt(page: Page, where: 'End' | 'Home', words: string) {
  await bodyBox(page).click();
  await page.keyboard.press(`ControlOrMeta+${where}`);
  await page.keyboard.type(words);
}
const typeAtEnd = (page: Page, words: string) => typeAt(page, 'End', words);

test.describe('team members write a draft together, live', () => {
  test('two members type at once, see each other, survive going offline, and are both credited', async ({
    browser,
  }) => {
    test.slow();
    const dana = await userPage(browser, 'dana-kim');
    const sora = await userPage(browser, 'sora-lee');
    const title = uniqueTag('Written together ');

    // dana starts a breakthrough; the first change makes it a draft, which goes live.
    await dana.goto('/blog/32/breakthrough/write');
    await dana.getByLabel('Title').fill(title);
    await expect(dana).toHaveURL(/\?draft=\d+$/);
    await expect(
      dana.getByText('Only you are editing this draft.', { exact: false }),
    ).toBeVisible();
    const address = dana.url();

    // sora, a member of the same blog, opens it: each sees the other in the presence row.
    await openDraft(sora, address);
    await expect(sora.getByLabel('Title')).toHaveValue(title);
    await expect(dana.getByText('Editing with you:')).toBeVisible();
    await expect(dana.getByRole('listitem').filter({ hasText: 'sora-lee' })).toBeVisible();
    await expect(sora.getByRole('listitem').filter({ hasText: 'dana-kim' })).toBeVisible();

    // Both type at the same moment, each in their own place (at one spot their keystrokes
    // would interleave, as in any shared document).
    await typeAtEnd(dana, '\n');
    await expect.poll(() => bodyText(sora)).toBe('\n');
    await Promise.all([
      typeAt(dana, 'End', 'Dana: the pool ran dry. '),
      typeAt(sora, 'Home', 'Sora: we release in finally. '),
    ]);
    /** Both editors hold the same text, and it has every one of `words`. */
    const converged = async (...words: string[]) => {
      const [theirs, hers] = [await bodyText(dana), await bodyText(sora)];
      return theirs === hers && words.every((w) => theirs.includes(w));
    };
    await expect
      .poll(() => converged('Dana: the pool ran dry. ', 'Sora: we release in finally. '))
      .toBe(true);
    // Each sees the other's cursor, labelled with their login.
    await expect(dana.locator('.cm-ySelectionInfo', { hasText: 'sora-lee' })).toHaveCount(1);
    await expect(sora.locator('.cm-ySelectionInfo', { hasText: 'dana-kim' })).toHaveCount(1);
    await expect(status(dana)).toHaveText(/^Saved at /);
    await expect(status(sora)).toHaveText(/^Saved at /);

    // sora loses the network, keeps typing, and comes back: both edits survive.
    await sora.context().setOffline(true);
    await typeAtEnd(sora, 'Written offline. ');
    await typeAtEnd(dana, 'Dana kept going. ');
    await sora.context().setOffline(false);
    await expect
      .poll(() => converged('Written offline. ', 'Dana kept going. '), { timeout: 20_000 })
      .toBe(true);
    await expect(status(sora)).toHaveText(/^Saved at /, { timeout: 20_000 });

    // dana posts: both are credited; the co-author may edit, someone outside the blog may not.
    await dana.getByRole('button', { name: 'Post' }).click();
    await expect(dana).toHaveURL(/\/blog\/32$/);
    await expect(sora.getByRole('alert')).toContainText('This draft has been posted.');
    await dana.getByRole('link', { name: title }).click();
    await expect(dana.getByText('by dana-kim with sora-lee')).toBeVisible();
    const articleId = Number(/\/breakthrough\/(\d+)$/.exec(dana.url())?.[1]);
    const article = (await (
      await dana.request.get(`/api/article/breakthrough/${articleId}`)
    ).json()) as Article;
    expect(article.content).toContain('Written offline. ');
    expect(article.content).toContain('Dana kept going. ');

    await sora.goto(`/breakthrough/${articleId}`);
    await sora.getByRole('button', { name: 'Breakthrough options' }).click();
    await expect(sora.getByRole('menuitem', { name: 'Delete' })).toHaveCount(0);
    await sora.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(sora).toHaveURL(new RegExp(`/breakthrough/${articleId}/edit$`));
    await expect(sora.getByLabel('Title')).toHaveValue(title);

    const outsider = await userPage(browser, 'jisoo-han');
    const refused = await outsider.request.put(`/api/article/${articleId}`, {
      data: { blogId: 32, title, content: 'Not mine to change.' },
      headers: { origin: new URL(outsider.url()).origin },
    });
    expect(refused.status()).toBe(403);
    await Promise.all([dana, sora, outsider].map((page) => page.context().close()));
  });

  test('someone outside the blog cannot join a draft, and a member sees why', async ({
    browser,
  }) => {
    const dana = await userPage(browser, 'dana-kim');
    const origin = new URL(dana.url()).origin;
    const title = uniqueTag('Members only ');
    await dana.request.post('/api/blog/32/drafts', { data: { title }, headers: { origin } });
    const drafts = (await (await dana.request.get('/api/blog/32/drafts')).json()) as DraftSummary[];
    const draft = drafts.find((d) => d.title === title);
    expect(draft).toBeDefined();

    const outsider = await userPage(browser, 'jisoo-han');
    const closed = await outsider.evaluate(
      (address) =>
        new Promise<{ code: number; reason: string }>((resolve) => {
          const socket = new WebSocket(address);
          socket.addEventListener('close', (event) =>
            resolve({ code: event.code, reason: event.reason }),
          );
        }),
      `${origin.replace('http', 'ws')}/api/draft/${draft?.draftId}/live`,
    );
    expect(closed).toEqual({
      code: 4404,
      reason: 'This draft does not exist, or you are not a member of its blog.',
    });
    await Promise.all([dana, outsider].map((page) => page.context().close()));
  });
});
