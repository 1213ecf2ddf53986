import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOTICE_TYPES } from '@repolog/contract/constants';
import type { Notice } from '@repolog/contract/notifications';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStatusQuery } from '../../lib/auth';
import { NotificationsPage } from './notifications';

const notice = (id: number, isViewed = false): Notice => ({
  noticeId: id,
  type: NOTICE_TYPES.liked,
  instigator: `fan-${id}`,
  relatedId: { articleId: id },
  isViewed,
  time: new Date(Date.now() - id * 60_000).toISOString(),
  blogName: 'Blog',
  articleTitle: `Article ${id}`,
});

const json = (body: unknown, headers: Record<string, string> = {}) =>
  Promise.resolve(
    new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json', ...headers },
    }),
  );

function serve(all: Notice[]) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      calls.push(init?.method === 'PUT' ? `PUT ${url}` : url);
      const unread = () => all.filter((n) => !n.isViewed).length;
      if (url === '/api/notice/count') return json({ unreadCount: unread() });
      if (url === '/api/notice/read-all') {
        const updated = unread();
        all.splice(0, all.length, ...all.map((n) => ({ ...n, isViewed: true })));
        return json({ updated, unreadCount: 0 });
      }
      const query = new URL(url, 'http://x').searchParams;
      const page = Number(query.get('page'));
      const size = Number(query.get('size'));
      return json(all.slice((page - 1) * size, page * size), {
        'x-total-count': String(all.length),
      });
    }),
  );
  return calls;
}

function renderPage(signedIn: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(
    authStatusQuery.queryKey,
    signedIn
      ? { loggedIn: true, message: 'ok', userId: 1, userName: 'dana-kim' }
      : { loggedIn: false, message: 'Access token is missing' },
  );
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/notification']}>
        <NotificationsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/notification', () => {
  it('shows a visitor the title and a sign-in hint, without calling the API', () => {
    const calls = serve([]);
    renderPage(false);
    expect(screen.getByRole('heading', { name: 'All Notifications' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(calls).toEqual([]);
  });

  it('pages 10 at a time with prev, next and the page number', async () => {
    const all = Array.from({ length: 13 }, (_, i) => notice(i + 1, i % 2 === 1));
    const calls = serve(all);
    renderPage(true);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(10));
    expect(calls).toContain('/api/notice?page=1&size=10');
    const items = screen.getAllByRole('button', { name: /liked your article/ });
    expect(items[0]).toHaveAttribute('data-viewed', 'false');
    expect(items[1]).toHaveAttribute('data-viewed', 'true');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(3));
    expect(
      screen.getByRole('button', { name: "fan-11 liked your article 'Article 11'. (unread)" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'fan-11' })).toHaveAttribute('href', '/user/fan-11');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('marks everything read with one button, which then becomes unavailable', async () => {
    const calls = serve([notice(1), notice(2), notice(3, true)]);
    renderPage(true);
    const button = screen.getByRole('button', { name: 'Mark all as read' });
    await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'false'));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(3));
    expect(
      screen
        .getAllByRole('button', { name: /liked your article/ })
        .map((b) => b.getAttribute('data-viewed')),
    ).toEqual(['false', 'false', 'true']);

    await userEvent.click(button);
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('button', { name: /liked your article/ })
          .map((b) => b.getAttribute('data-viewed')),
      ).toEqual(['true', 'true', 'true']),
    );
    expect(calls).toContain('PUT /api/notice/read-all');
    // It stays where it was (focus and the list do not move), unavailable now, and says so.
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('All notifications are marked as read.');
  });

  it('leaves the mark-all button unavailable when nothing is unread', async () => {
    const calls = serve([notice(1, true)]);
    renderPage(true);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    const button = screen.getByRole('button', { name: 'Mark all as read' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(button);
    expect(calls).not.toContain('PUT /api/notice/read-all');
  });

  it('hides the pagination with one page', async () => {
    serve([notice(1), notice(2)]);
    renderPage(true);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    expect(screen.queryByRole('navigation', { name: 'Notification pages' })).toBeNull();
  });
});
