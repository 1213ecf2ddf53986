import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStatusQuery } from '../../../lib/auth';
import { likeStorageKey } from '../lib/like-storage';
import { LIKE_TIP, LikeButton } from './like-button';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderLike(
  article: { articleId: number; likeButton: boolean; likeCount: number },
  loggedIn: boolean,
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(
    authStatusQuery.queryKey,
    loggedIn
      ? { loggedIn: true, message: 'ok', userId: 7, userName: 'dana-kim' }
      : { loggedIn: false, message: 'Access token is missing' },
  );
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/breakthrough/5']}>
        <LikeButton article={article} />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole('button', { name: /^Like\s*\d+$/ });
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('LikeButton', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('prefers the locally stored flag over the server value', () => {
    localStorage.setItem(likeStorageKey(5), 'true');
    const heart = renderLike({ articleId: 5, likeButton: false, likeCount: 3 }, true);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem(likeStorageKey(5))).toBe('true');
  });

  it('uses and stores the server value when nothing is stored', () => {
    const heart = renderLike({ articleId: 5, likeButton: true, likeCount: 3 }, true);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem('like_button_5')).toBe('true');
  });

  it('describes itself with the hover tip', () => {
    const heart = renderLike({ articleId: 5, likeButton: false, likeCount: 0 }, true);
    expect(heart).toHaveAccessibleDescription(LIKE_TIP);
    expect(LIKE_TIP).toBe('If you liked this breakthrough, please give it a heart!');
  });

  it('alerts a visitor and sends them to /login without calling the server', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const heart = renderLike({ articleId: 5, likeButton: false, likeCount: 3 }, false);
    await userEvent.click(heart);
    expect(alert).toHaveBeenCalledWith('Please log in to use this feature.');
    expect(screen.getByTestId('where')).toHaveTextContent('/login');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('toggles at once, then takes the server answer and stores the flag', async () => {
    let answer: (value: Response) => void = () => undefined;
    const fetch = vi.fn(
      (_url: string, _init: RequestInit) => new Promise<Response>((resolve) => (answer = resolve)),
    );
    vi.stubGlobal('fetch', fetch);
    const heart = renderLike({ articleId: 5, likeButton: false, likeCount: 3 }, true);
    await userEvent.click(heart);
    // Optimistic: liked with one more heart before the server answers.
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('like-count')).toHaveTextContent('4');
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/article/5/like');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(init?.body as string)).toEqual({ articleId: 5 });
    await act(async () => answer(json(200, { likeButton: true, likeCount: 10 })));
    await waitFor(() => expect(screen.getByTestId('like-count')).toHaveTextContent('10'));
    expect(localStorage.getItem('like_button_5')).toBe('true');
  });

  it('rolls back and only logs when the call fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json(500, { error: 'internal', message: 'boom' }))),
    );
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const heart = renderLike({ articleId: 5, likeButton: false, likeCount: 3 }, true);
    await userEvent.click(heart);
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('like-count')).toHaveTextContent('3');
    expect(localStorage.getItem('like_button_5')).toBe('false');
    expect(alert).not.toHaveBeenCalled();
  });
});
