import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { INLINE_SCRIPT_HASHES, registerSecurity } from './security.js';

const indexHtml = readFileSync(
  fileURLToPath(new URL('../../../web/index.html', import.meta.url)),
  'utf8',
);

/** The scripts of index.html a browser runs from the page itself (not files, not data). */
const inlineScripts = [...indexHtml.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
  .filter(([, attributes = '']) => !/\ssrc=|type="application\/(ld\+)?json"/.test(attributes))
  .map(([, , body = '']) => body);

const hashOf = (script: string) =>
  `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

const app = Fastify();
registerSecurity(app, 'http://localhost:3000');
app.get('/home', async () => 'page');
app.get('/api/health', async () => ({ ok: true }));
afterAll(() => app.close());

describe('Content-Security-Policy', () => {
  it("allows index.html's inline scripts, by their hashes, and no other", async () => {
    // The color theme, set before the first paint.
    expect(inlineScripts).toHaveLength(1);
    expect(inlineScripts.map(hashOf)).toEqual(INLINE_SCRIPT_HASHES);
    const res = await app.inject({ method: 'GET', url: '/home' });
    const scriptSrc = (res.headers['content-security-policy'] as string)
      .split('; ')
      .find((directive) => directive.startsWith('script-src '));
    expect(scriptSrc).toBe(`script-src 'self' ${INLINE_SCRIPT_HASHES.join(' ')}`);
    expect(scriptSrc).not.toContain('unsafe-inline');
  });

  it('is not sent with API answers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
