import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  api,
  EARLY_READ_MAX_AGE_MS,
  forgetEarlyReads,
  readEarly,
  resetSessionGuards,
} from './api-client';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('early reads', () => {
  const calls: string[] = [];
  let answers = 0;

  beforeEach(() => {
    calls.length = 0;
    answers = 0;
    resetSessionGuards();
    forgetEarlyReads();
    window.history.replaceState(null, '', '/blog/32/breakthrough/write');
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        calls.push(`${init.method ?? 'GET'} ${url}`);
        answers += 1;
        return Promise.resolve(json(200, { answer: answers }));
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("gives the page's first call the answer asked for before it ran", async () => {
    readEarly('/api/blog/non-member/32');
    expect(calls).toEqual(['GET /api/blog/non-member/32']);
    await expect(api('/api/blog/non-member/32')).resolves.toEqual({ answer: 1 });
    expect(calls).toEqual(['GET /api/blog/non-member/32']);
  });

  it('serves one call: the next one asks the server again', async () => {
    readEarly('/api/blog/32/drafts');
    await api('/api/blog/32/drafts');
    await expect(api('/api/blog/32/drafts')).resolves.toEqual({ answer: 2 });
    expect(calls).toEqual(['GET /api/blog/32/drafts', 'GET /api/blog/32/drafts']);
  });

  it('is not used by a write to the same address', async () => {
    readEarly('/api/blog/32/drafts');
    await api('/api/blog/32/drafts', { method: 'POST', body: { title: 'x' } });
    expect(calls).toEqual(['GET /api/blog/32/drafts', 'POST /api/blog/32/drafts']);
  });

  it('is not used once the reader is on another page', async () => {
    readEarly('/api/blog/32/drafts');
    window.history.pushState(null, '', '/blog/32');
    await expect(api('/api/blog/32/drafts')).resolves.toEqual({ answer: 2 });
    expect(calls).toHaveLength(2);
  });

  it('is not used when it arrived too long before the call', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    readEarly('/api/blog/32/drafts');
    await vi.waitFor(() => expect(answers).toBe(1));
    // Its arrival is noted once the answer has settled.
    await Promise.resolve();
    vi.setSystemTime(Date.now() + EARLY_READ_MAX_AGE_MS + 1);
    await expect(api('/api/blog/32/drafts')).resolves.toEqual({ answer: 2 });
  });

  it('goes through the session refresh like any answer: a 401 is asked again after it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        calls.push(`${init.method ?? 'GET'} ${url}`);
        if (url === '/api/auth/refresh') return Promise.resolve(json(200, {}));
        return Promise.resolve(
          calls.length === 1
            ? json(401, { error: 'unauthenticated', message: 'expired' })
            : json(200, { ok: 1 }),
        );
      }),
    );
    readEarly('/api/blog/32/drafts');
    await expect(api('/api/blog/32/drafts')).resolves.toEqual({ ok: 1 });
    expect(calls).toEqual([
      'GET /api/blog/32/drafts',
      'POST /api/auth/refresh',
      'GET /api/blog/32/drafts',
    ]);
  });

  it('asks again when the early read failed', async () => {
    let first = true;
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        calls.push(`GET ${url}`);
        if (first) {
          first = false;
          return Promise.reject(new TypeError('Failed to fetch'));
        }
        return Promise.resolve(json(200, { ok: 1 }));
      }),
    );
    readEarly('/api/blog/32/drafts');
    await expect(api('/api/blog/32/drafts')).resolves.toEqual({ ok: 1 });
    expect(calls).toEqual(['GET /api/blog/32/drafts', 'GET /api/blog/32/drafts']);
  });
});
