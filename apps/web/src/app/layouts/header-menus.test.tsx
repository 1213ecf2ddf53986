import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOTICE_TYPES } from '@repolog/contract/constants';
import type { Notice } from '@repolog/contract/notifications';
import {
  Link,
  MemoryRouter,
  Route,
  Routes,
  useLocation,
  useNavigate,
  type NavigateFunction,
} from 'react-router';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HeaderMenus } from './header-menus';

const notice = (id: number, over: Partial<Notice> = {}): Notice => ({
  noticeId: id,
  type: NOTICE_TYPES.comment,
  instigator: 'sora-lee',
  relatedId: { articleId: 25 },
  isViewed: false,
  time: new Date(Date.now() - id * 60_000).toISOString(),
  blogName: 'Repolog Frontend',
  articleTitle: 'Faster pages',
  ...over,
});

/** Stands in for the browser's EventSource; tests push events through `emit`. */
class FakeEventSource extends EventTarget {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.OPEN;
  constructor(readonly url: string) {
    super();
    FakeEventSource.instances.push(this);
  }
  emit(type: string, data?: unknown) {
    const event = new MessageEvent(type, { data: JSON.stringify(data) });
    act(() => {
      this.dispatchEvent(event);
    });
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

function fakeServer(initial: Notice[], unread: number) {
  const state = { notices: [...initial], unread, calls: [] as string[] };
  const json = (body: unknown, headers: Record<string, string> = {}) =>
    Promise.resolve(
      new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json', ...headers },
      }),
    );
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      state.calls.push(`${method} ${url}`);
      if (url === '/api/notice/count') return json({ unreadCount: state.unread });
      if (method === 'PUT') {
        const id = Number(url.split('/').pop());
        const found = state.notices.find((n) => n.noticeId === id);
        if (found && !found.isViewed) state.unread -= 1;
        if (found) found.isViewed = true;
        return json(found);
      }
      const query = new URL(url, 'http://x').searchParams;
      const size = Number(query.get('size'));
      const page = Number(query.get('page'));
      return json(state.notices.slice((page - 1) * size, page * size), {
        'x-total-count': String(state.notices.length),
      });
    }),
  );
  return state;
}

/** The router's navigate, for a navigation no click starts (a click would count as outside). */
const router: { navigate?: NavigateFunction } = {};

