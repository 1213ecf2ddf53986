import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Comment } from '@repolog/contract/comments';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { locale, provideCatalog } from '../../../i18n';
import { ko, tellMessage } from '../../../i18n/ko';
import { authStatusQuery } from '../../../lib/auth';
import { COMMENT_TEXTS } from '../lib/comment-texts';
import { CommentsSection } from './comments-section';

const ARTICLE = 25;
const ME = { userId: 1, userName: 'dana-kim' };

const comment = (id: number, over: Partial<Comment> = {}): Comment => ({
  commentId: id,
  articleId: ARTICLE,
  userName: 'sora-lee',
  date: '2026-01-02T03:04:05.000Z',
  updatedAt: '2026-01-02T03:04:05.000Z',
  content: `comment ${id}`,
  updateButton: false,
  deleteButton: false,
  ...over,
});

/**
 * An in-memory stand-in for the comment calls; `fail` makes writes answer 500, `refusal` makes
 * a new comment answer with that error body (403).
 */
function fakeServer(initial: Comment[]) {
  const state = {
    comments: [...initial],
    fail: false,
    refusal: null as Record<string, unknown> | null,
    calls: [] as string[],
  };
  const json = (status: number, body: unknown) =>
    Promise.resolve(
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
    );
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      state.calls.push(`${method} ${url}`);
      const body =
        typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
      if (method !== 'GET' && state.fail) return json(500, { error: 'internal', message: 'x' });
      if (method === 'GET') return json(200, state.comments);
      if (method === 'POST' && state.refusal) return json(403, state.refusal);
      if (method === 'POST') {
        const created = comment(100 + state.comments.length, {
          userName: ME.userName,
          content: String(body.content),
          updateButton: true,
          deleteButton: true,
        });
        state.comments.push(created);
        return json(200, created);
      }
      const id = Number(url.split('/').pop());
      if (method === 'PUT') {
        const found = state.comments.find((c) => c.commentId === id);
        if (!found) return json(404, { error: 'not_found', message: 'x' });
        found.content = String(body.content);
        return json(200, found);
      }
      state.comments = state.comments.filter((c) => c.commentId !== id);
      return json(200, { message: 'deleted' });
    }),
  );
  return state;
}

