import { expect, test, type Page } from '@playwright/test';
import { uniqueTag, userPage } from '../support/reading';

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const panel = (page: Page) => page.getByRole('region', { name: 'Notifications' });
const connection = (page: Page) => page.getByRole('region', { name: 'Repository connection' });

/** The stand-in's control API; each call answers once its signed webhook was delivered. */
async function control(page: Page, path: string, data: unknown): Promise<{ number: number }> {
  const res = await page.request.post(`/__github/_stub${path}`, { data });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { number: number };
}

test.describe('the repository connected through the GitHub App', () => {
  test('a member connects the repository on the App’s install page and the blog says so', async ({
    browser,
  }) => {
    const minjun = await userPage(browser, 'minjun-park');
    // Demo blog 40 (hanriver-labs/ddareungi-map) starts without the App.
    await minjun.goto('/blog/40');
    await expect(connection(minjun)).toContainText('Not connected');
    await connection(minjun).getByRole('link', { name: 'Connect repository' }).click();

    await expect(minjun.getByRole('heading', { name: /Install Repolog \(demo\)/ })).toBeVisible();
    await minjun.getByRole('checkbox', { name: /hanriver-labs\/ddareungi-map/ }).check();
    await minjun.getByRole('button', { name: 'Install' }).click();

    await expect(minjun).toHaveURL(/\/blog\/40\?connected=1$/);
    await expect(connection(minjun)).toContainText('Connected');
    await expect(
      connection(minjun).getByRole('checkbox', {
        name: 'Leave a draft when a pull request is merged',
      }),
    ).toBeChecked();
    await minjun.context().close();
  });

  test('merging a pull request in the stand-in rings the bell and opens a prefilled draft', async ({
    browser,
  }) => {
    test.slow();
    const dana = await userPage(browser, 'dana-kim');
    // Demo blog 32 (repolog-team/frontend) starts connected.
    await dana.goto('/blog/32');
    await expect(connection(dana)).toContainText('Connected');

    const problem = uniqueTag('Tags overflow on narrow screens ');
    const solution = uniqueTag('Wrap the tag row ');
    const issue = await control(dana, '/repos/repolog-team/frontend/issues', {
      title: problem,
      user: 'sora-lee',
      body: 'On a 320 px screen the last tag is cut off.',
    });
    const pull = await control(dana, '/repos/repolog-team/frontend/issues', {
      title: solution,
      user: 'dana-kim',
      body: `Closes #${issue.number}`,
      pullRequest: true,
      files: [
        {
          path: 'src/tags.css',
          additions: 2,
          deletions: 1,
          patch:
            '@@ -1,3 +1,4 @@\n .tags {\n-  overflow: hidden;\n+  flex-wrap: wrap;\n+  gap: 4px;\n }',
        },
      ],
    });
    const unread = async () =>
      ((await (await dana.request.get('/api/notice/count')).json()) as { unreadCount: number })
        .unreadCount;
    const before = await unread();
    await control(dana, `/repos/repolog-team/frontend/pulls/${pull.number}/merge`, {
      user: 'minjun-park',
    });

    // The bell rings without a reload (the draft is made after the merge's delivery, in the
    // background); the notice opens the draft in the editor. The count only has to rise: an
    // earlier journey on this server may still notify dana of something else meanwhile.
    const message = `dana-kim's pull request #${pull.number} was merged: a draft is waiting.`;
    const shown = async () =>
      Number(/(\d+) unread/.exec((await bell(dana).getAttribute('aria-label')) ?? '')?.[1] ?? 0);
    await expect.poll(shown, { timeout: 30_000 }).toBeGreaterThan(before);
    await bell(dana).click();
    const notice = panel(dana).getByRole('button', { name: message });
    await expect(notice).toBeVisible();
    await expect(panel(dana).getByRole('listitem').filter({ hasText: message })).toBeVisible();
    await notice.click();
    await expect(dana).toHaveURL(/\/blog\/32\/breakthrough\/write\?draft=\d+$/);
    await expect(dana.getByLabel('Title')).toHaveValue(solution);
    await expect(dana.getByRole('combobox', { name: 'Problem' })).toContainText(problem);
    await expect(dana.getByRole('combobox', { name: 'Solution' })).toContainText(solution);
    await dana.context().close();
  });
});