function Where() {
  const navigate = useNavigate();
  useEffect(() => {
    router.navigate = navigate;
  }, [navigate]);
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderMenus() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/home']}>
        <HeaderMenus userName="dana-kim" />
        <Link to="/breakthrough">elsewhere</Link>
        <p>outside</p>
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const bell = () => screen.getByRole('button', { name: /^Notifications/ });
const badge = () => screen.queryByTestId('unread-badge');

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the bell, its badge and its panel', () => {
  it('shows the badge only while the panel is closed and the count is above 0', async () => {
    fakeServer([notice(1)], 1);
    renderMenus();
    await waitFor(() => expect(badge()).toHaveTextContent('1'));
    await userEvent.click(bell());
    expect(badge()).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'new notifications' })).toBeInTheDocument();
    await userEvent.click(bell());
    expect(badge()).toHaveTextContent('1');
  });

  it('reads "No new notifications" with nothing unread, and no badge', async () => {
    fakeServer([notice(1, { isViewed: true })], 0);
    renderMenus();
    await userEvent.click(bell());
    expect(
      await screen.findByRole('heading', { name: 'No new notifications' }),
    ).toBeInTheDocument();
    await userEvent.click(bell());
    expect(badge()).not.toBeInTheDocument();
  });

  it('lists the 4 newest with the spec messages, and Read more past 4', async () => {
    fakeServer(
      [
        notice(1, {
          type: NOTICE_TYPES.invitation,
          instigator: 'minjun-park',
          relatedId: { blogId: 38 },
        }),
        notice(2, { type: NOTICE_TYPES.favorited, relatedId: { blogId: 32 } }),
        notice(3, { type: NOTICE_TYPES.liked, instigator: 'alex-chen' }),
        notice(4),
        notice(5, { type: 'something else' }),
      ],
      5,
    );
    renderMenus();
    await userEvent.click(bell());
    const panel = screen.getByRole('region', { name: 'Notifications' });
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(4));
    const texts = within(panel)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('span')?.textContent);
    expect(texts).toEqual([
      "minjun-park invited you to join the blog 'Repolog Frontend'.",
      "sora-lee added blog 'Repolog Frontend' to their favorites.",
      "alex-chen liked your article 'Faster pages'.",
      "sora-lee commented on your article 'Faster pages'.",
    ]);
    expect(within(panel).getByRole('link', { name: 'Read more' })).toHaveAttribute(
      'href',
      '/notification',
    );
  });

  it('has no Read more with 4 items or fewer', async () => {
    fakeServer([notice(1), notice(2), notice(3), notice(4)], 4);
    renderMenus();
    await userEvent.click(bell());
    const panel = screen.getByRole('region', { name: 'Notifications' });
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(4));
    expect(within(panel).queryByRole('link', { name: 'Read more' })).not.toBeInTheDocument();
  });

  it('marks a clicked item viewed, lowers the badge and opens its page', async () => {
    const server = fakeServer(
      [notice(1), notice(2, { type: NOTICE_TYPES.favorited, relatedId: { blogId: 32 } })],
      2,
    );
    renderMenus();
    await waitFor(() => expect(badge()).toHaveTextContent('2'));
    await userEvent.click(bell());
    const panel = screen.getByRole('region', { name: 'Notifications' });
    await userEvent.click(await within(panel).findByText(/commented on your article/));
    expect(screen.getByTestId('where')).toHaveTextContent('/breakthrough/25');
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
    await waitFor(() => expect(badge()).toHaveTextContent('1'));
    expect(server.calls).toContain('PUT /api/notice/1');

    await userEvent.click(bell());
    await userEvent.click(await screen.findByText(/added blog/));
    expect(screen.getByTestId('where')).toHaveTextContent('/blog/32');
  });

  it("links the instigator's name to their profile, and says how long ago", async () => {
    const sent = notice(3, { instigator: 'alex-chen' });
    const server = fakeServer([sent], 1);
    renderMenus();
    await userEvent.click(bell());
    const panel = screen.getByRole('region', { name: 'Notifications' });
    const item = (await within(panel).findAllByRole('listitem'))[0] as HTMLElement;
    const time = within(item).getByText('3 minutes ago');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('title', new Date(sent.time).toLocaleString());
    // The button carries the whole message; the name before its text is a link of its own.
    expect(
      within(item).getByRole('button', {
        name: "alex-chen commented on your article 'Faster pages'. (unread)",
      }),
    ).toBeInTheDocument();

    await userEvent.click(within(item).getByRole('link', { name: 'alex-chen' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/user/alex-chen');
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
    // Opening a profile does not mark the notification viewed.
    expect(server.calls.filter((call) => call.startsWith('PUT'))).toEqual([]);
    await waitFor(() => expect(badge()).toHaveTextContent('1'));
  });

  it('does nothing but mark viewed for an unknown type', async () => {
    const server = fakeServer([notice(1, { type: 'mystery' })], 1);
    renderMenus();
    await userEvent.click(bell());
    await userEvent.click(
      await screen.findByRole('button', { name: 'sora-lee sent you a new notification (unread)' }),
    );
    expect(screen.getByTestId('where')).toHaveTextContent('/home');
    expect(server.calls).toContain('PUT /api/notice/1');
  });

  it('keeps one panel open at a time; a click outside or a route change closes it', async () => {
    fakeServer([notice(1)], 1);
    renderMenus();
    await userEvent.click(bell());
    await userEvent.click(screen.getByRole('button', { name: 'Profile' }));
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Profile' })).toBeInTheDocument();
    await userEvent.click(screen.getByText('outside'));
    expect(screen.queryByRole('region', { name: 'Profile' })).not.toBeInTheDocument();

    await userEvent.click(bell());
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'elsewhere' }));
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it('keeps a panel opened while the next page was loading open when that page renders', async () => {
    fakeServer([notice(1)], 1);
    renderMenus();
    const before = window.location.pathname;
    // The browser's address moves when a navigation starts; the route renders once its page is.
    window.history.pushState(null, '', '/blog/32');
    try {
      await userEvent.click(bell());
      act(() => {
        void router.navigate?.('/blog/32');
      });
      expect(screen.getByTestId('where')).toHaveTextContent('/blog/32');
      expect(screen.getByRole('region', { name: 'Notifications' })).toBeInTheDocument();
      // A later route change closes it as before.
      act(() => {
        void router.navigate?.('/home');
      });
      expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
    } finally {
      window.history.replaceState(null, '', before);
    }
  });
});

