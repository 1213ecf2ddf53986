import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ArticleFormValues } from '../lib/article-form-rules';
import { ArticleForm } from './article-form';
import { typeInBody } from '../../../test/body-editor';

vi.mock('../../articles/components/markdown-view', () => ({
  MarkdownView: ({ content }: { content: string }) => <div>{content}</div>,
}));

const REPO = 'http://localhost/__github/jisoo-han/kafka-outbox';
const TITLE = 'fix: idempotent producer and a transactional id per relay';
const SHA = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b';
// A squash merge: the pull request and the commit it left have the same title.
const PULL = {
  ref: 'pull:2',
  type: 'pull',
  number: 2,
  sha: null,
  title: TITLE,
  state: 'merged',
  url: `${REPO}/pull/2`,
};
const COMMIT = {
  ref: `commit:${SHA}`,
  type: 'commit',
  number: null,
  sha: SHA,
  title: TITLE,
  state: 'committed',
  url: `${REPO}/commit/${SHA}`,
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

const EMPTY: ArticleFormValues = {
  title: '',
  content: '',
  about: '',
  problem: '',
  solution: '',
  problemRef: '',
  solutionRef: '',
  tags: [],
};

function renderForm(initial: ArticleFormValues = EMPTY) {
  const onSubmit = vi.fn<(values: ArticleFormValues) => void>();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ArticleForm
          initial={initial}
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
/** The option of a dropdown showing `detail` (its number or short SHA, and state). */
const optionOf = async (name: string, detail: string) => {
  const option = (await within(listOf(name)).findByText(detail)).closest('[role="option"]');
  if (!(option instanceof HTMLElement)) throw new Error(`no option ${detail} in ${name}`);
  return option;
};
const COMMIT_DETAIL = '9f86d08 · committed';
const PULL_DETAIL = '#2 · merged';

// A pull request and a commit of one title are two options, each chosen as itself.
describe('repository items of the same title', { timeout: 15_000 }, () => {
  let items: unknown[];
  beforeEach(() => {
    items = [PULL, COMMIT];
    // A search answers `items`; an item's detail (for the import offer) its bare fields.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const item = [PULL, COMMIT].find((each) => url.endsWith(`/repo-items/${each.ref}`));
        return json(
          item
            ? {
                ...item,
                author: null,
                labels: [],
                body: null,
                comments: [],
                commits: [],
                files: [],
              }
            : items,
        );
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it("stores the commit's reference when the commit is chosen, and the pull request's when it is", async () => {
    const onSubmit = renderForm();
    await userEvent.click(combo('Solution'));
    const commit = await optionOf('Solution', COMMIT_DETAIL);
    expect(commit).toHaveTextContent(`${TITLE}Commit`);
    await userEvent.click(commit);
    expect(combo('Solution')).toHaveTextContent(`${TITLE}Commit`);

    await userEvent.click(combo('Solution'));
    const options = within(listOf('Solution')).getAllByRole('option');
    expect(options.filter((o) => o.getAttribute('aria-selected') === 'true')).toEqual([
      await optionOf('Solution', COMMIT_DETAIL),
    ]);
    await userEvent.keyboard('{Escape}');

    await userEvent.click(combo('Problem'));
    await userEvent.click(await optionOf('Problem', PULL_DETAIL));
    expect(combo('Problem')).toHaveTextContent(`${TITLE}Pull request`);

    await userEvent.type(screen.getByLabelText('Title'), 'Exactly-once relays');
    typeInBody('Body');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        problem: TITLE,
        problemRef: 'pull:2',
        solution: TITLE,
        solutionRef: `commit:${SHA}`,
      }),
    );
  });

  it('reopened, shows the chosen commit, not the pull request, even where a search leaves it out', async () => {
    const onSubmit = renderForm({
      ...EMPTY,
      title: 'Exactly-once relays',
      content: 'Body',
      solution: TITLE,
      solutionRef: `commit:${SHA}`,
    });
    expect(combo('Solution')).toHaveTextContent(`${TITLE}Commit`);
    await userEvent.click(combo('Solution'));
    expect(await optionOf('Solution', PULL_DETAIL)).toHaveAttribute('aria-selected', 'false');
    expect(await optionOf('Solution', COMMIT_DETAIL)).toHaveAttribute('aria-selected', 'true');

    items = [PULL];
    await userEvent.type(screen.getByRole('searchbox'), '#2');
    await vi.waitFor(() =>
      expect(within(listOf('Solution')).getAllByRole('option')).toHaveLength(2),
    );
    await userEvent.keyboard('{Escape}');
    expect(combo('Solution')).toHaveTextContent(`${TITLE}Commit`);

    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ solution: TITLE, solutionRef: `commit:${SHA}` }),
    );
  });
});
