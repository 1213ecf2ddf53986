import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyText, typeInBody } from '../../../test/body-editor';
import { authStatusQuery } from '../../../lib/auth';
import { EditArticle } from './edit-article';
import { WriteArticle } from './write-article';

vi.mock('../../articles/components/markdown-view', () => ({
  MarkdownView: ({ content }: { content: string }) => <div>{content}</div>,
}));

const REPO = 'http://localhost/__github/repolog-team/frontend';
const BLOG = {
  blog_id: 7,
  blog_name: 'Frontend diaries',
  description: 'UI',
  git_repo_url: REPO,
  members: ['dana-kim', 'sora-lee'],
  owner: 'dana-kim',
  fav_count: 0,
  fav_button: false,
  article_count: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  break_throughs: [],
};
const ARTICLE = {
  articleId: 12,
  blogId: 7,
  userId: 1,
  userName: 'dana-kim',
  title: 'Safari login',
  blogName: 'Frontend diaries',
  content: 'It was the click handler.',
  about: 'typescript',
  problem: 'Login button does nothing on Safari',
  solution: null,
  likeCount: 0,
  likeButton: false,
  tags: [],
  createdAt: '2026-01-02T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  coauthors: [],
};
const ITEMS = [
  {
    ref: 'issue:3',
    type: 'issue',
    number: 3,
    sha: null,
    title: 'Login button does nothing on Safari',
    state: 'closed',
    url: 'http://localhost/__github/team/app/issues/3',
  },
  {
    ref: 'commit:abcdef0123456789abcdef0123456789abcdef01',
    type: 'commit',
    number: null,
    sha: 'abcdef0123456789abcdef0123456789abcdef01',
    title: 'fix: bind the click handler once',
    state: 'committed',
    url: 'http://localhost/__github/team/app/commit/abcdef0123456789abcdef0123456789abcdef01',
  },
];