describe('the panels by keyboard', () => {
  it('opens the bell with Enter, Tab goes into its panel first, Escape brings focus back to the bell', async () => {
    fakeServer([notice(1), notice(2)], 2);
    renderMenus();
    bell().focus();
    await userEvent.keyboard('{Enter}');
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    await within(panel).findAllByRole('listitem');
    await userEvent.tab();
    expect(panel).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(bell()).toHaveFocus();
  });

  it('Escape from inside the profile panel closes it and focuses the profile button', async () => {
    fakeServer([], 0);
    renderMenus();
    const profile = screen.getByRole('button', { name: 'Profile' });
    await userEvent.click(profile);
    const panel = screen.getByRole('region', { name: 'Profile' });
    // The name links to the reader's own profile page.
    expect(within(panel).getByRole('link', { name: 'dana-kim' })).toHaveAttribute(
      'href',
      '/user/dana-kim',
    );
    await userEvent.tab();
    expect(panel).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Profile' })).not.toBeInTheDocument();
    expect(profile).toHaveFocus();
  });
});

describe('live updates', () => {
  it('sets the badge from count events and refreshes the list on a notice event', async () => {
    const server = fakeServer([notice(1)], 1);
    renderMenus();
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const source = FakeEventSource.instances[0];
    if (!source) throw new Error('no stream');
    expect(source.url).toBe('/api/notice/stream');
    await waitFor(() => expect(badge()).toHaveTextContent('1'));
    source.emit('count', { unreadCount: 3 });
    await waitFor(() => expect(badge()).toHaveTextContent('3'));

    await userEvent.click(bell());
    const panel = screen.getByRole('region', { name: 'Notifications' });
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(1));
    server.notices.unshift(notice(0, { instigator: 'alex-chen' }));
    source.emit('notice', server.notices[0]);
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(2));
    expect(within(panel).getAllByRole('listitem')[0]).toHaveTextContent('alex-chen');
  });

  it('refreshes through the API and reopens the stream when the server closes it', async () => {
    const server = fakeServer([], 0);
    renderMenus();
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const first = FakeEventSource.instances[0];
    if (!first) throw new Error('no stream');
    server.unread = 2;
    const countCalls = () => server.calls.filter((c) => c === 'GET /api/notice/count').length;
    const before = countCalls();
    first.readyState = FakeEventSource.CLOSED;
    first.emit('error');
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2), { timeout: 3000 });
    expect(countCalls()).toBe(before + 1);
    expect(badge()).toHaveTextContent('2');
  });

  it('leaves a reconnecting stream to the browser', async () => {
    const server = fakeServer([], 0);
    renderMenus();
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const first = FakeEventSource.instances[0];
    if (!first) throw new Error('no stream');
    const countCalls = () => server.calls.filter((c) => c === 'GET /api/notice/count').length;
    const before = countCalls();
    vi.useFakeTimers();
    first.readyState = FakeEventSource.CONNECTING;
    first.emit('error');
    // Past the longest wait before reopening a closed stream: nothing was fetched or reopened.
    await vi.advanceTimersByTimeAsync(31_000);
    expect(countCalls()).toBe(before);
    expect(FakeEventSource.instances).toHaveLength(1);
  });
});
