import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStub } from './test-utils';
import {
  REDIRECT_URI,
  api,
  approve,
  exchangeCode,
  formAction,
  hiddenFields,
  pkcePair,
  startStub,
} from './test-utils';

let s: RunningStub;
beforeAll(async () => {
  s = await startStub();
});
afterAll(() => s.close());

const authorizeUrl = (params: Record<string, string>): string =>
  `${s.url}/login/oauth/authorize?${new URLSearchParams(params).toString()}`;

describe('authorize page', () => {
  it('lists the accounts that can sign in, and only those', async () => {
    const res = await fetch(
      authorizeUrl({ client_id: 'repolog-demo', redirect_uri: REDIRECT_URI, state: 'xyz' }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('Sign in to GitHub (demo)');
    expect(html).toMatch(/demo stand-in for GitHub/i);
    const logins = [...html.matchAll(/name="login" value="([^"]+)"/g)].map((m) => m[1]);
    expect(logins).toEqual(['dana-kim', 'minjun-park', 'sora-lee', 'alex-chen', 'jisoo-han']);
    expect(html).toContain('Dana Kim');
    expect(html).not.toContain('value="octocat"');
    expect(formAction(html)).toBe('authorize');
    // Nothing on the page may assume where the stub is mounted.
    expect(html).not.toMatch(/(?:href|action|src)="\//);
  });

  it('escapes every value it puts into HTML', async () => {
    const evil = '"><script>alert(1)</script>';
    const res = await fetch(
      authorizeUrl({
        client_id: 'repolog-demo',
        redirect_uri: `${REDIRECT_URI}?next=${encodeURIComponent(evil)}`,
        state: evil,
        scope: `read:user <b>x</b>`,
      }),
    );
    const html = await res.text();
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>x</b>');
    expect(html).toContain('&quot;&gt;&lt;script&gt;');
    const fields = hiddenFields(html);
    expect(fields.state).toBe(evil);
    expect(fields.redirect_uri).toBe(`${REDIRECT_URI}?next=${encodeURIComponent(evil)}`);
  });

  it('rejects an unknown client_id and a missing redirect_uri with 400 pages', async () => {
    const unknown = await fetch(authorizeUrl({ client_id: 'nope', redirect_uri: REDIRECT_URI }));
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain('Unknown application');
    const missing = await fetch(authorizeUrl({ client_id: 'repolog-demo' }));
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain('Missing redirect_uri');
    const script = await fetch(
      authorizeUrl({ client_id: 'repolog-demo', redirect_uri: 'javascript:alert(1)' }),
    );
    expect(script.status).toBe(400);
  });

  it('refuses accounts that cannot sign in', async () => {
    const res = await approve(
      s.url,
      { client_id: 'repolog-demo', redirect_uri: REDIRECT_URI },
      'octocat',
    );
    expect(res.status).toBe(400);
  });

  it('sends a cancelled sign-in back with access_denied and the state', async () => {
    const res = await fetch(`${s.url}/login/oauth/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: 'repolog-demo',
        redirect_uri: REDIRECT_URI,
        state: 's1',
        cancel: '1',
      }),
    });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location') ?? '');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('s1');
    expect(location.searchParams.has('code')).toBe(false);
  });
});

describe('code exchange with PKCE', () => {
  async function codeFor(login: string, challenge: string, state = 'st-1'): Promise<URL> {
    const res = await approve(
      s.url,
      {
        client_id: 'repolog-demo',
        redirect_uri: `${REDIRECT_URI}?from=%2Fhome&x=a+b`,
        state,
        scope: 'read:user repo',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      },
      login,
    );
    expect(res.status).toBe(302);
    return new URL(res.headers.get('location') ?? '');
  }

  it('echoes state, keeps the redirect query, and the right verifier works exactly once', async () => {
    const { verifier, challenge } = pkcePair();
    const state = 'opaque/+= state';
    const location = await codeFor('sora-lee', challenge, state);
    expect(location.origin + location.pathname).toBe(REDIRECT_URI);
    expect(location.search.startsWith('?from=%2Fhome&x=a+b&code=')).toBe(true);
    expect(location.searchParams.get('state')).toBe(state);
    const code = location.searchParams.get('code') ?? '';
    expect(code).toMatch(/^[0-9a-f]{20}$/);

    const first = await exchangeCode(s.url, { code, code_verifier: verifier });
    expect(first).toMatchObject({ token_type: 'bearer', scope: 'read:user,repo' });
    expect(first.access_token).toMatch(/^gho_/);
    const me = await api(s.url, '/user', first.access_token);
    expect(((await me.json()) as { login: string }).login).toBe('sora-lee');

    const again = await exchangeCode(s.url, { code, code_verifier: verifier });
    expect(again.error).toBe('bad_verification_code');
    expect(again.access_token).toBeUndefined();
  });

  it('fails with a wrong verifier, and the code is spent afterwards', async () => {
    const { verifier, challenge } = pkcePair();
    const code = (await codeFor('dana-kim', challenge)).searchParams.get('code') ?? '';
    const wrong = await exchangeCode(s.url, { code, code_verifier: pkcePair().verifier });
    expect(wrong.error).toBe('bad_verification_code');
    const retry = await exchangeCode(s.url, { code, code_verifier: verifier });
    expect(retry.error).toBe('bad_verification_code');
  });

  it('checks client credentials and redirect_uri', async () => {
    const { verifier, challenge } = pkcePair();
    const code1 = (await codeFor('dana-kim', challenge)).searchParams.get('code') ?? '';
    const badSecret = await exchangeCode(s.url, {
      code: code1,
      code_verifier: verifier,
      client_secret: 'wrong',
    });
    expect(badSecret.error).toBe('incorrect_client_credentials');

    const code2 = (await codeFor('dana-kim', challenge)).searchParams.get('code') ?? '';
    const mismatch = await exchangeCode(s.url, {
      code: code2,
      code_verifier: verifier,
      redirect_uri: 'http://evil.example/github',
    });
    expect(mismatch.error).toBe('redirect_uri_mismatch');
    expect(mismatch.error_description).toMatch(/redirect_uri/);
  });

  it('answers form-encoded when the client does not ask for JSON', async () => {
    const { verifier, challenge } = pkcePair();
    const code = (await codeFor('alex-chen', challenge)).searchParams.get('code') ?? '';
    const res = await fetch(`${s.url}/login/oauth/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: 'repolog-demo',
        client_secret: 'repolog-demo-secret',
        code,
        code_verifier: verifier,
      }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/x-www-form-urlencoded/);
    const reply = new URLSearchParams(await res.text());
    expect(reply.get('token_type')).toBe('bearer');
    expect(reply.get('access_token')).toMatch(/^gho_/);
  });
});
