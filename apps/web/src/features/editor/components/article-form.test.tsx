import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { leavingAsks } from '../../../test/leaving-asks';
import type { ArticleFormValues } from '../lib/article-form-rules';
import { ArticleForm } from './article-form';
import { bodyText, selectInBody, typeInBody } from '../../../test/body-editor';

vi.mock('../../articles/components/markdown-view', () => ({
  MarkdownView: ({ content }: { content: string }) => <div>{content}</div>,
}));

const REPO = 'http://localhost/__github/repolog-team/frontend';
const ITEMS = [
  { ref: 'issue:7', type: 'issue', number: 7, sha: null, state: 'open', url: `${REPO}/issues/7` },
  { ref: 'pull:8', type: 'pull', number: 8, sha: null, state: 'merged', url: `${REPO}/pull/8` },
  {
    ref: 'commit:0123456789abcdef0123456789abcdef01234567',
    type: 'commit',
    number: null,
    sha: '0123456789abcdef0123456789abcdef01234567',
    state: 'committed',
    url: `${REPO}/commit/0123456789abcdef0123456789abcdef01234567`,
  },
].map((item, i) => ({
  ...item,
  title: [
    'Login button does nothing on Safari',
    'Fix Safari login click handler',
    'fix: bind the click handler once',
  ][i],
}));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The repository API: `items` for a search, an item's (empty) detail for /repo-items/{ref}. */
const repository = (items: typeof ITEMS) => async (url: string) => {
  const ref = /\/repo-items\/([^?]+)$/.exec(url)?.[1];
  const item = ITEMS.find((i) => i.ref === ref);
  return item
    ? json({ ...item, author: null, labels: [], body: null, comments: [], commits: [], files: [] })
    : json(items);
};

function renderForm(onSubmit = vi.fn<(values: ArticleFormValues) => void>()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ArticleForm
          initial={{
            title: '',
            content: '',
            about: '',
            problem: '',
            solution: '',
            problemRef: '',
            solutionRef: '',
            tags: [],
          }}
          blogId={1}
          repoUrl={REPO}
          submitLabel="Post"
          cancelTo="/blog/1"
          pending={false}
          onSubmit={onSubmit}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onSubmit;
}

const combo = (name: string) => screen.getByRole('combobox', { name });
const listOf = (name: string) => {
  const list = document.getElementById(combo(name).getAttribute('aria-controls') ?? '');
  if (!list) throw new Error(`no listbox for ${name}`);
  return list;
};

