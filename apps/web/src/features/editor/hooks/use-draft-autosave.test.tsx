import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ArticleFormValues } from '../lib/article-form-rules';
import { SAVE_DELAY_MS, useDraftAutosave } from './use-draft-autosave';

const EMPTY: ArticleFormValues = {
  title: '',
  content: '',
  about: '',
  problem: '',
  solution: '',
  problemRef: '',
  solutionRef: '',
  tags: [],
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const draft = (fields: Partial<Record<string, unknown>>) => ({
  draftId: 5,
  blogId: 7,
  articleId: null,
  title: '',
  content: '',
  about: null,
  problem: null,
  solution: null,
  version: 1,
  creatorId: 1,
  creatorName: 'dana-kim',
  updatedById: 1,
  updatedByName: 'dana-kim',
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  ...fields,
});

type Call = { url: string; method: string; body: Record<string, unknown>; keepalive: boolean };

function setup(answer: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const call = {
        url,
        method: init.method ?? 'GET',
        body: init.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : {},
        keepalive: init.keepalive === true,
      };
      calls.push(call);
      return Promise.resolve(answer(call));
    }),
  );
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(
    ({ values }: { values: ArticleFormValues }) =>
      useDraftAutosave({ blogId: 7, draft: null, values, initial: EMPTY, enabled: true }),
    { wrapper, initialProps: { values: EMPTY } },
  );
  const type = (values: Partial<ArticleFormValues>) =>
    act(async () => {
      hook.rerender({ values: { ...EMPTY, ...values } });
      await Promise.resolve();
    });
  const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
  return { calls, hook, type, wait };
}

describe('useDraftAutosave', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('creates the draft about a second after typing pauses, then saves version by version', async () => {
    let version = 0;
    const { calls, hook, type, wait } = setup((call) => {
      version += 1;
      return json(draft({ ...call.body, version }));
    });
    await wait(5000);
    expect(calls).toEqual([]);
    expect(hook.result.current.status).toBe('idle');

    await type({ title: 'H' });
    await wait(SAVE_DELAY_MS / 2);
    await type({ title: 'Half' });
    await wait(SAVE_DELAY_MS - 1);
    expect(calls).toEqual([]);
    expect(hook.result.current.unsaved).toBe(true);
    await wait(1);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: '/api/blog/7/drafts', method: 'POST' });
    expect(calls[0]!.body).toMatchObject({ title: 'Half', content: '', about: null });
    expect(hook.result.current.status).toBe('saved');
    expect(hook.result.current.unsaved).toBe(false);
    expect(hook.result.current.draft).toEqual({ draftId: 5, version: 1 });

    await type({ title: 'Half a thought', content: 'Body' });
    await wait(SAVE_DELAY_MS);
    expect(calls[1]).toMatchObject({ url: '/api/draft/5', method: 'PUT' });
    expect(calls[1]!.body).toMatchObject({ version: 1, title: 'Half a thought', content: 'Body' });
    expect(hook.result.current.draft).toEqual({ draftId: 5, version: 2 });
  });

  it('says "retrying" when a save fails and saves on the next try', async () => {
    let fail = true;
    const { calls, hook, type, wait } = setup((call) =>
      fail
        ? json({ error: 'internal', message: 'Something went wrong' }, 500)
        : json(draft({ ...call.body })),
    );
    await type({ content: 'Typed offline' });
    await wait(SAVE_DELAY_MS);
    expect(hook.result.current.status).toBe('retrying');
    fail = false;
    await wait(1999);
    expect(calls).toHaveLength(1);
    await wait(1);
    expect(calls).toHaveLength(2);
    expect(hook.result.current.status).toBe('saved');
  });

  it('stops on a stale version, shows their draft, and keeps mine only when asked', async () => {
    let stale = false;
    const theirs = draft({ version: 4, content: 'Their text', updatedByName: 'sora-lee' });
    const { calls, hook, type, wait } = setup((call) => {
      if (call.method === 'POST') return json(draft({ ...call.body, version: 1 }));
      if (stale) return json({ error: 'conflict', message: 'Saved elsewhere', draft: theirs }, 409);
      return json(draft({ ...call.body, version: Number(call.body.version) + 1 }));
    });
    await type({ content: 'Mine' });
    await wait(SAVE_DELAY_MS);
    stale = true;
    await type({ content: 'Mine, more' });
    await wait(SAVE_DELAY_MS);
    expect(hook.result.current.status).toBe('conflict');
    expect(hook.result.current.conflict?.content).toBe('Their text');

    await type({ content: 'Mine, even more' });
    await wait(60_000);
    expect(calls).toHaveLength(2);

    stale = false;
    act(() => hook.result.current.keepMine());
    await wait(0);
    expect(calls[2]).toMatchObject({ method: 'PUT' });
    expect(calls[2]!.body).toMatchObject({ version: 4, content: 'Mine, even more' });
    expect(hook.result.current.status).toBe('saved');
  });

  it('saves at once, with a request that outlives the page, when the page is hidden', async () => {
    const { calls, type, wait } = setup((call) => json(draft({ ...call.body })));
    await type({ title: 'Closing the tab' });
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', keepalive: true });
    await wait(SAVE_DELAY_MS * 5);
    expect(calls).toHaveLength(1);
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  });
});
