import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ArticleListItem } from '@repolog/contract/articles';
import type { UserProfile as Profile } from '@repolog/contract/users';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UserPage } from './user';

const DANA: Profile = {
  userId: 7,
  login: 'dana-kim',
  name: 'Dana Kim',
  avatarUrl: 'http://localhost:3000/__github/avatars/u/7?v=4',
  blogs: [
    { blogId: 32, blogName: 'Repolog Frontend', owner: true },
    { blogId: 38, blogName: 'Repolog Backend', owner: false },
  ],
  counts: { breakthroughs: 12, likesReceived: 1234, comments: 5 },
};

const item = (n: number): ArticleListItem => ({
  articleId: 100 + n,
  title: `Dana's note ${n}`,
  createdAt: '2026-03-04T10:00:00.000Z',
  blogName: 'Repolog Frontend',
  blogId: 32,
  about: null,
  likeCount: 0,
  commentCount: 0,
  tags: [],
});

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  Promise.resolve(
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    }),
  );

/** The two profile calls, for dana-kim (any case) and her 12 breakthroughs; others are 404. */
function serve(options: { fail?: boolean } = {}) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      calls.push(url);
      const address = new URL(url, 'http://localhost');
      const [, , , login, list] = address.pathname.split('/');
      if (options.fail) return json(500, { error: 'internal', message: 'Try again.' });
      if (login?.toLowerCase() !== 'dana-kim') {
        return json(404, { error: 'not_found', message: 'No such user.' });
      }
      if (!list) return json(200, DANA);
      const page = Number(address.searchParams.get('page'));
      const numbers = Array.from({ length: 12 }, (_, i) => 12 - i).slice(
        (page - 1) * 10,
        page * 10,
      );
      return json(200, numbers.map(item), { 'x-total-count': '12' });
    }),
  );
  return calls;
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderProfile(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/user/:login" element={<UserPage />} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the profile page', () => {
  it('shows the avatar, name, login, counts and blogs, then the breakthroughs', async () => {
    const calls = serve();
    renderProfile('/user/dana-kim');
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dana Kim' })).toBeInTheDocument();
    expect(screen.getByText('dana-kim')).toBeInTheDocument();
    expect(document.querySelector('img')).toHaveAttribute('src', DANA.avatarUrl);
    expect(document.title).toBe('Dana Kim (dana-kim) · Repolog');
    const counts = [...document.querySelectorAll('dl > div')].map((row) => row.textContent);
    expect(counts).toEqual(['Breakthroughs12', 'Likes received1,234', 'Comments5']);

    const blogs = screen.getByRole('region', { name: 'Blogs' });
    expect(
      within(blogs)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Repolog Frontend', '/blog/32'],
      ['Repolog Backend', '/blog/38'],
    ]);
    expect(within(blogs).getAllByText('owner')).toHaveLength(1);

    // The list is an island of its own: it arrives with its code.
    const list = await screen.findByRole('region', { name: 'Breakthroughs (12)' });
    expect(await within(list).findByText("Dana's note 12")).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(within(list).getByText("Dana's note 12").closest('a')).toHaveAttribute(
      'href',
      '/breakthrough/112',
    );
    expect(calls).toEqual([
      '/api/user/dana-kim',
      '/api/user/dana-kim/breakthroughs?page=1&size=10',
    ]);
  });

  it('pages with real links, and reads the page from the address', async () => {
    const calls = serve();
    renderProfile('/user/dana-kim');
    const pages = await screen.findByRole('navigation', { name: 'Breakthrough pages' });
    const next = within(pages).getByRole('link', { name: 'Next page' });
    expect(next).toHaveAttribute('href', '/user/dana-kim?page=2');
    expect(pages.querySelector('[aria-current="page"]')).toHaveTextContent('1');

    await userEvent.click(next);
    expect(await screen.findByText("Dana's note 2")).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/user/dana-kim?page=2');
    expect(calls).toContain('/api/user/dana-kim/breakthroughs?page=2&size=10');
    const back = within(pages).getByRole('link', { name: 'Previous page' });
    expect(back).toHaveAttribute('href', '/user/dana-kim');
    await userEvent.click(back);
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent(/^\/user\/dana-kim$/),
    );
  });

  it('goes to the last page from a page past the end', async () => {
    serve();
    renderProfile('/user/dana-kim?page=9');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('?page=2'));
    expect(await screen.findByText("Dana's note 1")).toBeInTheDocument();
  });

  it('says so when there is no such user, or the address cannot be a login', async () => {
    serve();
    renderProfile('/user/nobody-here');
    expect(await screen.findByText('User not found.')).toBeInTheDocument();
    expect(document.title).toBe('User not found · Repolog');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('asks nothing for an address that cannot be a login', () => {
    const calls = serve();
    renderProfile('/user/not_a_login');
    expect(screen.getByText('User not found.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('shows an error when the profile cannot be loaded', async () => {
    serve({ fail: true });
    renderProfile('/user/dana-kim');
    expect(await screen.findByRole('alert')).toHaveTextContent('This profile could not be loaded.');
  });

  it('shows the login as the name when the account has no display name', async () => {
    DANA.name = null;
    try {
      serve();
      renderProfile('/user/Dana-Kim');
      expect(
        await screen.findByRole('heading', { level: 1, name: 'dana-kim' }),
      ).toBeInTheDocument();
      await waitFor(() => expect(document.title).toBe('dana-kim · Repolog'));
    } finally {
      DANA.name = 'Dana Kim';
    }
  });
});
