import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { leavingAsks } from '../../../test/leaving-asks';
import { authStatusQuery } from '../../../lib/auth';
import { CreateBlog } from './create-blog';
import { EditBlog } from './edit-blog';

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

const REPOS = [
  {
    html_url: 'http://localhost/__github/repolog-team/frontend',
    full_name: 'repolog-team/frontend',
    private: false,
    description: null,
    blogId: null,
  },
  {
    html_url: 'http://localhost/__github/jisoo-han/kafka-outbox',
    full_name: 'jisoo-han/kafka-outbox',
    private: true,
    description: null,
    blogId: null,
  },
  {
    html_url: 'http://localhost/__github/repolog-team/backend',
    full_name: 'repolog-team/backend',
    private: false,
    description: null,
    blogId: 38,
  },
];

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderAt(path: string, element: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(authStatusQuery.queryKey, {
    loggedIn: true,
    message: 'ok',
    userId: 1,
    userName: 'dana-kim',
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/workspace/makeblog" element={element} />
          <Route path="/blog/:blogId/edit" element={element} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

describe('create and edit blog forms', () => {
  let alert: ReturnType<typeof vi.spyOn>;
  let fetchMock: ReturnType<typeof vi.fn<Handler>>;
  const calls = (method: string) =>
    fetchMock.mock.calls.filter(([, init]) => (init.method ?? 'GET') === method);

  beforeEach(() => {
    alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock = vi.fn<Handler>((url) => {
      if (url === '/api/repos')
        return json(REPOS, 200, {
          'x-repolog-activity-message': encodeURIComponent(
            'GitHub is slow; showing your repositories as of 12:00.',
          ),
        });
      if (url.startsWith('/api/check-user')) return json({ isexists: true });
      return json({ error: 'not_found', message: 'No such route' }, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  const fill = async (name: string, description: string) => {
    await userEvent.type(await screen.findByLabelText('Blog name'), name);
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: description } });
  };

  const pickRepo = async (fullName: string) => {
    await userEvent.click(screen.getByRole('combobox', { name: 'Repository' }));
    await userEvent.click(screen.getByRole('option', { name: new RegExp(fullName) }));
  };

  it("alerts 'Please fill out all required fields.' while the repository is still the placeholder", async () => {
    renderAt('/workspace/makeblog', <CreateBlog />);
    await fill('Frontend diaries', 'What we learn building the UI');
    expect(screen.getByRole('combobox', { name: 'Repository' })).toHaveTextContent(
      'Select a repository',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create blog' }));
    expect(alert).toHaveBeenCalledWith('Please fill out all required fields.');
    expect(calls('POST')).toHaveLength(0);
  });

  it('alerts the same when the name or description is blank', async () => {
    renderAt('/workspace/makeblog', <CreateBlog />);
    await fill('   ', 'What we learn');
    await pickRepo('repolog-team/frontend');
    await userEvent.click(screen.getByRole('button', { name: 'Create blog' }));
    expect(alert).toHaveBeenLastCalledWith('Please fill out all required fields.');
    expect(calls('POST')).toHaveLength(0);
  });

  it('lists the GitHub repositories with a private badge, the empty first option and the GitHub notice', async () => {
    renderAt('/workspace/makeblog', <CreateBlog />);
    await userEvent.click(await screen.findByRole('combobox', { name: 'Repository' }));
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Select a repository from your GitHub account',
      'repolog-team/frontend',
      'jisoo-han/kafka-outboxPrivate',
      'repolog-team/backendHas a blog',
    ]);
    // One blog per repository: the one that has a blog cannot be chosen.
    const taken = options[3];
    expect(taken).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(taken!);
    expect(screen.getByRole('combobox', { name: 'Repository' })).toHaveTextContent(
      'Select a repository',
    );
    expect(
      screen.getByText('GitHub is slow; showing your repositories as of 12:00.'),
    ).toHaveAttribute('role', 'status');
  });

  it('counts description bytes in UTF-8 as you type and refuses more than 4000', async () => {
    renderAt('/workspace/makeblog', <CreateBlog />);
    const description = await screen.findByLabelText('Description');
    expect(description).toHaveAttribute('placeholder', expect.stringContaining('4000 bytes'));
    await userEvent.type(description, '한글 ok');
    // 2 Hangul syllables × 3 bytes + space + 'ok'
    expect(screen.getByText('9 / 4000 bytes')).toBeInTheDocument();

    await fill('Big', '가'.repeat(1334)); // 4002 bytes
    expect(screen.getByText('4002 / 4000 bytes — too long by 2 bytes')).toBeInTheDocument();
    expect(description).toHaveAttribute('aria-invalid', 'true');
    await pickRepo('repolog-team/frontend');
    await userEvent.click(screen.getByRole('button', { name: 'Create blog' }));
    expect(alert).toHaveBeenCalledWith(
      'The description is 4002 bytes long; it can be at most 4000 bytes. Please shorten it.',
    );
    expect(calls('POST')).toHaveLength(0);

    fireEvent.change(description, { target: { value: '가'.repeat(1333) } });
    expect(screen.getByText('3999 / 4000 bytes')).toBeInTheDocument();
  });

  it('posts the blog with its contributors and opens the new blog page', async () => {
    fetchMock.mockImplementationOnce(() => json(REPOS));
    fetchMock.mockImplementation((url, init) => {
      if (url.startsWith('/api/check-user')) return json({ isexists: true });
      if (url === '/api/blog' && init.method === 'POST')
        return json({ blog_id: 77, message: 'created' }, 201);
      return json({}, 404);
    });
    renderAt('/workspace/makeblog', <CreateBlog />);
    await fill(' Frontend diaries ', 'What we learn building the UI');
    await pickRepo('repolog-team/frontend');
    await userEvent.type(screen.getByLabelText('Contributor GitHub ID'), 'sora-lee{Enter}');
    await screen.findByRole('button', { name: 'Remove sora-lee' });
    // Unsaved: closing or reloading the tab now asks first.
    expect(leavingAsks()).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Create blog' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/blog/77');
    expect(leavingAsks()).toBe(false);
    const [, init] = calls('POST')[0]!;
    expect(JSON.parse(init.body as string)).toEqual({
      blogName: 'Frontend diaries',
      description: 'What we learn building the UI',
      gitRepoUrl: 'http://localhost/__github/repolog-team/frontend',
      blogMember: ['sora-lee'],
    });
  });

  it("alerts 'Server error: {message}' when the server refuses, and the network error when it cannot be reached", async () => {
    let answer: () => Response | Promise<Response> = () =>
      json({ error: 'conflict', message: 'This repository already has a blog.' }, 409);
    fetchMock.mockImplementation((url) => (url === '/api/repos' ? json(REPOS) : answer()));
    renderAt('/workspace/makeblog', <CreateBlog />);
    await fill('Frontend diaries', 'What we learn');
    await pickRepo('repolog-team/frontend');
    await userEvent.click(screen.getByRole('button', { name: 'Create blog' }));
    await vi.waitFor(() =>
      expect(alert).toHaveBeenCalledWith('Server error: This repository already has a blog.'),
    );

    answer = () => json({}, 500);
    await userEvent.click(screen.getByRole('button', { name: 'Create blog' }));
    await vi.waitFor(() =>
      expect(alert).toHaveBeenLastCalledWith('Server error: Unknown error occurred'),
    );

    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await userEvent.click(screen.getByRole('button', { name: 'Create blog' }));
    await vi.waitFor(() =>
      expect(alert).toHaveBeenLastCalledWith('Network error: Unable to reach the server'),
    );
  });

  it("shows 'Error: {message}' when the repositories cannot be loaded", async () => {
    fetchMock.mockImplementation(() =>
      json({ error: 'unauthenticated', message: 'Your GitHub authorization is missing.' }, 403),
    );
    renderAt('/workspace/makeblog', <CreateBlog />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error: Your GitHub authorization is missing.',
    );
  });

  describe('edit', () => {
    const BLOG = {
      blog_id: 5,
      blog_name: 'Frontend diaries',
      description: 'What we learn',
      git_repo_url: 'http://localhost/__github/repolog-team/frontend',
      members: ['dana-kim', 'sora-lee'],
      owner: 'dana-kim',
      fav_count: 0,
      fav_button: false,
      article_count: 0,
      created_at: '2026-01-01T00:00:00.000Z',
      break_throughs: [],
    };

    it('prefills the blog, locks the repository and puts the synced member list', async () => {
      fetchMock.mockImplementation((url, init) => {
        if (url === '/api/blog/non-member/5' && (init.method ?? 'GET') === 'GET') return json(BLOG);
        if (url === '/api/blog/5' && init.method === 'PUT') return json({ message: 'ok' });
        return json({}, 404);
      });
      renderAt('/blog/5/edit', <EditBlog blogId={5} />);
      expect(await screen.findByLabelText('Blog name')).toHaveValue('Frontend diaries');
      expect(screen.getByLabelText('Description')).toHaveValue('What we learn');
      const repo = screen.getByRole('combobox', { name: 'Repository' });
      expect(repo).toBeDisabled();
      expect(repo).toHaveTextContent('repolog-team/frontend');
      const list = screen.getByRole('list', { name: 'Project members' });
      expect(within(list).getByText('dana-kim')).toBeInTheDocument();
      expect(within(list).queryByRole('button', { name: 'Remove dana-kim' })).toBeNull();

      await userEvent.click(within(list).getByRole('button', { name: 'Remove sora-lee' }));
      await userEvent.type(screen.getByLabelText('Contributor GitHub ID'), 'alex-chen{Enter}');
      await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
      expect(await screen.findByTestId('where')).toHaveTextContent('/blog/5');
      expect(fetchMock.mock.calls.some(([url]) => url.startsWith('/api/check-user'))).toBe(false);
      const [, init] = calls('PUT')[0]!;
      expect(JSON.parse(init.body as string)).toEqual({
        blogName: 'Frontend diaries',
        description: 'What we learn',
        gitRepoUrl: BLOG.git_repo_url,
        blogMember: ['dana-kim', 'alex-chen'],
      });
    });

    it("shows the server's refusal of an unknown contributor", async () => {
      fetchMock.mockImplementation((url, init) => {
        if (init.method === 'PUT')
          return json(
            { error: 'bad_request', message: "No GitHub user 'made-up-id' exists." },
            400,
          );
        return json(BLOG);
      });
      renderAt('/blog/5/edit', <EditBlog blogId={5} />);
      await userEvent.type(
        await screen.findByLabelText('Contributor GitHub ID'),
        'made-up-id{Enter}',
      );
      await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
      await vi.waitFor(() =>
        expect(alert).toHaveBeenCalledWith("Server error: No GitHub user 'made-up-id' exists."),
      );
    });

    it('tells a non-member they cannot edit the blog', async () => {
      fetchMock.mockImplementation(() =>
        json({ ...BLOG, members: ['sora-lee'], owner: 'sora-lee' }),
      );
      renderAt('/blog/5/edit', <EditBlog blogId={5} />);
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Only members of Frontend diaries can edit this blog.',
      );
      expect(screen.queryByLabelText('Blog name')).toBeNull();
    });

    it("shows 'Error: {message}' when the blog cannot be loaded", async () => {
      fetchMock.mockImplementation(() =>
        json({ error: 'not_found', message: 'Blog not found.' }, 404),
      );
      renderAt('/blog/5/edit', <EditBlog blogId={5} />);
      expect(await screen.findByRole('alert')).toHaveTextContent('Error: Blog not found.');
    });
  });
});
