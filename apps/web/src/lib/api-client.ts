import type { KeyedMessage } from '@repolog/contract/message-format';
import { describeMessage, i18n, params } from '../i18n';
import { LOGGED_IN_COOKIE, removeCookie } from './cookies';

/** Request time-out of spec §9. */
export const REQUEST_TIMEOUT_MS = 100_000;
export const SESSION_EXPIRED_MESSAGE = '세션이 만료되었습니다. 다시 로그인하세요.';
export const TOKEN_REFRESH_FAILED = '토큰 갱신 실패';

/** The client's own error messages (the server's come in its answers). */
const messages = i18n('apiClient', {
  timeout: 'The server took too long to answer.',
  cancelled: 'The request was cancelled.',
  network: 'Network error',
  notJson: 'The server sent something that is not JSON.',
  requestFailed: params('Request failed ({status})'),
  unexpected: 'The server sent an unexpected answer.',
});

/** The HTTP client's error categories (spec §8). */
export type ApiErrorKind = 'network' | 'timeout' | 'cancel' | 'bad_request' | 'bad_response';

export class ApiError extends Error {
  /** The server's message key (@repolog/contract/messages) and its params, when it sent them. */
  declare readonly key?: string;
  declare readonly params?: KeyedMessage['params'];

  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly status?: number,
    readonly code?: string,
    /** The whole error body, for answers that carry more than a message (a 409's current draft). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
    this.key = (body as Partial<KeyedMessage> | undefined)?.key;
    this.params = (body as Partial<KeyedMessage> | undefined)?.params;
  }
}

/**
 * The error of an answer that is not 2xx, its message in the active language: the reader's
 * catalog's text for the server's key (English: the server's own text), else a generic one.
 */
export function answerError(status: number, body: unknown): ApiError {
  // The server's error bodies are {error, message, key, params}; a proxy's may be anything.
  const err = body as { error?: string; message?: unknown } | undefined;
  const message =
    typeof err?.message === 'string'
      ? describeMessage(body, err.message)
      : messages.get().requestFailed({ status });
  return new ApiError('bad_request', message, status, err?.error, body);
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Only types the response; the server validates every response against the contract. */
  expect?: (body: unknown) => body is T;
  signal?: AbortSignal;
  /** Skip the 401 -> refresh -> retry dance (the refresh and logout calls themselves). */
  noRefresh?: boolean;
  /** Let the request outlive the page (autosave when the tab closes); small bodies only. */
  keepalive?: boolean;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

/** Hooks the app fills in at start; kept here so this module has no React imports. */
export const sessionHooks = {
  /** Called once when a refresh fails: the default alerts and goes to /login. */
  onExpired: () => {
    window.alert(SESSION_EXPIRED_MESSAGE);
    window.location.assign('/login');
  },
};

let refreshing: Promise<void> | undefined;
let expiryHandled = false;

/** For tests: forget that the expiry was handled. */
export function resetSessionGuards(): void {
  refreshing = undefined;
  expiryHandled = false;
}

async function send(path: string, options: RequestOptions<unknown>): Promise<Response> {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const init: RequestInit = {
    method: options.method ?? 'GET',
    credentials: 'include',
    headers: { Accept: 'application/json' },
    signal,
    ...(options.keepalive ? { keepalive: true } : {}),
  };
  if (options.body !== undefined) {
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
    init.body = JSON.stringify(options.body);
  }
  try {
    return await fetch(path, init);
  } catch (error) {
    const t = messages.get();
    if (timeout.aborted) throw new ApiError('timeout', t.timeout);
    if (options.signal?.aborted) throw new ApiError('cancel', t.cancelled);
    throw new ApiError('network', error instanceof Error ? error.message : t.network);
  }
}

/** POST /api/auth/refresh: 200 sets a new access token cookie; anything else raises. */
export async function refreshSession(): Promise<void> {
  const res = await send('/api/auth/refresh', { method: 'POST', noRefresh: true });
  if (res.status !== 200) throw new ApiError('bad_request', TOKEN_REFRESH_FAILED, res.status);
}

/** One refresh at a time: concurrent 401s wait for the same refresh. */
function refreshOnce(): Promise<void> {
  refreshing ??= refreshSession().finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

async function handleExpiry(): Promise<void> {
  if (expiryHandled) return;
  expiryHandled = true;
  try {
    await send('/api/auth/logout', { method: 'POST', noRefresh: true });
  } catch (error) {
    console.error('logout after session expiry failed', error);
  }
  removeCookie(LOGGED_IN_COOKIE);
  sessionHooks.onExpired();
}

/**
 * For calls that cannot go through apiRequest (an upload that reports its progress): after a
 * 401, refreshes the session once. True when the call may be sent again; false when the
 * session is over (the expiry handling has run).
 */
export async function refreshAfterUnauthorized(): Promise<boolean> {
  try {
    await refreshOnce();
    return true;
  } catch {
    await handleExpiry();
    return false;
  }
}

async function parse<T>(res: Response, options: RequestOptions<T>): Promise<T> {
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  let body: unknown = undefined;
  if (text) {
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      throw new ApiError('bad_response', messages.get().notJson, res.status);
    }
  }
  if (!res.ok) throw answerError(res.status, body);
  if (options.expect && !options.expect(body)) {
    throw new ApiError('bad_response', messages.get().unexpected, res.status);
  }
  return body as T;
}

/** An early read's answer is used within this long of arriving; after that it is asked again. */
export const EARLY_READ_MAX_AGE_MS = 10_000;

interface EarlyRead {
  answer: Promise<Response>;
  /** The address (path and query) of the page it was started for. */
  address: string;
  arrivedAt?: number;
}

/** GETs started before the code that makes them had arrived (readEarly), by path. */
const earlyReads = new Map<string, EarlyRead>();

const currentAddress = () => `${window.location.pathname}${window.location.search}`;

/**
 * Starts GET `path` now, as the page's first call of it would, and keeps the answer for that
 * call: a page's reads then travel beside its code instead of after it. The answer serves only
 * the first call, on the same address, within EARLY_READ_MAX_AGE_MS of arriving; any other call
 * asks the server again.
 */
export function readEarly(path: string): void {
  if (earlyReads.has(path)) return;
  const read: EarlyRead = { answer: send(path, {}), address: currentAddress() };
  read.answer.then(
    () => (read.arrivedAt = Date.now()),
    // A failed early read is not used: the call it was for asks again (and reports its failure).
    () => earlyReads.get(path) === read && earlyReads.delete(path),
  );
  earlyReads.set(path, read);
}

/** The early read for this call, if there is one it may use (each is used once). */
function takeEarlyRead(path: string, options: RequestOptions<unknown>): Promise<Response> | null {
  const read = earlyReads.get(path);
  if (!read || (options.method ?? 'GET') !== 'GET' || options.signal?.aborted) return null;
  earlyReads.delete(path);
  const fresh =
    read.arrivedAt === undefined || Date.now() - read.arrivedAt <= EARLY_READ_MAX_AGE_MS;
  return fresh && read.address === currentAddress() ? read.answer : null;
}

/** For tests: drop the early reads not used. */
export function forgetEarlyReads(): void {
  earlyReads.clear();
}

/**
 * Calls the API with credentials. A 401 is retried once after a token refresh; when the
 * refresh fails, the session-expiry handling of spec §4 runs (once) and the error is thrown.
 */
export async function apiRequest<T>(
  path: string,
  options: RequestOptions<T> = {},
): Promise<ApiResponse<T>> {
  const early = takeEarlyRead(path, options);
  let res = await (early ? early.catch(() => send(path, options)) : send(path, options));
  if (res.status === 401 && !options.noRefresh) {
    try {
      await refreshOnce();
    } catch {
      await handleExpiry();
      return { data: await parse(res, options), status: res.status, headers: res.headers };
    }
    res = await send(path, options);
  }
  return { data: await parse(res, options), status: res.status, headers: res.headers };
}

/** apiRequest, returning only the body. */
export async function api<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  return (await apiRequest(path, options)).data;
}
