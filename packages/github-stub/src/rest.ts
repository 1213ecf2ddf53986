import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StubContext } from './context';
import { applyFaults } from './faults';
import { etagOf, matchesIfNoneMatch, requestBase, send, sendJson } from './http';
import { urlsFor } from './presenters';
import type { ApiReply, ApiRequest } from './rest-routes';
import { API_ROUTES, notFound } from './rest-routes';
import { ITEM_ROUTES } from './rest-items';
import { findUser } from './state';
import { appRoute, writeRoute } from './app-routes';

export const API_PREFIX = '/api/v3';

/** The token from `Authorization: Bearer <t>` or `token <t>`; null without the header. */
function presentedToken(req: IncomingMessage): string | null {
  const header = req.headers.authorization;
  if (header === undefined) return null;
  const match = /^(?:bearer|token)\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? '';
}

function decodeSegments(path: string): string | null {
  try {
    return path
      .split('/')
      .map((s) => decodeURIComponent(s))
      .join('/');
  } catch {
    return null;
  }
}

function route(r: ApiRequest, method: string, path: string): ApiReply {
  if (method !== 'GET' && method !== 'HEAD') return notFound();
  const decoded = decodeSegments(path.replace(/\/+$/, '') || '/');
  if (decoded === null) return notFound();
  for (const { pattern, handle } of [...API_ROUTES, ...ITEM_ROUTES]) {
    const match = pattern.exec(decoded);
    if (match) return handle(r, match.slice(1));
  }
  return notFound();
}

/**
 * Serves `/api/v3/*` (`path` is what follows the prefix): faults first, then credentials, then
 * the route. Every response carries rate-limit headers; 200s carry a strong ETag and honour
 * If-None-Match with a 304 that, as on GitHub, costs nothing against the rate limit.
 */
export async function handleApi(
  ctx: StubContext,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  query: URLSearchParams,
): Promise<void> {
  const token = presentedToken(req);
  const account = token ? ctx.auth.lookup(token) : undefined;
  const login = account && findUser(ctx.state, account.login) ? account.login : null;
  const installation = token ? ctx.app?.tokenInstallation(token) : undefined;
  const identity = login
    ? `user:${login.toLowerCase()}`
    : installation
      ? `installation:${installation.id}`
      : `ip:${req.socket.remoteAddress ?? ''}`;
  const rate = (count: boolean) => ctx.rate.headersFor(identity, login !== null, count);

  ctx.pending.count += 1;
  res.once('close', () => (ctx.pending.count -= 1));
  if (await applyFaults(ctx.faults, res, ctx.hanging, () => rate(true))) return;

  const common = {
    'x-github-media-type': 'github.v3; format=json',
    'x-github-api-version-selected': '2022-11-28',
    'x-github-request-id': randomUUID().toUpperCase(),
    ...(account ? { 'x-oauth-scopes': account.scope.replaceAll(',', ', ') } : {}),
    'cache-control': 'private, no-cache',
    vary: 'Accept, Authorization',
  };
  const method = req.method ?? 'GET';
  const asApp = await appRoute(ctx, req, method, path.replace(/\/+$/, ''));
  if (asApp) {
    sendJson(res, asApp.status, asApp.body, { ...common, ...rate(false) });
    return;
  }
  if (token !== null && login === null && !installation) {
    sendJson(
      res,
      401,
      { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' },
      { ...common, ...rate(true) },
    );
    return;
  }

  const base = ctx.baseUrl ?? requestBase(req);
  const request: ApiRequest = {
    ctx,
    login,
    base,
    urls: urlsFor(base),
    pathname: `${API_PREFIX}${path}`,
    query,
    ...(installation ? { installation } : {}),
  };
  if (method !== 'GET' && method !== 'HEAD') {
    const written = await writeRoute(request, req, method, decodeSegments(path) ?? '');
    if (written.status === 204) res.writeHead(204, { ...common, ...rate(true) }).end();
    else sendJson(res, written.status, written.body, { ...common, ...rate(true) });
    return;
  }
  const reply = route(request, method, path);
  const body = JSON.stringify(reply.body);
  if (reply.status !== 200) {
    sendJson(res, reply.status, reply.body, { ...common, ...rate(true) });
    return;
  }
  const etag = etagOf(body);
  const headers = { ...common, etag, ...(reply.link ? { link: reply.link } : {}) };
  if (matchesIfNoneMatch(req.headers['if-none-match'], etag)) {
    res.writeHead(304, { ...headers, ...rate(false) }).end();
    return;
  }
  send(res, 200, 'application/json; charset=utf-8', body, { ...headers, ...rate(true) });
}
