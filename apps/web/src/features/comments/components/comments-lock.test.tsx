import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStatusQuery } from '../../../lib/auth';
import { CommentsSection } from './comments-section';

const ARTICLE = 25;

function renderSection(props: { locked: boolean; canLock: boolean }) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      calls.push({
        method,
        url,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : null,
      });
      const body = method === 'GET' ? [] : { locked: !props.locked };
      return Promise.resolve(
        new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
      );
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(authStatusQuery.queryKey, {
    loggedIn: true,
    message: 'ok',
    userId: 1,
    userName: 'dana-kim',
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CommentsSection articleId={ARTICLE} {...props} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('closed comments', () => {
  it('say so in place of the comment box; a reader who may not open them sees no button', async () => {
    renderSection({ locked: true, canLock: false });
    expect(await screen.findByText('Comments on this breakthrough are closed.')).toBeVisible();
    expect(screen.queryByLabelText('Write a comment')).toBeNull();
    expect(screen.queryByRole('button', { name: /comments$/ })).toBeNull();
  });

  it('are closed and opened by a member with one button', async () => {
    const calls = renderSection({ locked: false, canLock: true });
    expect(await screen.findByLabelText('Write a comment')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Close comments' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'PUT',
        url: `/api/comment/lock/${ARTICLE}`,
        body: { locked: true },
      }),
    );
  });
});
