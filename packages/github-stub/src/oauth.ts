import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthorizeParams } from './authorize-page';
import { renderAuthorizePage } from './authorize-page';
import type { StubContext } from './context';
import { sendHtml, sendHtmlError } from './html';
import { readParams, send, sendJson } from './http';
import { s256, safeEqual } from './oauth-store';
import { findUser } from './state';

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Validates what both the page and its POST need; answers 400 and returns null on a mistake. */
function authorizeParams(
  ctx: StubContext,
  res: ServerResponse,
  get: (name: string) => string,
): AuthorizeParams | null {
  const params: AuthorizeParams = {
    clientId: get('client_id'),
    redirectUri: get('redirect_uri'),
    state: get('state'),
    scope: get('scope'),
    codeChallenge: get('code_challenge'),
    codeChallengeMethod: get('code_challenge_method'),
  };
  if (!params.clientId || !safeEqual(params.clientId, ctx.clientId)) {
    sendHtmlError(
      res,
      400,
      'Unknown application',
      'The client_id is not registered with this demo GitHub.',
    );
  } else if (!params.redirectUri) {
    sendHtmlError(res, 400, 'Missing redirect_uri', 'The request must say where to send you back.');
  } else if (!isHttpUrl(params.redirectUri)) {
    sendHtmlError(
      res,
      400,
      'Invalid redirect_uri',
      'The redirect_uri must be an absolute http(s) URL.',
    );
  } else if (params.codeChallengeMethod && params.codeChallengeMethod !== 'S256') {
    sendHtmlError(res, 400, 'Unsupported code_challenge_method', 'Only S256 is supported.');
  } else if (params.codeChallengeMethod && !params.codeChallenge) {
    sendHtmlError(
      res,
      400,
      'Missing code_challenge',
      'code_challenge_method needs a code_challenge.',
    );
  } else {
    return params;
  }
  return null;
}

/** Appends query parameters without re-encoding what redirect_uri already carries. */
function withQuery(uri: string, params: Record<string, string>): string {
  const hashAt = uri.indexOf('#');
  const base = hashAt === -1 ? uri : uri.slice(0, hashAt);
  const extra = new URLSearchParams(params).toString();
  const joiner = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return `${base}${joiner}${extra}`;
}

/** GET login/oauth/authorize: the account picker. */
export function showAuthorizePage(
  ctx: StubContext,
  res: ServerResponse,
  query: URLSearchParams,
): void {
  const params = authorizeParams(ctx, res, (name) => query.get(name) ?? '');
  if (!params) return;
  const users = ctx.state.users.filter((u) => u.type === 'User' && u.canSignIn);
  sendHtml(res, 200, renderAuthorizePage(params, users));
}

/** POST login/oauth/authorize: the visitor picked an account (or cancelled). */
export async function submitAuthorizePage(
  ctx: StubContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const form = await readParams(req);
  const params = authorizeParams(ctx, res, (name) => form[name] ?? '');
  if (!params) return;
  const echo: Record<string, string> = params.state ? { state: params.state } : {};
  if (form.cancel) {
    const error = {
      error: 'access_denied',
      error_description: 'The user has denied your application access.',
    };
    res.writeHead(302, { location: withQuery(params.redirectUri, { ...error, ...echo }) }).end();
    return;
  }
  const user = findUser(ctx.state, form.login ?? '');
  if (!user || user.type !== 'User' || !user.canSignIn) {
    sendHtmlError(
      res,
      400,
      'Unknown account',
      'Pick one of the demo accounts listed on the sign-in page.',
    );
    return;
  }
  const code = ctx.auth.issueCode({
    login: user.login,
    clientId: params.clientId,
    redirectUri: params.redirectUri,
    codeChallenge: params.codeChallenge || null,
    scope: params.scope
      .split(/[\s,]+/)
      .filter(Boolean)
      .join(','),
  });
  res
    .writeHead(302, {
      location: withQuery(params.redirectUri, { code, ...echo }),
      'cache-control': 'no-store',
    })
    .end();
}

type TokenReply =
  | { access_token: string; token_type: 'bearer'; scope: string }
  | { error: string; error_description: string; error_uri: string };

const DOCS =
  'https://docs.github.com/apps/oauth-apps/maintaining-oauth-apps/troubleshooting-oauth-app-access-token-request-errors';

function tokenError(error: string, description: string): TokenReply {
  return {
    error,
    error_description: description,
    error_uri: `${DOCS}#${error.replaceAll('_', '-')}`,
  };
}

function exchange(ctx: StubContext, p: Record<string, string>): TokenReply {
  const clientOk =
    safeEqual(p.client_id ?? '', ctx.clientId) &&
    safeEqual(p.client_secret ?? '', ctx.clientSecret);
  if (!clientOk) {
    return tokenError(
      'incorrect_client_credentials',
      'The client_id and/or client_secret passed are incorrect.',
    );
  }
  const grant = p.code ? ctx.auth.takeCode(p.code) : undefined;
  if (!grant || grant.clientId !== p.client_id) {
    return tokenError('bad_verification_code', 'The code passed is incorrect or expired.');
  }
  if (p.redirect_uri && p.redirect_uri !== grant.redirectUri) {
    return tokenError(
      'redirect_uri_mismatch',
      'The redirect_uri MUST match the registered callback URL for this application.',
    );
  }
  if (
    grant.codeChallenge !== null &&
    !safeEqual(s256(p.code_verifier ?? ''), grant.codeChallenge)
  ) {
    return tokenError(
      'bad_verification_code',
      'The code_verifier does not match the code_challenge.',
    );
  }
  if (!findUser(ctx.state, grant.login)) {
    return tokenError('bad_verification_code', 'The code passed is incorrect or expired.');
  }
  return {
    access_token: ctx.auth.issueToken(grant.login, grant.scope),
    token_type: 'bearer',
    scope: grant.scope,
  };
}

/** POST login/oauth/access_token: like GitHub, failures are 200 with an `error` field. */
export async function exchangeCode(
  ctx: StubContext,
  req: IncomingMessage,
  res: ServerResponse,
  query: URLSearchParams,
): Promise<void> {
  const params = { ...Object.fromEntries(query), ...(await readParams(req)) };
  const reply = exchange(ctx, params);
  const headers = { 'cache-control': 'no-store' };
  if (/\bapplication\/json\b/i.test(req.headers.accept ?? '')) {
    sendJson(res, 200, reply, headers);
  } else {
    const form = new URLSearchParams(Object.entries<string>(reply)).toString();
    send(res, 200, 'application/x-www-form-urlencoded; charset=utf-8', form, headers);
  }
}
