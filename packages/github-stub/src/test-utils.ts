import { createHash, randomBytes } from 'node:crypto';
import { request } from 'node:http';
import type { CreateStubOptions, GitHubStub } from './stub';
import { createGitHubStub } from './stub';

/** Helpers shared by the stub's own tests (not part of the public API). */
export interface RunningStub {
  stub: GitHubStub;
  url: string;
  close(): Promise<void>;
}

export async function startStub(options?: CreateStubOptions): Promise<RunningStub> {
  const stub = createGitHubStub(options);
  const server = await stub.listen(0);
  return { stub, ...server };
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export const REDIRECT_URI = 'http://localhost:3000/github';

/** Hidden inputs of the authorize form, decoded from their HTML-escaped values. */
export function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[m[1] ?? ''] = (m[2] ?? '')
      .replaceAll('&quot;', '"')
      .replaceAll('&#39;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&');
  }
  return fields;
}

export function formAction(html: string): string {
  const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1];
  if (action === undefined) throw new Error('no form on the page');
  return action;
}

/** POSTs the authorize form as a browser would after picking `login`; returns the redirect. */
export async function approve(
  base: string,
  fields: Record<string, string>,
  login: string,
): Promise<Response> {
  return fetch(`${base}/login/oauth/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...fields, login }),
  });
}

export async function exchangeCode(
  base: string,
  body: Record<string, string>,
): Promise<Record<string, string>> {
  const res = await fetch(`${base}/login/oauth/access_token`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({
      client_id: 'repolog-demo',
      client_secret: 'repolog-demo-secret',
      ...body,
    }),
  });
  return (await res.json()) as Record<string, string>;
}

/** The whole dance (with PKCE) for `login`; returns the access token. */
export async function signIn(base: string, login: string): Promise<string> {
  const { verifier, challenge } = pkcePair();
  const fields = {
    client_id: 'repolog-demo',
    redirect_uri: REDIRECT_URI,
    state: 'st',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  };
  const redirect = await approve(base, fields, login);
  const code = new URL(redirect.headers.get('location') ?? '').searchParams.get('code') ?? '';
  const reply = await exchangeCode(base, { code, code_verifier: verifier });
  if (!reply.access_token) throw new Error(`sign-in failed: ${JSON.stringify(reply)}`);
  return reply.access_token;
}

export async function api(
  base: string,
  path: string,
  token?: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${base}/api/v3${path}`, {
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

/** A GET through node:http, which (unlike fetch) lets a test choose the Host header. */
export function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
