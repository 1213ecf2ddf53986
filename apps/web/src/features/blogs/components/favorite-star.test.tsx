import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStatusQuery } from '../../../lib/auth';
import { favoriteStorageKey } from '../lib/favorite-storage';
import { FavoriteStar } from './favorite-star';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderStar(blog: { blog_id: number; fav_button: boolean }, loggedIn: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(
    authStatusQuery.queryKey,
    loggedIn
      ? { loggedIn: true, message: 'ok', userId: 7, userName: 'dana-kim' }
      : { loggedIn: false, message: 'Access token is missing' },
  );
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/blog/12']}>
        <FavoriteStar blog={blog} />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole('button', { name: 'Favorite this blog' });
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('FavoriteStar', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('starts from the stored fav_button_{blogId} when there is one', () => {
    localStorage.setItem(favoriteStorageKey(12), 'false');
    expect(favoriteStorageKey(12)).toBe('fav_button_12');
    const star = renderStar({ blog_id: 12, fav_button: true }, true);
    expect(star).toHaveAttribute('aria-pressed', 'false');
  });

  it("otherwise starts from the server's fav_button and stores it", () => {
    const star = renderStar({ blog_id: 12, fav_button: true }, true);
    expect(star).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem('fav_button_12')).toBe('true');
  });

  it('alerts a visitor and sends them to /login', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    await userEvent.click(renderStar({ blog_id: 12, fav_button: false }, false));
    expect(alert).toHaveBeenCalledWith('Please log in to use this feature.');
    expect(screen.getByTestId('where')).toHaveTextContent('/login');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('changes only after a successful call, then stores the new state', async () => {
    const fetch = vi.fn((_url: string, _init: RequestInit) =>
      Promise.resolve(json(200, { fav_button: true, fav_count: 4 })),
    );
    vi.stubGlobal('fetch', fetch);
    const star = renderStar({ blog_id: 12, fav_button: false }, true);
    await userEvent.click(star);
    await waitFor(() => expect(star).toHaveAttribute('aria-pressed', 'true'));
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/blog/12/favorites');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(init?.body as string)).toEqual({ blogId: 12 });
    expect(localStorage.getItem('fav_button_12')).toBe('true');
  });

  it('stays as it was and only logs when the call fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json(500, { error: 'internal', message: 'boom' }))),
    );
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const star = renderStar({ blog_id: 12, fav_button: false }, true);
    await userEvent.click(star);
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(star).toHaveAttribute('aria-pressed', 'false');
    expect(localStorage.getItem('fav_button_12')).toBe('false');
    expect(alert).not.toHaveBeenCalled();
  });
});
