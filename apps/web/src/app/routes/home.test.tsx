import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStatusQuery } from '../../lib/auth';
import { HomePage } from './home';

function renderHome(loggedIn: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(
    authStatusQuery.queryKey,
    loggedIn
      ? { loggedIn: true, message: 'ok', userId: 7, userName: 'dana-kim' }
      : { loggedIn: false, message: 'Access token is missing' },
  );
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/home']}>
        <HomePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('HomePage', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the loading text while the lists are fetched', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    // The strips' code suspends the first render (an island, lib/island.tsx): React resumes it
    // inside an awaited act only.
    await act(async () => renderHome(false));
    expect(await screen.findAllByText('Loading…')).toHaveLength(2);
  });

  it("shows 'Error: {message}' when a list fails", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        Promise.resolve(
          url === '/api/home/blog'
            ? json(503, { error: 'unavailable', message: 'The database is not reachable.' })
            : json(200, []),
        ),
      ),
    );
    renderHome(false);
    expect(await screen.findByText('Error: The database is not reachable.')).toBeInTheDocument();
  });

  it('renders cards with title, time ago | blog, likes and comments, and blog cards with name and description', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-05-06T14:00:00.000Z') });
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        Promise.resolve(
          url === '/api/home/blog'
            ? json(200, [{ blog_id: 32, blog_name: 'Repolog Frontend', description: 'Fast apps.' }])
            : json(
                200,
                Array.from({ length: 12 }, (_, i) => ({
                  articleId: i + 1,
                  title: `Article ${i + 1}`,
                  createdAt: '2026-05-06T12:00:00.000Z',
                  blogName: 'Repolog Frontend',
                  blogId: 32,
                  about: null,
                  likeCount: 12 - i,
                  commentCount: i,
                  tags: [],
                })),
              ),
        ),
      ),
    );
    renderHome(false);
    const first = await screen.findByRole('link', {
      name: 'Article 1 2 hours ago | Repolog Frontend 12 likes 0 comments',
    });
    expect(first).toHaveAttribute('href', '/breakthrough/1');
    expect(first.querySelector('time')).toHaveAttribute('dateTime', '2026-05-06T12:00:00.000Z');
    expect(
      screen.getByRole('link', { name: /^Article 2 .* 11 likes 1 comment$/ }),
    ).toBeInTheDocument();
    // Only the first ten.
    expect(screen.queryByText('Article 11')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Repolog Frontend Fast apps\./ })).toHaveAttribute(
      'href',
      '/blog/32',
    );
    expect(
      screen.queryByRole('heading', { name: 'List of Your fav Breakthroughs & Blogs' }),
    ).not.toBeInTheDocument();
  });

  it('adds the favorites section for a signed-in reader', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    renderHome(true);
    expect(
      screen.getByRole('heading', { name: 'List of Your fav Breakthroughs & Blogs' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Breakthroughs what you liked/ })).toHaveAttribute(
      'href',
      '/like/breakthrough',
    );
    expect(screen.getByRole('link', { name: /Blogs you followed/ })).toHaveAttribute(
      'href',
      '/follow/blog',
    );
  });
});
