import { createHmac, generateKeyPairSync, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDelivery } from './app-state';
import { startStub, type RunningStub } from './test-utils';

const keys = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const SECRET = 'app-webhook-secret';

/** An App JWT as Octokit makes one: RS256, issued by the App's id, ten minutes. */
function appJwt(issuer = 7, key = keys.privateKey): string {
  const now = Math.floor(Date.now() / 1000);
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'RS256', typ: 'JWT' })}.${part({ iat: now - 60, exp: now + 540, iss: issuer })}`;
  return `${unsigned}.${sign('RSA-SHA256', Buffer.from(unsigned), key).toString('base64url')}`;
}

let running: RunningStub;
const deliveries: WebhookDelivery[] = [];

beforeAll(async () => {
  running = await startStub({
    app: {
      id: 7,
      slug: 'repolog-test',
      publicKey: keys.publicKey,
      setupUrl: 'http://localhost:3000/api/github/app/setup',
      webhook: { secret: SECRET, send: async (delivery) => void deliveries.push(delivery) },
    },
  });
});
afterAll(() => running.close());

const call = (path: string, init: RequestInit = {}) => fetch(`${running.url}${path}`, init);
const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

describe('the stand-in playing a GitHub App', () => {
  it('installs from its install page, sends the signed event, then goes to the setup URL', async () => {
    const page = await call('/apps/repolog-test/installations/new?state=blog-7');
    expect(await page.text()).toContain('value="repolog-team/infra"');
    const form = new URLSearchParams({ state: 'blog-7', repos: 'repolog-team/infra' });
    const done = await call('/apps/repolog-test/installations/new', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      redirect: 'manual',
    });
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toMatch(
      /setup\?installation_id=\d+&setup_action=install&state=blog-7$/,
    );
    const [event] = deliveries;
    expect(event?.headers['x-github-event']).toBe('installation');
    const signature = `sha256=${createHmac('sha256', SECRET)
      .update(event?.body ?? '')
      .digest('hex')}`;
    expect(event?.headers['x-hub-signature-256']).toBe(signature);
    expect(JSON.parse(event?.body ?? '{}')).toMatchObject({
      action: 'created',
      repositories: [{ full_name: 'repolog-team/infra', private: true }],
    });
  });

  it('trades an App JWT for an installation token that reads the private repository', async () => {
    const installation = running.stub.app?.installations[0]?.id ?? 0;
    const refused = await call(`/api/v3/app/installations/${installation}/access_tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${appJwt(8)}` },
    });
    expect(refused.status).toBe(401);
    const issued = await call(`/api/v3/app/installations/${installation}/access_tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${appJwt()}` },
    });
    expect(issued.status).toBe(201);
    const { token } = (await issued.json()) as { token: string };
    const repo = await call('/api/v3/repos/repolog-team/infra/issues?state=all', {
      headers: { authorization: `token ${token}` },
    });
    expect(repo.status).toBe(200);
    const elsewhere = await call('/api/v3/repos/jisoo-han/kafka-outbox', {
      headers: { authorization: `token ${token}` },
    });
    expect(elsewhere.status).toBe(404);
  });

  it('delivers the events of installed repositories, with the installation, and answers after', async () => {
    deliveries.length = 0;
    const opened = await call(
      '/_stub/repos/repolog-team/infra/issues',
      json({ title: 'Disk full', user: 'dana-kim' }),
    );
    expect(opened.status).toBe(201);
    expect(deliveries.map((d) => d.headers['x-github-event'])).toEqual(['issues']);
    const payload = JSON.parse(deliveries[0]?.body ?? '{}') as { installation?: { id?: unknown } };
    expect(typeof payload.installation?.id).toBe('number');
    deliveries.length = 0;
    await call(
      '/_stub/repos/repolog-team/frontend/issues',
      json({ title: 'Not installed', user: 'dana-kim' }),
    );
    expect(deliveries).toEqual([]);
  });
});
