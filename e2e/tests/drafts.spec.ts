import { expect, test, type Page } from '@playwright/test';
import type { Draft, DraftSummary } from '@repolog/contract/drafts';
import { blockLiveEditing, bodyBox, bodyText } from '../support/editor';
import { uniqueTag, userPage } from '../support/reading';
import { signIn } from '../support/session';

/** The autosave line (an aria-live status). */
const status = (page: Page) => page.locator('[data-autosave]');

/** The draft of blog 32 with this title, as the API lists it to a member. */
async function findDraft(page: Page, title: string): Promise<DraftSummary | undefined> {
  const res = await page.request.get('/api/blog/32/drafts');
  expect(res.status()).toBe(200);
  return ((await res.json()) as DraftSummary[]).find((draft) => draft.title === title);
}

test.describe('drafts that save themselves', () => {
  test('half a breakthrough survives closing the tab: /workspace lists it and it opens with every character', async ({
    page,
  }) => {
    await signIn(page, 'dana-kim');
    const title = uniqueTag('Half a breakthrough ');
    const body =
      '## Where it broke\n\n  Indented line, tabs\tand “quotes” — 한글도 그대로 💡\n\n```ts\nconst x = 1;\n```';
    await page.goto('/blog/32/breakthrough/write');
    await expect(status(page)).toHaveText('Your draft saves itself as you write.');
    await page.getByLabel('Title').fill(title);
    // About a second after typing pauses, the draft is created and saved.
    await expect(status(page)).toHaveText(/^Saved at /);
    await expect(page).toHaveURL(/\?draft=\d+$/);

    // More typing, then the tab closes at once: the page saves on its way out.
    await bodyBox(page).fill(body);
    await page.close();

    const again = await page.context().newPage();
    await again.goto('/workspace');
    const drafts = again.getByRole('region', { name: 'Drafts' });
    const link = drafts.getByRole('link', { name: title, exact: true });
    await expect(link).toBeVisible();
    await expect(drafts.getByText(/Last edited just now by dana-kim/).first()).toBeVisible();
    await link.click();
    await expect(again).toHaveURL(/\/blog\/32\/breakthrough\/write\?draft=\d+$/);
    await expect(again.getByLabel('Title')).toHaveValue(title);
    // The body editor is its own chunk and joins the live document first: on a busy machine
    // that alone can take longer than the default 7 s.
    await expect.poll(() => bodyText(again), { timeout: 20_000 }).toBe(body);
    await expect(status(again)).toHaveText(/^Saved at /);
  });

  test('a reload resumes the draft; reopening the write page offers it; posting turns it into the breakthrough', async ({
    page,
  }) => {
    await signIn(page, 'dana-kim');
    const title = uniqueTag('Resumed draft ');
    await page.goto('/blog/32/breakthrough/write');
    await page.getByLabel('Title').fill(title);
    await bodyBox(page).fill('First half.');
    // Leaving the form saves too (no need to wait for the pause).
    await page.getByRole('link', { name: 'Repolog Frontend' }).first().focus();
    await expect(status(page)).toHaveText(/^Saved at /);
    await page.reload();
    await expect(page.getByLabel('Title')).toHaveValue(title);
    await expect.poll(() => bodyText(page)).toBe('First half.');

    // Opening the write page afresh offers the unfinished draft.
    await page.goto('/blog/32/breakthrough/write');
    const offer = page.getByRole('region', { name: 'Continue an unfinished breakthrough?' });
    await offer.getByRole('link', { name: title }).click();
    await expect(page.getByLabel('Title')).toHaveValue(title);
    await bodyBox(page).fill('First half. Second half.');
    await page.getByRole('button', { name: 'Post' }).click();
    await expect(page).toHaveURL(/\/blog\/32$/);
    await expect(page.getByRole('link', { name: title })).toBeVisible();

    // The draft is gone, and the breakthrough says what was typed last.
    expect(await findDraft(page, title)).toBeUndefined();
    await page.getByRole('link', { name: title }).click();
    await expect(page.getByText('First half. Second half.')).toBeVisible();
  });

  test('where WebSockets are blocked the page says so, saves through the API, and a stale save is refused instead of overwriting the other tab', async ({
    browser,
  }) => {
    const first = await userPage(browser, 'dana-kim');
    await blockLiveEditing(first.context());
    const title = uniqueTag('Two tabs ');
    await first.goto('/blog/32/breakthrough/write');
    await first.getByLabel('Title').fill(title);
    await expect(status(first)).toHaveText(/^Saved at /);
    await expect(first.getByText(/Live editing is not available on this network/)).toBeVisible();
    const address = first.url();

    const second = await first.context().newPage();
    await second.goto(address);
    await expect(second.getByLabel('Title')).toHaveValue(title);
    // The second tab's save of its words has reached the server (its status read "Saved at" already
    // from the draft it opened, so the text alone could pass before this save: the first tab's
    // then went first and was rightly accepted).
    const secondSaved = second.waitForResponse(
      (res) =>
        res.request().method() === 'PUT' &&
        res.url().includes('/api/draft/') &&
        (res.request().postData() ?? '').includes('Written in the second tab.'),
    );
    await bodyBox(second).fill('Written in the second tab.');
    expect((await secondSaved).status()).toBe(200);
    await expect(status(second)).toHaveText(/^Saved at /);

    await first.bringToFront();
    await bodyBox(first).fill('Written in the first tab.');
    await expect(status(first)).toHaveText('Not saved — this draft was changed elsewhere');
    await expect(first.getByRole('alert')).toContainText('saved this draft at');
    const stored = (await (
      await first.request.get(`/api/draft/${(await findDraft(first, title))!.draftId}`)
    ).json()) as Draft;
    expect(stored.content).toBe('Written in the second tab.');

    await first.getByRole('button', { name: 'Show their version' }).click();
    await expect.poll(() => bodyText(first)).toBe('Written in the second tab.');
    await expect(status(first)).toHaveText(/^Saved at /);
    await first.context().close();
  });

  test('editing a posted breakthrough keeps its pending changes: Edit resumes them, Cancel discards them', async ({
    page,
  }) => {
    await signIn(page, 'dana-kim');
    const title = uniqueTag('Posted ');
    const origin = new URL(page.url()).origin;
    const res = await page.request.post('/api/article', {
      data: { blogId: 32, title, content: 'As posted.' },
      headers: { origin },
    });
    const { articleId } = (await res.json()) as { articleId: number };

    await page.goto(`/breakthrough/${articleId}/edit`);
    await bodyBox(page).fill('As posted, then changed.');
    await expect(status(page)).toHaveText(/^Saved at /);
    await page.goto(`/breakthrough/${articleId}`);
    await expect(page.getByText('As posted.', { exact: true })).toBeVisible();

    await page.goto('/workspace');
    await expect(page.getByRole('region', { name: 'Drafts' }).getByText(title)).toBeVisible();
    await page.goto(`/breakthrough/${articleId}/edit`);
    await expect(page.getByText(/Your unsaved changes from .* are back in the form/)).toBeVisible();
    await expect.poll(() => bodyText(page)).toBe('As posted, then changed.');

    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(new RegExp(`/breakthrough/${articleId}$`));
    await page.goto(`/breakthrough/${articleId}/edit`);
    await expect.poll(() => bodyText(page)).toBe('As posted.');
    expect(await findDraft(page, title)).toBeUndefined();
  });

  test('/workspace deletes a draft after asking', async ({ page }) => {
    await signIn(page, 'dana-kim');
    const title = uniqueTag('Throwaway ');
    const origin = new URL(page.url()).origin;
    await page.request.post('/api/blog/32/drafts', { data: { title }, headers: { origin } });
    await page.goto('/workspace');
    const drafts = page.getByRole('region', { name: 'Drafts' });
    await drafts.getByRole('button', { name: `Delete ${title}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect(drafts.getByText(title)).toHaveCount(0);
    expect(await findDraft(page, title)).toBeUndefined();
  });

  test("another blog's member and visitors cannot open a draft", async ({ page, browser }) => {
    await signIn(page, 'dana-kim');
    const origin = new URL(page.url()).origin;
    const created = await page.request.post('/api/blog/32/drafts', {
      data: { title: uniqueTag('Private ') },
      headers: { origin },
    });
    const { draftId } = (await created.json()) as Draft;
    const outsider = await userPage(browser, 'jisoo-han');
    expect((await outsider.request.get(`/api/draft/${draftId}`)).status()).toBe(404);
    await outsider.goto(`/blog/32/breakthrough/write?draft=${draftId}`);
    await expect(outsider.getByRole('alert')).toContainText('Only members of Repolog Frontend');
    await outsider.context().close();
  });
});
