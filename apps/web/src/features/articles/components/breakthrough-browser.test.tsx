import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BreakthroughBrowser } from './breakthrough-browser';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

const CREATED_AT = '2026-03-04T10:00:00.000Z';

const item = (id: number) => ({
  articleId: id,
  title: `Breakthrough ${id}`,
  createdAt: CREATED_AT,
  blogName: 'Repolog Frontend',
  blogId: 32,
  about: 'TypeScript',
  likeCount: id === 1 ? 1 : id * 3,
  commentCount: id - 1,
  tags: [],
});

/** A fake list endpoint: `total` matching articles, `q=nothing` matches none. */
function stubList(total: number) {
  const fetch = vi.fn((url: string) => {
    const params = new URL(url, 'http://localhost').searchParams;
    const matching = params.get('q') === 'nothing' ? 0 : total;
    const page = Number(params.get('page'));
    const count = Math.max(0, Math.min(10, matching - (page - 1) * 10));
    const body = Array.from({ length: count }, (_, i) => item((page - 1) * 10 + i + 1));
    return Promise.resolve(
      new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json', 'x-total-count': String(matching) },
      }),
    );
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const lastUrl = (fetch: ReturnType<typeof stubList>) => String(fetch.mock.lastCall?.[0]);

function renderBrowser(path = '/breakthrough', source: 'all' | 'liked' = 'all') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <BreakthroughBrowser source={source} title="Let's Explore all breakthroughs!" />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('BreakthroughBrowser', () => {
  let alert: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks the server for page, size 10, query and language, and shows title and time ago | blog', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-04T13:00:00.000Z') });
    const fetch = stubList(3);
    renderBrowser('/breakthrough?q=hook&lang=typescript');
    expect(await screen.findByText('Breakthrough 1')).toBeInTheDocument();
    expect(lastUrl(fetch)).toBe('/api/article/breakthrough?page=1&size=10&q=hook&lang=TypeScript');
    const times = screen.getAllByText('3 hours ago');
    expect(times).toHaveLength(3);
    expect(times.map((time) => time.parentElement?.textContent)).toEqual(
      Array(3).fill('3 hours ago | Repolog Frontend'),
    );
    // The exact moment is the time element's, shown on hover.
    const time = times[0];
    expect(time?.tagName).toBe('TIME');
    expect(time).toHaveAttribute('dateTime', CREATED_AT);
    expect(time).toHaveAttribute('title', new Date(CREATED_AT).toLocaleString());
    expect(screen.getByText('Breakthrough 2').closest('a')).toHaveAttribute(
      'href',
      '/breakthrough/2',
    );
  });

  it("shows each breakthrough's likes and comments, read out as words", async () => {
    stubList(3);
    renderBrowser();
    const link = (await screen.findByText('Breakthrough 2')).closest('a');
    expect(link).toHaveAccessibleName(
      /^Breakthrough 2 .+ \| Repolog Frontend TypeScript 6 likes 1 comment$/,
    );
    expect(screen.getByText('Breakthrough 1').closest('a')).toHaveAccessibleName(
      /1 like 0 comments$/,
    );
  });

  it('sorts by newest or most liked through the address, keeping search and language', async () => {
    const fetch = stubList(25);
    renderBrowser('/breakthrough?q=hook&lang=Kotlin&page=2');
    await screen.findByText('Breakthrough 11');
    const sorts = screen.getByRole('navigation', { name: 'Sort breakthroughs' });
    const newest = within(sorts).getByRole('link', { name: 'Newest' });
    const liked = within(sorts).getByRole('link', { name: 'Most liked' });
    expect(newest).toHaveAttribute('aria-current', 'true');
    expect(liked).not.toHaveAttribute('aria-current');
    // Real addresses (the page server-rendered works without JavaScript), back to page 1.
    expect(liked).toHaveAttribute('href', '/breakthrough?q=hook&lang=Kotlin&sort=likes');

    await userEvent.click(liked);
    expect(screen.getByTestId('where')).toHaveTextContent(
      '/breakthrough?q=hook&lang=Kotlin&sort=likes',
    );
    await waitFor(() =>
      expect(lastUrl(fetch)).toBe(
        '/api/article/breakthrough?page=1&size=10&q=hook&lang=Kotlin&sort=likes',
      ),
    );
    expect(liked).toHaveAttribute('aria-current', 'true');
    // Paging and the language keep the order.
    expect(await screen.findByRole('link', { name: 'Next page' })).toHaveAttribute(
      'href',
      '/breakthrough?q=hook&lang=Kotlin&sort=likes&page=2',
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Swift');
    expect(screen.getByTestId('where')).toHaveTextContent(
      '/breakthrough?q=hook&lang=Swift&sort=likes',
    );
    await userEvent.click(within(sorts).getByRole('link', { name: 'Newest' }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/breakthrough\?q=hook&lang=Swift$/);
  });

  it('reads an unknown order as newest first', async () => {
    const fetch = stubList(3);
    renderBrowser('/breakthrough?sort=popular');
    await screen.findByText('Breakthrough 1');
    expect(lastUrl(fetch)).toBe('/api/article/breakthrough?page=1&size=10');
    expect(screen.getByRole('link', { name: 'Newest' })).toHaveAttribute('aria-current', 'true');
  });

  it('offers no order on the liked list, which keeps the order of the likes', async () => {
    const fetch = stubList(3);
    renderBrowser('/like/breakthrough?sort=likes', 'liked');
    await screen.findByText('Breakthrough 1');
    expect(lastUrl(fetch)).toBe('/api/home/article/like?page=1&size=10');
    expect(
      screen.queryByRole('navigation', { name: 'Sort breakthroughs' }),
    ).not.toBeInTheDocument();
  });

  it('hides the pagination with one page and shows it with more', async () => {
    stubList(10);
    renderBrowser();
    await screen.findByText('Breakthrough 10');
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('pages through the URL and goes back to page 1 when the language changes', async () => {
    const fetch = stubList(25);
    renderBrowser();
    await screen.findByText('Breakthrough 1');
    await userEvent.click(screen.getByRole('link', { name: 'Next page' }));
    expect(await screen.findByText('Breakthrough 11')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/breakthrough?page=2');

    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(screen.getByRole('option', { name: 'Select Language' })).toHaveValue('');
    expect(screen.getAllByRole('option')).toHaveLength(11);
    await userEvent.selectOptions(select, 'Kotlin');
    expect(screen.getByTestId('where')).toHaveTextContent('/breakthrough?lang=Kotlin');
    await waitFor(() =>
      expect(lastUrl(fetch)).toBe('/api/article/breakthrough?page=1&size=10&lang=Kotlin'),
    );

    await userEvent.click(await screen.findByRole('link', { name: 'Next page' }));
    await userEvent.selectOptions(select, '');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/breakthrough$/);
  });

  it('alerts when a search finds nothing, clears the box and restores the full list', async () => {
    const fetch = stubList(4);
    renderBrowser();
    await screen.findByText('Breakthrough 4');
    const box = screen.getByRole('searchbox');
    await userEvent.type(box, 'nothing{Enter}');
    await waitFor(() => expect(alert).toHaveBeenCalledWith('There is no Breakthrough!'));
    expect(alert).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(box).toHaveValue(''));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/breakthrough$/);
    expect(await screen.findByText('Breakthrough 4')).toBeInTheDocument();
    expect(lastUrl(fetch)).toBe('/api/article/breakthrough?page=1&size=10');
  });

  it('does not search on the Enter that ends an IME composition', async () => {
    const fetch = stubList(4);
    renderBrowser();
    await screen.findByText('Breakthrough 4');
    const calls = fetch.mock.calls.length;
    const box = screen.getByRole('searchbox');
    fireEvent.change(box, { target: { value: '훅' } });
    fireEvent.keyDown(box, { key: 'Enter', isComposing: true });
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/breakthrough$/);
    expect(fetch.mock.calls.length).toBe(calls);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(screen.getByTestId('where')).toHaveTextContent('/breakthrough?q=%ED%9B%85');
  });
});