/** Article 12's references as its blog's members read them. */
const REFS = {
  problemRef: { type: 'issue', number: 3, sha: null, url: ITEMS[0]!.url },
  solutionRef: { type: 'commit', number: null, sha: ITEMS[1]!.sha, url: ITEMS[1]!.url },
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

/**
 * A network where WebSockets do not get through (a proxy that blocks them): every connection
 * fails at once, so the pages save through the drafts API, as they do there.
 */
class BlockedWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readyState = 3;
  binaryType = 'arraybuffer';
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  constructor() {
    super();
    setTimeout(() => {
      this.onerror?.(new Event('error'));
      this.onclose?.(new CloseEvent('close', { code: 1006 }));
    }, 0);
  }
  send() {}
  close() {}
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderPage(element: ReactNode, userName = 'dana-kim', userId = 1) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(authStatusQuery.queryKey, {
    loggedIn: true,
    message: 'ok',
    userId,
    userName,
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/form']}>
        <Routes>
          <Route path="/form" element={element} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The drafts API as the server answers it, in memory: enough for the pages' saves. */
function fakeDrafts() {
  const drafts = new Map<number, Record<string, unknown>>();
  let next = 40;
  const store = (id: number, fields: Record<string, unknown>, version: number) => {
    const draft = {
      draftId: id,
      blogId: 7,
      articleId: null,
      creatorId: 1,
      creatorName: 'dana-kim',
      updatedById: 1,
      updatedByName: 'dana-kim',
      createdAt: '2026-01-03T00:00:00.000Z',
      updatedAt: new Date().toISOString(),
      title: '',
      content: '',
      about: null,
      problem: null,
      solution: null,
      tags: [],
      ...drafts.get(id),
      ...fields,
      version,
    };
    drafts.set(id, draft);
    return draft;
  };
  return {
    drafts,
    handle(url: string, init: RequestInit): Response | undefined {
      const body = init.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : {};
      if (url === '/api/blog/7/drafts' && init.method === 'POST') {
        next += 1;
        return json(store(next, body, 1));
      }
      if (url === '/api/blog/7/drafts') {
        return json([...drafts.values()].map((draft) => ({ ...draft, editingNow: [] })));
      }
      const match = /^\/api\/draft\/(\d+)$/.exec(url);
      if (match && init.method === 'PUT') {
        const id = Number(match[1]);
        const { version, ...fields } = body;
        return json(store(id, fields, Number(version) + 1));
      }
      return undefined;
    },
  };
}

// Whole pages driven by userEvent: several seconds a test on a busy machine.
describe('write and edit breakthrough pages', { timeout: 15_000 }, () => {
  let fetchMock: ReturnType<typeof vi.fn<Handler>>;
  let logged: ReturnType<typeof vi.spyOn>;
  let publish: (draftId: number) => Response | Promise<Response>;
  let server: ReturnType<typeof fakeDrafts>;
  let article: Record<string, unknown>;
  const sent = (method: string, path?: RegExp) =>
    fetchMock.mock.calls.filter(
      ([url, init]) => (init.method ?? 'GET') === method && (!path || path.test(url)),
    );

  beforeEach(() => {
    logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server = fakeDrafts();
    article = ARTICLE;
    publish = (draftId) => {
      const draft = server.drafts.get(draftId);
      server.drafts.delete(draftId);
      return json({ articleId: draft?.articleId ?? 13, blogId: 7, message: 'ok' });
    };
    fetchMock = vi.fn<Handler>((url, init) => {
      const publishing = /^\/api\/draft\/(\d+)\/publish$/.exec(url);
      if (publishing) return publish(Number(publishing[1]));
      const answer = server.handle(url, init);
      if (answer) return answer;
      if (url === '/api/blog/non-member/7') return json(BLOG);
      if (url === '/api/article/breakthrough/12') return json(article);
      if (url === '/api/article/12/repo-refs') return json(REFS);
      if (url.startsWith('/api/blogs/7/repo-items?')) return json(ITEMS);
      return json({ error: 'not_found', message: 'Not found' }, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('WebSocket', BlockedWebSocket);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('write: without title or body only logs the error and posts nothing', async () => {
    renderPage(<WriteArticle blogId={7} />);
    await userEvent.type(await screen.findByLabelText('Title'), 'Only a title');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(logged).toHaveBeenCalledWith('Please fill in all required fields');
    expect(sent('POST', /publish$/)).toHaveLength(0);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('write: saves the draft, then posts it with an issue as problem and a commit as solution, then opens the blog', async () => {
    renderPage(<WriteArticle blogId={7} />);
    await userEvent.type(await screen.findByLabelText('Title'), 'Safari login');
    typeInBody('It was the handler.');
    await userEvent.click(screen.getByRole('combobox', { name: 'Language' }));
    await userEvent.click(screen.getByRole('option', { name: 'TypeScript' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Problem' }));
    await userEvent.click(await screen.findByRole('option', { name: /^Login button/ }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Solution' }));
    await userEvent.click(screen.getByRole('option', { name: /^fix: bind/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/blog/7');
    const [posted] = sent('POST', /publish$/);
    const draftId = Number(/\/api\/draft\/(\d+)\/publish/.exec(posted![0])?.[1]);
    // What was posted is the draft as last saved: every field the form held.
    const saves = [
      ...sent('POST', /drafts$/),
      ...sent('PUT', new RegExp(`/api/draft/${draftId}$`)),
    ];
    const last = JSON.parse(saves[saves.length - 1]![1].body as string) as Record<string, unknown>;
    expect(last).toMatchObject({
      title: 'Safari login',
      content: 'It was the handler.',
      about: 'TypeScript',
      problem: 'Login button does nothing on Safari',
      solution: 'fix: bind the click handler once',
    });
    expect(JSON.parse(posted![1].body as string)).toEqual({ version: saves.length });
  });

  it('write: a visitor who is not a member is told so instead of getting the form', async () => {
    renderPage(<WriteArticle blogId={7} />, 'alex-chen', 4);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only members of Frontend diaries can write breakthroughs in it.',
    );
    expect(screen.queryByLabelText('Title')).toBeNull();
  });

  it('edit: prefills the article, puts the changes and opens the blog', async () => {
    renderPage(<EditArticle articleId={12} />);
    const title = await screen.findByLabelText('Title');
    expect(title).toHaveValue('Safari login');
    expect(bodyText()).toBe('It was the click handler.');
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveTextContent('TypeScript');
    expect(screen.getByRole('combobox', { name: 'Problem' })).toHaveTextContent(
      'Login button does nothing on Safari',
    );
    await userEvent.type(title, ' on iOS');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/blog/7');
    // The pending changes were a draft of article 12, published as its edit.
    const [created] = sent('POST', /\/api\/blog\/7\/drafts$/);
    expect(JSON.parse(created![1].body as string)).toMatchObject({
      articleId: 12,
      about: 'TypeScript',
      problem: 'Login button does nothing on Safari',
      solution: null,
    });
    const saves = [created!, ...sent('PUT', /\/api\/draft\//)];
    expect(JSON.parse(saves[saves.length - 1]![1].body as string)).toMatchObject({
      title: 'Safari login on iOS',
    });
    expect(sent('POST', /publish$/)).toHaveLength(1);
    expect(sent('PUT', /\/api\/article\//)).toHaveLength(0);
  });

  it("edit: a private repository's references, read by the member, stay chosen and saved", async () => {
    // The shared answer hides a private repository's references; the member's own call has them.
    article = {
      ...ARTICLE,
      solution: 'fix: bind the click handler once',
      problemRef: null,
      solutionRef: null,
    };
    renderPage(<EditArticle articleId={12} />);
    const title = await screen.findByLabelText('Title');
    expect(screen.getByRole('combobox', { name: 'Problem' })).toHaveTextContent(
      'Login button does nothing on SafariIssue',
    );
    expect(screen.getByRole('combobox', { name: 'Solution' })).toHaveTextContent(
      'fix: bind the click handler onceCommit',
    );
    await userEvent.type(title, ' on iOS');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/blog/7');
    const [created] = sent('POST', /\/api\/blog\/7\/drafts$/);
    expect(JSON.parse(created![1].body as string)).toMatchObject({
      articleId: 12,
      problem: 'Login button does nothing on Safari',
      problemRef: 'issue:3',
      solution: 'fix: bind the click handler once',
      solutionRef: `commit:${ITEMS[1]!.sha}`,
    });
  });

  it("edit: shows 'Please fill in all required fields' and the save failure text", async () => {
    renderPage(<EditArticle articleId={12} />);
    const title = await screen.findByLabelText('Title');
    await userEvent.clear(title);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all required fields');
    expect(sent('POST', /publish$/)).toHaveLength(0);

    publish = () => json({ error: 'internal', message: 'Something went wrong' }, 500);
    await userEvent.type(title, 'Back again');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Failed to update article. Please try again.')).toBeVisible();
  });

  it("edit: shows 'Failed to fetch article data' when the article cannot be loaded", async () => {
    renderPage(<EditArticle articleId={99} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch article data');
  });

  it('edit: someone other than the author is told only the author can edit', async () => {
    renderPage(<EditArticle articleId={12} />, 'sora-lee', 2);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only the author and co-authors of this breakthrough can edit it.',
    );
    expect(screen.queryByLabelText('Title')).toBeNull();
  });
});
