import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, resetSessionGuards, sessionHooks } from './api-client';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('api client', () => {
  const calls: string[] = [];
  let onExpired: ReturnType<typeof vi.fn<() => void>>;
  const originalOnExpired = sessionHooks.onExpired;

  beforeEach(() => {
    calls.length = 0;
    resetSessionGuards();
    onExpired = vi.fn<() => void>();
    sessionHooks.onExpired = onExpired;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionHooks.onExpired = originalOnExpired;
  });

  const stubFetch = (answer: (url: string, method: string, n: number) => Response) => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        const method = init.method ?? 'GET';
        calls.push(`${method} ${url}`);
        expect(init.credentials).toBe('include');
        return Promise.resolve(answer(url, method, calls.length));
      }),
    );
  };

  it('retries a 401 once after a successful refresh', async () => {
    let dataCalls = 0;
    stubFetch((url) => {
      if (url === '/api/auth/refresh') return json(200, { message: 'refreshed' });
      dataCalls += 1;
      return dataCalls === 1
        ? json(401, { error: 'unauthenticated', message: 'expired' })
        : json(200, { ok: 1 });
    });
    await expect(api('/api/blog')).resolves.toEqual({ ok: 1 });
    expect(calls).toEqual(['GET /api/blog', 'POST /api/auth/refresh', 'GET /api/blog']);
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('does not retry a second time when the retried request is 401 again', async () => {
    stubFetch((url) =>
      url === '/api/auth/refresh'
        ? json(200, {})
        : json(401, { error: 'unauthenticated', message: 'no' }),
    );
    await expect(api('/api/blog')).rejects.toMatchObject({ status: 401 });
    expect(calls).toEqual(['GET /api/blog', 'POST /api/auth/refresh', 'GET /api/blog']);
  });

  it('runs the expiry handling once when refresh fails, even for concurrent requests', async () => {
    stubFetch((url) => {
      if (url === '/api/auth/refresh')
        return json(401, { error: 'unauthenticated', message: 'revoked' });
      if (url === '/api/auth/logout') return json(200, { message: 'bye' });
      return json(401, { error: 'unauthenticated', message: 'expired' });
    });
    const results = await Promise.allSettled([api('/api/blog'), api('/api/notice/count')]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(calls.filter((c) => c === 'POST /api/auth/refresh')).toHaveLength(1);
    expect(calls.filter((c) => c === 'POST /api/auth/logout')).toHaveLength(1);
  });

  it('turns an error body into an ApiError carrying the server message', async () => {
    stubFetch(() =>
      json(403, { error: 'forbidden', message: 'Only blog members can write here.' }),
    );
    const error = await api('/api/article', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'bad_request',
      status: 403,
      code: 'forbidden',
      message: 'Only blog members can write here.',
    });
  });

  it('reports an unreachable server as a network error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api('/api/home/blog')).rejects.toMatchObject({ kind: 'network' });
  });

  it('reports a cancelled request as cancel', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => {
        return new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        });
      }),
    );
    const controller = new AbortController();
    const pending = api('/api/home/blog', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'cancel' });
  });
});
