import { expect, test, type Page } from '@playwright/test';
import type { Draft } from '@repolog/contract/drafts';
import { bodyBox, bodyText } from '../support/editor';
import { uniqueTag, userPage } from '../support/reading';

const status = (page: Page) => page.locator('[data-autosave]');
const OFFLINE = 'Offline — changes are kept on this device and sent when you’re back';
/** What a member would see had the server thrown them out (issue 18's bug). */
const thrownOut = (page: Page) => page.getByRole('link', { name: 'Leave the editor' });

async function typeAtEnd(page: Page, words: string) {
  await bodyBox(page).click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(words);
}

/** Starts a breakthrough on blog 32's write page; the first change makes it a live draft. */
async function startDraft(page: Page, title: string) {
  await page.goto('/blog/32/breakthrough/write');
  await page.getByLabel('Title').fill(title);
  await expect(page).toHaveURL(/\?draft=\d+$/);
  await expect(page.getByText('Only you are editing this draft.', { exact: false })).toBeVisible();
  await expect(status(page)).toHaveText(/^Saved at /);
  return Number(new URL(page.url()).searchParams.get('draft'));
}

/** How many changes this browser keeps for a draft in IndexedDB (y-indexeddb's updates). */
const keptChanges = (page: Page, name: string) =>
  page.evaluate(
    (db) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open(db);
        open.onerror = () => reject(new Error('no IndexedDB'));
        open.onsuccess = () => {
          const store = open.result.transaction('updates').objectStore('updates');
          const count = store.count();
          count.onsuccess = () => {
            resolve(count.result);
            open.result.close();
          };
        };
      }),
    name,
  );

test.describe('writing together on real networks', () => {
  test('a teammate joins from the write page’s offer; one goes offline 40 s while the other types; both carry on without a reload', async ({
    browser,
  }) => {
    test.slow();
    const dana = await userPage(browser, 'dana-kim');
    const sora = await userPage(browser, 'sora-lee');
    const title = uniqueTag('On the train ');
    await startDraft(dana, title);

    // The blog's page tells its members a draft is being written; its write page offers it.
    await sora.goto('/blog/32');
    await expect(sora.getByRole('link', { name: /drafts? in progress$/ })).toBeVisible();
    // sora's page keeps its own clock, so the 40 s away can pass on it without waiting.
    await sora.clock.install();
    await sora.goto('/blog/32/breakthrough/write');
    const offer = sora.getByRole('listitem').filter({ hasText: title });
    await expect(offer).toContainText('started by dana-kim');
    await expect(offer).toContainText('in it now: dana-kim');
    await offer.getByRole('link', { name: title }).click();
    await expect(sora.getByLabel('Title')).toHaveValue(title);
    await expect(sora.getByRole('listitem').filter({ hasText: 'dana-kim' })).toBeVisible();
    await expect(dana.getByRole('listitem').filter({ hasText: 'sora-lee' })).toBeVisible();
    await typeAtEnd(dana, 'Dana starts. ');
    await expect.poll(() => bodyText(sora)).toBe('Dana starts. ');

    // sora's network goes: the status line says so at once; sora keeps typing.
    await sora.context().setOffline(true);
    await expect(status(sora)).toHaveText(OFFLINE);
    await typeAtEnd(sora, 'Sora, offline. ');
    // The server notices sora is gone (its pings go unanswered): dana is alone, and types on.
    await expect(dana.getByText('Only you are editing this draft.', { exact: false })).toBeVisible({
      timeout: 30_000,
    });
    await typeAtEnd(dana, 'Dana, meanwhile. ');
    // 40 s pass on sora's page: its client gives up the old connection, renews its presence,
    // forgets dana's.
    await sora.clock.fastForward('00:40');

    // Back online: sora reconnects at once, both texts meet, and neither is thrown out.
    await sora.context().setOffline(false);
    const converged = async (...words: string[]) => {
      const [theirs, hers] = [await bodyText(dana), await bodyText(sora)];
      return theirs === hers && words.every((w) => theirs.includes(w));
    };
    await expect
      .poll(() => converged('Sora, offline. ', 'Dana, meanwhile. '), { timeout: 20_000 })
      .toBe(true);
    await expect(dana.getByRole('listitem').filter({ hasText: 'sora-lee' })).toBeVisible();
    await expect(sora.getByRole('listitem').filter({ hasText: 'dana-kim' })).toBeVisible();
    await expect(status(sora)).toHaveText(/^Saved at /);

    // And they keep editing, with no reload.
    await typeAtEnd(sora, 'Sora again. ');
    // dana types at the end of what she sees: after sora's words, once they have reached her
    // (typed into the middle of them, hers would split sora's words, as a writer's would).
    await expect.poll(() => bodyText(dana)).toContain('Sora again. ');
    await typeAtEnd(dana, 'Dana again. ');
    await expect.poll(() => converged('Sora again. ', 'Dana again. ')).toBe(true);
    await expect(status(dana)).toHaveText(/^Saved at /);
    await expect(status(sora)).toHaveText(/^Saved at /);
    await expect(thrownOut(dana)).toHaveCount(0);
    await expect(thrownOut(sora)).toHaveCount(0);
    await Promise.all([dana, sora].map((page) => page.context().close()));
  });

  test('a page closed while offline, opened again online, still delivers its unsent text', async ({
    browser,
  }) => {
    const dana = await userPage(browser, 'dana-kim');
    const draftId = await startDraft(dana, uniqueTag('Closed offline '));
    const address = dana.url();
    const kept = `repolog-draft-${draftId}-dana-kim`;
    await expect.poll(() => keptChanges(dana, kept)).toBeGreaterThan(0);
    const before = await keptChanges(dana, kept);

    await dana.context().setOffline(true);
    await expect(status(dana)).toHaveText(OFFLINE);
    await typeAtEnd(dana, 'Kept on this device.');
    // Wait until this browser has kept the typing, then close the page while still offline.
    await expect.poll(() => keptChanges(dana, kept)).toBeGreaterThan(before);
    const context = dana.context();
    await dana.close();

    await context.setOffline(false);
    const again = await context.newPage();
    await again.goto(address);
    await expect.poll(() => bodyText(again)).toContain('Kept on this device.');
    await expect(status(again)).toHaveText(/^Saved at /);
    await expect
      .poll(
        async () =>
          ((await (await again.request.get(`/api/draft/${draftId}`)).json()) as Draft).content,
      )
      .toContain('Kept on this device.');
    await context.close();
  });
});
