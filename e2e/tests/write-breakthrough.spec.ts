import { expect, test } from '@playwright/test';
import type { Article } from '@repolog/contract/articles';
import type { Blog } from '@repolog/contract/blogs';
import { signIn, signInByRequests } from '../support/session';
import { bodyText } from '../support/editor';

// Titles of the GitHub stand-in's repolog-team/frontend, which the demo blog 32 is linked to.
const ISSUE = 'Editor loses the unsaved draft when the session refreshes';
const COMMIT = 'fix: persist the editor draft before the token refresh';

test.describe('write and edit a breakthrough', () => {
  test('writes a breakthrough whose problem is an issue and solution a commit, then edits it', async ({
    page,
  }) => {
    // Signed in by requests: the sign-in pages are auth.spec.ts's journey, and this one is long.
    await signInByRequests(page.context(), 'dana-kim');
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/article'))
        posts.push(request.url());
    });

    // The page's clock is ours (it runs on until paused): the preview's loading flash lasts
    // 300 ms, less than a loaded machine may take between a click and the next look.
    await page.clock.install();
    await page.goto('/blog/32/breakthrough/write');
    await expect(page.getByRole('heading', { name: 'Write a breakthrough' })).toBeVisible();

    // Title and body are required: the error is only logged and nothing is sent.
    await page.getByRole('button', { name: 'Post' }).click();
    await expect.poll(() => logged).toContain('Please fill in all required fields');
    expect(posts).toEqual([]);
    await expect(page).toHaveURL(/\/blog\/32\/breakthrough\/write$/);

    await page.getByLabel('Title').fill('Keeping the draft through a token refresh');
    const body = page.getByRole('textbox', { name: 'Body' });
    await body.fill('## What happened\n\nThe draft vanished when the **session refreshed**.');

    // Preview: a short loading flash (held while the clock stands still), then the rendered
    // markdown.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: 'Body preview' });
    await expect(preview.getByText('Loading preview…')).toBeVisible();
    await page.clock.resume();
    await expect(preview.getByRole('heading', { name: 'What happened' })).toBeVisible();
    await expect(preview.locator('strong')).toHaveText('session refreshed');
    await expect(body).toBeHidden();
    await page.getByRole('button', { name: 'Edit' }).click();
    await expect(body).toBeVisible();

    // Three optional dropdowns, only one open at a time.
    const language = page.getByRole('combobox', { name: 'Language' });
    const problem = page.getByRole('combobox', { name: 'Problem' });
    const solution = page.getByRole('combobox', { name: 'Solution' });
    await expect(language).toHaveText('Select your project language');
    await expect(problem).toHaveText('Select related issue or commit title');
    await language.click();
    await expect(page.getByRole('option', { name: 'Swift' })).toBeVisible();
    await problem.click();
    await expect(language).toHaveAttribute('aria-expanded', 'false');
    await expect(problem).toHaveAttribute('aria-expanded', 'true');
    const problemList = page.getByRole('listbox', { name: 'Problem' });
    const listHeight = await problemList.evaluate((el) => el.getBoundingClientRect().height);
    expect(listHeight).toBeLessThanOrEqual(335);
    // The newest 20 items are listed; the search finds any other.
    await page
      .getByRole('searchbox', { name: 'Search issues, pull requests and commits' })
      .fill('unsaved draft');
    await problemList.getByRole('option', { name: `${ISSUE} Issue` }).click();
    await expect(problem).toContainText(ISSUE);

    await solution.click();
    await page
      .getByRole('searchbox', { name: 'Search issues, pull requests and commits' })
      .fill('persist the editor');
    await page
      .getByRole('listbox', { name: 'Solution' })
      .getByRole('option', { name: `${COMMIT} Commit` })
      .click();
    await expect(problem).toHaveAttribute('aria-expanded', 'false');

    await language.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await expect(language).toHaveText('Swift');
    await page.getByRole('button', { name: 'Clear Language' }).click();
    await expect(language).toHaveText('Select your project language');
    await language.click();
    await page.getByRole('option', { name: 'TypeScript' }).click();

    await page.getByRole('button', { name: 'Post' }).click();
    await expect(page).toHaveURL(/\/blog\/32$/);

    const blog = (await (await page.request.get('/api/blog/32')).json()) as Blog;
    const newest = blog.break_throughs.find(
      (a) => a.articleTitle === 'Keeping the draft through a token refresh',
    );
    expect(newest).toBeDefined();
    const articleId = newest!.articleId;
    const saved = (await (
      await page.request.get(`/api/article/breakthrough/${articleId}`)
    ).json()) as Article;
    expect(saved).toMatchObject({ about: 'TypeScript', problem: ISSUE, solution: COMMIT });

    // Edit: prefilled from the article; the change is saved and we land on the blog.
    await page.goto(`/breakthrough/${articleId}/edit`);
    await expect(page.getByLabel('Title')).toHaveValue('Keeping the draft through a token refresh');
    await expect.poll(() => bodyText(page)).toMatch(/The draft vanished/);
    await expect(language).toHaveText('TypeScript');
    await expect(problem).toContainText(ISSUE);
    await expect(solution).toContainText(COMMIT);

    await page.getByLabel('Title').fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please fill in all required fields');

    await page.getByLabel('Title').fill('Keeping the editor draft through a token refresh');
    await solution.click();
    await page.getByRole('option', { name: 'Select related issue or commit title' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(/\/blog\/32$/);

    const edited = (await (
      await page.request.get(`/api/article/breakthrough/${articleId}`)
    ).json()) as Article;
    expect(edited).toMatchObject({
      title: 'Keeping the editor draft through a token refresh',
      problem: ISSUE,
      solution: null,
    });
  });

  test('someone other than the author sees a clear message on the edit page and the API refuses', async ({
    page,
  }) => {
    // Article 25 of the demo seed is dana-kim's; sora-lee is a member of its blog.
    await signIn(page, 'sora-lee');
    await page.goto('/breakthrough/25/edit');
    await expect(page.getByRole('alert')).toContainText(
      'Only the author and co-authors of this breakthrough can edit it.',
    );
    await expect(page.getByLabel('Title')).toHaveCount(0);
    const origin = new URL(page.url()).origin;
    const refused = await page.request.put('/api/article/25', {
      data: { title: 'Hijacked', content: 'Nope' },
      headers: { origin },
    });
    expect(refused.status()).toBe(403);
  });

  test('a non-member is told they cannot write in the blog', async ({ page }) => {
    await signIn(page, 'jisoo-han');
    await page.goto('/blog/32/breakthrough/write');
    await expect(page.getByRole('alert')).toContainText(
      'Only members of Repolog Frontend can write breakthroughs in it.',
    );
  });

  test('a half-written breakthrough asks before the tab closes, and stays when the writer stays', async ({
    page,
  }) => {
    await signIn(page, 'dana-kim');
    await page.goto('/blog/32/breakthrough/write');
    const title = page.getByLabel('Title');
    await title.click();
    await title.fill('Half a thought');
    const asked = new Promise<string>((resolve) => {
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      });
    });
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
    expect(page.isClosed()).toBe(false);
    await expect(title).toHaveValue('Half a thought');
  });
});
