import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BreakthroughBrowser } from './breakthrough-browser';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

const item = (id: number) => ({
  articleId: id,
  title: `Breakthrough ${id}`,
  createdAt: '2026-03-04T10:00:00.000Z',
  blogName: 'Repolog Frontend',
  blogId: 32,
  about: 'TypeScript',
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

function renderBrowser(path = '/breakthrough') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <BreakthroughBrowser source="all" title="Let's Explore all breakthroughs!" />
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
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks the server for page, size 10, query and language, and shows title and date | blog', async () => {
    const fetch = stubList(3);
    renderBrowser('/breakthrough?q=hook&lang=typescript');
    expect(await screen.findByText('Breakthrough 1')).toBeInTheDocument();
    expect(lastUrl(fetch)).toBe('/api/article/breakthrough?page=1&size=10&q=hook&lang=TypeScript');
    expect(screen.getAllByText(/^2026-03-0\d \| Repolog Frontend$/)).toHaveLength(3);
    expect(screen.getByText('Breakthrough 2').closest('a')).toHaveAttribute(
      'href',
      '/breakthrough/2',
    );
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
