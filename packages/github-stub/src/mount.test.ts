import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GitHubStub } from './stub';
import { createGitHubStub } from './stub';
import { REDIRECT_URI, formAction, hiddenFields, pkcePair } from './test-utils';

const PREFIX = '/__github';
let stub: GitHubStub;
let host: Server;
let origin: string;

beforeAll(async () => {
  stub = createGitHubStub();
  // A host server that owns the origin and hands /__github/* to the stub, prefix stripped.
  host = createServer((req, res) => {
    const url = req.url ?? '/';
    if (url.startsWith(`${PREFIX}/`)) {
      req.url = url.slice(PREFIX.length);
      // Either convention tells the stub its prefix: Express's originalUrl or a header.
      if (req.headers['x-test-style'] === 'express') {
        Object.assign(req, { originalUrl: url });
      } else {
        req.headers['x-forwarded-prefix'] = PREFIX;
      }
      stub.handler(req, res);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain' }).end('host app');
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});

afterAll(async () => {
  host.closeAllConnections();
  await new Promise((resolve) => host.close(resolve));
});

describe('mounted under a prefix by a host server', () => {
  it('runs the whole OAuth dance by following the page’s relative form action', async () => {
    const { verifier, challenge } = pkcePair();
    const pageUrl = `${origin}${PREFIX}/login/oauth/authorize?${new URLSearchParams({
      client_id: 'repolog-demo',
      redirect_uri: REDIRECT_URI,
      state: 'mounted',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }).toString()}`;
    const page = await fetch(pageUrl);
    expect(page.status).toBe(200);
    const html = await page.text();

    // Resolve the action exactly as a browser does: relative to the page URL.
    const action = new URL(formAction(html), pageUrl).toString();
    expect(action).toBe(`${origin}${PREFIX}/login/oauth/authorize`);
    const submitted = await fetch(action, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...hiddenFields(html), login: 'jisoo-han' }),
    });
    expect(submitted.status).toBe(302);
    const back = new URL(submitted.headers.get('location') ?? '');
    expect(back.searchParams.get('state')).toBe('mounted');

    const token = (await (
      await fetch(`${origin}${PREFIX}/login/oauth/access_token`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({
          client_id: 'repolog-demo',
          client_secret: 'repolog-demo-secret',
          code: back.searchParams.get('code'),
          redirect_uri: REDIRECT_URI,
          code_verifier: verifier,
        }),
      })
    ).json()) as { access_token: string };

    const me = await fetch(`${origin}${PREFIX}/api/v3/user`, {
      headers: { authorization: `Bearer ${token.access_token}` },
    });
    expect(await me.json()).toMatchObject({
      login: 'jisoo-han',
      html_url: `${origin}${PREFIX}/jisoo-han`,
    });
  });

  it('puts the prefix into Link headers and html_url links, which then resolve', async () => {
    const res = await fetch(
      `${origin}${PREFIX}/api/v3/repos/repolog-team/frontend/issues?state=all&per_page=5`,
    );
    expect(res.headers.get('link')).toContain(
      `<${origin}${PREFIX}/api/v3/repos/repolog-team/frontend/issues?state=all&per_page=5&page=2>; rel="next"`,
    );
    const [first] = (await res.json()) as { html_url: string; title: string }[];
    expect(first?.html_url.startsWith(`${origin}${PREFIX}/repolog-team/frontend/`)).toBe(true);
    const issuePage = await fetch(first?.html_url ?? '');
    expect(issuePage.status).toBe(200);
    const html = await issuePage.text();
    expect(html).toContain(first?.title.replaceAll('&', '&amp;') ?? '');
    expect(html).not.toMatch(/(?:href|action|src)="\//);
    const repoLink = /<nav[^>]*><a href="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(new URL(repoLink, first?.html_url).toString()).toBe(
      `${origin}${PREFIX}/repolog-team/frontend`,
    );
  });

  it('also learns the prefix from req.originalUrl, as Express sets it', async () => {
    const res = await fetch(`${origin}${PREFIX}/api/v3/users/octocat`, {
      headers: { 'x-test-style': 'express' },
    });
    expect(await res.json()).toMatchObject({ html_url: `${origin}${PREFIX}/octocat` });
  });

  it('leaves the host’s own routes alone', async () => {
    const res = await fetch(`${origin}/login/oauth/authorize`);
    expect(await res.text()).toBe('host app');
  });
});