function renderSection(signedIn: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(
    authStatusQuery.queryKey,
    signedIn
      ? { loggedIn: true, message: 'ok', ...ME }
      : { loggedIn: false, message: 'Access token is missing' },
  );
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CommentsSection articleId={ARTICLE} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

let alerts: string[];
beforeEach(() => {
  alerts = [];
  vi.spyOn(window, 'alert').mockImplementation((text?: string) => {
    alerts.push(String(text));
  });
  // Failures are logged by design (spec §8); keep the test output quiet.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('comments block', () => {
  it('reads "There is no Comment!" when empty, and refuses typing by a visitor', async () => {
    fakeServer([]);
    renderSection(false);
    expect(await screen.findByText('There is no Comment!')).toBeInTheDocument();
    const box = screen.getByLabelText('Write a comment');
    await userEvent.type(box, 'h');
    expect(alerts).toEqual([
      'Login is required to access this service! Please log in to continue.',
    ]);
    expect(box).toHaveValue('');
  });

  it('links each author to their profile and says how long ago, and whether edited', async () => {
    // Only Date is faked: the rows are read "three hours" after the first comment.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-01-02T06:04:05.000Z') });
    try {
      fakeServer([
        comment(1),
        comment(2, {
          userName: 'alex-chen',
          date: '2026-01-02T05:00:00.000Z',
          updatedAt: '2026-01-02T05:30:00.000Z',
        }),
      ]);
      renderSection(false);
      await screen.findByText('comment 1');
      const [first, second] = screen.getAllByRole('listitem');
      if (!first || !second) throw new Error('rows missing');

      expect(within(first).getByRole('link', { name: 'sora-lee' })).toHaveAttribute(
        'href',
        '/user/sora-lee',
      );
      const posted = within(first).getByText('3 hours ago');
      expect(posted.tagName).toBe('TIME');
      expect(posted).toHaveAttribute('dateTime', '2026-01-02T03:04:05.000Z');
      expect(posted).toHaveAttribute(
        'title',
        new Date('2026-01-02T03:04:05.000Z').toLocaleString(),
      );
      expect(within(first).queryByText('(edited)')).not.toBeInTheDocument();

      expect(within(second).getByRole('link', { name: 'alex-chen' })).toHaveAttribute(
        'href',
        '/user/alex-chen',
      );
      expect(within(second).getByText('1 hour ago')).toBeInTheDocument();
      expect(within(second).getByText('(edited)')).toHaveAttribute(
        'title',
        `Edited ${new Date('2026-01-02T05:30:00.000Z').toLocaleString()}`,
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses an empty comment and appends a new one', async () => {
    const server = fakeServer([comment(1)]);
    renderSection(true);
    await screen.findByText('comment 1');
    await userEvent.type(screen.getByLabelText('Write a comment'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(alerts).toEqual([COMMENT_TEXTS.enterComment]);
    expect(alerts[0]).toBe('Please enter a comment.');

    await userEvent.type(screen.getByLabelText('Write a comment'), ' Thanks for this ');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[1]).toHaveTextContent('Thanks for this');
    expect(screen.getByLabelText('Write a comment')).toHaveValue('');
    // Appended locally: the list was fetched once.
    expect(server.calls.filter((c) => c.startsWith('GET'))).toHaveLength(1);
    expect(server.calls).toContain('POST /api/comment');
  });

  it('says so beside the box when a paste is longer than a comment may be', async () => {
    fakeServer([]);
    renderSection(true);
    await screen.findByText('There is no Comment!');
    const box = screen.getByLabelText('Write a comment');
    await waitFor(() => expect(box).not.toHaveAttribute('readonly'));
    fireEvent.paste(box, { clipboardData: { getData: () => 'short and sweet' } });
    expect(screen.queryByText(/can be at most/)).toBeNull();
    fireEvent.paste(box, { clipboardData: { getData: () => 'x'.repeat(5001) } });
    expect(screen.getByRole('status')).toHaveTextContent(
      'A comment can be at most 5,000 characters; the end of what you pasted was left out.',
    );
  });

  it('shows the menu with what the server allows, and Report on others’ comments', async () => {
    fakeServer([
      comment(1),
      comment(2, { deleteButton: true }),
      comment(3, { updateButton: true, userName: ME.userName }),
    ]);
    renderSection(true);
    await screen.findByText('comment 1');
    const [first, second, third] = screen.getAllByRole('listitem');
    if (!first || !second || !third) throw new Error('rows missing');
    const itemsOf = async (row: HTMLElement) => {
      await userEvent.click(await within(row).findByRole('button', { name: /Options/ }));
      const items = within(row)
        .getAllByRole('menuitem')
        .map((m) => m.textContent);
      // Clicking the icon again closes it.
      await userEvent.click(within(row).getByRole('button', { name: /Options/ }));
      expect(within(row).queryByRole('menu')).not.toBeInTheDocument();
      return items;
    };
    expect(await itemsOf(first)).toEqual(['Report']);
    expect(await itemsOf(second)).toEqual(['Report', 'Delete']);
    expect(await itemsOf(third)).toEqual(['Edit']);
  });

  it('folds a blocked person’s comment until the reader asks to see it', async () => {
    fakeServer([comment(1, { folded: true })]);
    renderSection(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Show' }));
    expect(screen.getByText('comment 1')).toBeInTheDocument();
    expect(screen.queryByText('Comment from a user you blocked')).not.toBeInTheDocument();
  });

  it('says why the server refused a comment, in the reader’s language, and keeps the text', async () => {
    const server = fakeServer([]);
    server.refusal = {
      error: 'forbidden',
      message: 'You cannot comment on this breakthrough.',
      key: 'comments.blocked',
      params: {},
    };
    renderSection(true);
    await screen.findByText('There is no Comment!');
    const box = screen.getByLabelText('Write a comment');
    await waitFor(() => expect(box).not.toHaveAttribute('readonly'));
    await userEvent.type(box, 'Hello again');
    const submit = screen.getByRole('button', { name: 'Submit' });
    await userEvent.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You cannot comment on this breakthrough.',
    );
    expect(box).toHaveValue('Hello again');
    expect(console.error).not.toHaveBeenCalled();

    // A Korean reader reads the catalog's text for the same key.
    provideCatalog('ko', ko, tellMessage);
    locale.set('ko');
    try {
      await userEvent.click(submit);
      await waitFor(() =>
        expect(screen.getByRole('alert')).toHaveTextContent(
          '이 브레이크스루에는 댓글을 달 수 없습니다.',
        ),
      );
    } finally {
      locale.set('en');
    }
  });

  it('shows its author why a comment is hidden or held', async () => {
    fakeServer([
      comment(1, { userName: ME.userName, hidden: { reason: 'Spam' } }),
      comment(2, { userName: ME.userName, held: 'links' }),
    ]);
    renderSection(true);
    expect(await screen.findByText('Hidden: Spam')).toBeInTheDocument();
    expect(screen.getByText(/Held for approval/)).toBeInTheDocument();
  });

  it('offers visitors no menu at all', async () => {
    fakeServer([comment(1)]);
    renderSection(false);
    await screen.findByText('comment 1');
    expect(screen.queryByRole('button', { name: /Options/ })).not.toBeInTheDocument();
  });

  it('edits inline, one row at a time, with the spec texts', async () => {
    const server = fakeServer([
      comment(1, { updateButton: true, deleteButton: true, userName: ME.userName }),
      comment(2, { updateButton: true, deleteButton: true, userName: ME.userName }),
    ]);
    renderSection(true);
    await screen.findByText('comment 1');
    const [first, second] = screen.getAllByRole('listitem');
    if (!first || !second) throw new Error('rows missing');

    await userEvent.click(await within(first).findByRole('button', { name: /Options/ }));
    await userEvent.click(within(first).getByRole('menuitem', { name: 'Edit' }));
    const editor = await within(first).findByLabelText('Edit your comment');
    expect(editor).toHaveValue('comment 1');
    expect(within(first).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    // While a row is edited, no menu opens.
    expect(await within(second).findByRole('button', { name: /Options/ })).toBeDisabled();

    await userEvent.clear(editor);
    await userEvent.click(within(first).getByRole('button', { name: 'Edit' }));
    expect(alerts).toEqual(['Content cannot be empty.']);

    await userEvent.type(editor, 'better words');
    server.fail = true;
    await userEvent.click(within(first).getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(alerts).toContain('Failed to update comment.'));

    server.fail = false;
    await userEvent.click(within(first).getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(alerts).toContain('Comment updated successfully.'));
    expect(within(first).getByText('better words')).toBeInTheDocument();
    expect(within(first).queryByLabelText('Edit your comment')).not.toBeInTheDocument();
    expect(await within(second).findByRole('button', { name: /Options/ })).toBeEnabled();

    // Cancel leaves the text as it was.
    await userEvent.click(await within(second).findByRole('button', { name: /Options/ }));
    await userEvent.click(within(second).getByRole('menuitem', { name: 'Edit' }));
    await userEvent.type(within(second).getByLabelText('Edit your comment'), ' changed');
    await userEvent.click(within(second).getByRole('button', { name: 'Cancel' }));
    expect(within(second).getByText('comment 2')).toBeInTheDocument();
  });

  it('confirms a delete, says so, and reloads the list', async () => {
    const server = fakeServer([comment(1, { deleteButton: true }), comment(2)]);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderSection(true);
    await screen.findByText('comment 1');
    const row = () => screen.getAllByRole('listitem')[0] as HTMLElement;

    await userEvent.click(within(row()).getByRole('button', { name: /Options/ }));
    await userEvent.click(within(row()).getByRole('menuitem', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this comment?');
    expect(server.calls.some((c) => c.startsWith('DELETE'))).toBe(false);

    server.fail = true;
    confirm.mockReturnValue(true);
    await userEvent.click(within(row()).getByRole('button', { name: /Options/ }));
    await userEvent.click(within(row()).getByRole('menuitem', { name: 'Delete' }));
    await waitFor(() => expect(alerts).toEqual(['Failed to delete comment.']));

    server.fail = false;
    await userEvent.click(within(row()).getByRole('button', { name: /Options/ }));
    await userEvent.click(within(row()).getByRole('menuitem', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('comment 1')).not.toBeInTheDocument());
    expect(alerts).toContain('Comment deleted successfully.');
    expect(server.calls).toContain(`DELETE /api/comment/${ARTICLE}/1`);
    expect(server.calls.filter((c) => c.startsWith('GET'))).toHaveLength(2);
  });
});