// userEvent drives three comboboxes and a search field: seconds each on a busy machine.
describe('breakthrough form dropdowns', { timeout: 15_000 }, () => {
  let fetchMock: Mock<(url: string) => Promise<Response>>;
  beforeEach(() => {
    fetchMock = vi.fn(repository(ITEMS));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps only one of the three dropdowns open at a time', async () => {
    renderForm();
    await userEvent.click(combo('Language'));
    expect(combo('Language')).toHaveAttribute('aria-expanded', 'true');
    expect(listOf('Language')).toBeVisible();

    await userEvent.click(combo('Problem'));
    expect(combo('Problem')).toHaveAttribute('aria-expanded', 'true');
    expect(combo('Language')).toHaveAttribute('aria-expanded', 'false');
    expect(listOf('Language')).not.toBeVisible();

    await userEvent.click(combo('Solution'));
    expect(screen.getAllByRole('combobox').filter((c) => c.ariaExpanded === 'true')).toEqual([
      combo('Solution'),
    ]);

    await userEvent.click(screen.getByLabelText('Title'));
    expect(combo('Solution')).toHaveAttribute('aria-expanded', 'false');
  });

  it("offers the ten languages and the repository's items with kind, number, state and title", async () => {
    renderForm();
    await userEvent.click(combo('Language'));
    expect(
      within(listOf('Language'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Select your project language',
      'Java',
      'HTML',
      'JavaScript',
      'Python',
      'TypeScript',
      'Kotlin',
      'C#',
      'C++',
      'CSS',
      'Swift',
    ]);
    await userEvent.click(combo('Problem'));
    await within(listOf('Problem')).findByText('Login button does nothing on Safari');
    expect(
      within(listOf('Problem'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Select related issue or commit title',
      'Login button does nothing on SafariIssue#7 · open',
      'Fix Safari login click handlerPull request#8 · merged',
      'fix: bind the click handler onceCommit0123456 · committed',
    ]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/blogs/1/repo-items?q=');
  });

  it('searches the repository as the writer types, and picks with the keyboard', async () => {
    renderForm();
    await userEvent.click(combo('Problem'));
    const search = screen.getByRole('searchbox', {
      name: 'Search issues, pull requests and commits',
    });
    expect(search).toHaveFocus();
    fetchMock.mockImplementation(repository(ITEMS.slice(1, 2)));
    await userEvent.type(search, '#8');
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.map((call) => String(call[0]))).toContain(
        '/api/blogs/1/repo-items?q=%238',
      ),
    );
    await within(listOf('Problem')).findByText('#8 · merged');
    await vi.waitFor(() =>
      expect(within(listOf('Problem')).getAllByRole('option')).toHaveLength(2),
    );
    await userEvent.keyboard('{Enter}');
    expect(combo('Problem')).toHaveTextContent('Fix Safari login click handler');
    expect(combo('Problem')).toHaveFocus();
  });

  it('works from the keyboard: arrows, Enter, Escape, and clears back to empty', async () => {
    const onSubmit = renderForm();
    combo('Language').focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(combo('Language')).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const active = combo('Language').getAttribute('aria-activedescendant');
    expect(active && document.getElementById(active)).toHaveTextContent('HTML');
    await userEvent.keyboard('{Enter}');
    expect(combo('Language')).toHaveAttribute('aria-expanded', 'false');
    expect(combo('Language')).toHaveTextContent('HTML');
    expect(combo('Language')).toHaveFocus();

    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard('{Escape}');
    expect(combo('Language')).toHaveAttribute('aria-expanded', 'false');
    expect(combo('Language')).toHaveTextContent('HTML');

    await userEvent.click(combo('Problem'));
    await userEvent.click(await screen.findByRole('option', { name: /^Login button/ }));
    await userEvent.click(combo('Solution'));
    await userEvent.click(screen.getByRole('option', { name: /^fix: bind/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Clear Language' }));
    expect(combo('Language')).toHaveTextContent('Select your project language');
    // The empty first option clears too.
    await userEvent.click(combo('Solution'));
    await userEvent.click(
      within(listOf('Solution')).getByRole('option', {
        name: 'Select related issue or commit title',
      }),
    );

    await userEvent.type(screen.getByLabelText('Title'), 'Safari login');
    typeInBody('Body');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(onSubmit).toHaveBeenCalledWith({
      title: 'Safari login',
      content: 'Body',
      about: '',
      problem: 'Login button does nothing on Safari',
      solution: '',
      problemRef: 'issue:7',
      solutionRef: '',
      tags: [],
    });
  });
});

const PULL_DETAIL = {
  ...ITEMS[1],
  author: 'sora-lee',
  labels: ['bug'],
  body: 'Closes #7. The handler was bound twice.',
  comments: [],
  commits: [{ sha: 'aaaaaaa1111', title: 'fix: bind once' }],
  files: [
    { path: 'src/login.ts', additions: 3, deletions: 1, patch: '@@ -1 +1 @@\n-a\n+b' },
    { path: 'src/login.test.ts', additions: 9, deletions: 0, patch: '@@ -0,0 +1 @@\n+it()' },
  ],
};

describe('import into the body', { timeout: 15_000 }, () => {
  beforeEach(() =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => json(url.endsWith('/repo-items/pull:8') ? PULL_DETAIL : ITEMS)),
    ),
  );
  afterEach(() => vi.unstubAllGlobals());

  it('inserts the chosen pull request at the cursor with the ticked diffs, replacing nothing', async () => {
    renderForm();
    typeInBody('Before.\nAfter.');
    selectInBody('Before.'.length);
    await userEvent.click(combo('Problem'));
    await userEvent.click(await screen.findByRole('option', { name: /^Fix Safari login/ }));
    const panel = screen.getByRole('region', { name: 'Import from the repository' });
    await userEvent.click(
      await within(panel).findByRole('checkbox', { name: 'Include the diff of src/login.ts' }),
    );
    await userEvent.click(within(panel).getByRole('button', { name: 'Insert into the body' }));
    const text = bodyText();
    expect(text.startsWith('Before.\n\n### Pull request [#8]')).toBe(true);
    expect(text.endsWith('\nAfter.')).toBe(true);
    expect(text).toContain('Closes #7. The handler was bound twice.');
    expect(text).toContain('- `src/login.ts` +3 −1');
    expect(text).toContain('```diff\n@@ -1 +1 @@\n-a\n+b\n```');
    expect(text).not.toContain('+it()');
    expect(screen.queryByRole('region', { name: 'Import from the repository' })).toBeNull();
  });
});

describe('unsaved changes', () => {
  beforeEach(() => vi.stubGlobal('fetch', vi.fn(repository(ITEMS))));
  afterEach(() => vi.unstubAllGlobals());

  it('says so beside the title when a paste is longer than a title may be', () => {
    renderForm();
    const title = screen.getByLabelText('Title');
    fireEvent.paste(title, { clipboardData: { getData: () => 'y'.repeat(201) } });
    expect(screen.getByRole('status')).toHaveTextContent(
      'A title can be at most 200 characters; the end of what you pasted was left out.',
    );
  });

  it('asks before the tab closes or reloads only once something was typed', async () => {
    renderForm();
    expect(leavingAsks()).toBe(false);
    await userEvent.type(screen.getByLabelText('Title'), 'Half a thought');
    expect(leavingAsks()).toBe(true);
    await userEvent.clear(screen.getByLabelText('Title'));
    expect(leavingAsks()).toBe(false);
  });
});
