import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createGitHubStub, type GitHubStub } from '@repolog/github-stub/stub';
import type { GitHubAppConfig } from '../config.js';
import { APP_SETUP_PATH, APP_WEBHOOK_PATH } from './github-app.js';

/** Where the stand-in is mounted on the Repolog origin (its sign-in page and html_url pages). */
export const DEMO_GITHUB_PREFIX = '/__github';

/** The App the stand-in plays in demo mode (its key is made at each start). */
export const DEMO_APP_ID = 1;
export const DEMO_APP_SLUG = 'repolog-demo';

let keys: { privateKey: string; publicKey: string } | undefined;
/** The demo App's key pair, made once per process (PKCS#1, as GitHub hands out App keys). */
function demoAppKeys() {
  keys ??= generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return keys;
}

export interface DemoGitHub {
  stub: GitHubStub;
  /** The App the stand-in plays, as Repolog's settings would name it. */
  app: GitHubAppConfig;
  /** The stand-in's own listener, for server-to-server calls (API and token exchange). */
  internalUrl: string;
  /** The browser-facing base, PUBLIC_URL/__github. */
  publicUrl: string;
  /** The stand-in's installations of its App, with their repositories (lower-cased). */
  installed(): {
    id: number;
    account: string;
    permissions: Record<string, string>;
    suspended: boolean;
    repoKeys: string[];
  }[];
  close(): Promise<void>;
}

/**
 * Demo mode: runs the GitHub stand-in in-process. Browsers reach it under /__github on the
 * Repolog origin; the server calls it on a private loopback port.
 */
export async function startDemoGitHub(
  app: FastifyInstance,
  options: {
    publicUrl: string;
    clientId: string;
    clientSecret: string;
    /** Expose the stand-in's fault/reset switches (/__github/_stub/*) — tests only. */
    allowControl: boolean;
    /** Repositories the App is installed on from the start (the demo team's). */
    installed: { account: string; repos: string[] }[];
  },
): Promise<DemoGitHub> {
  const publicUrl = `${options.publicUrl}${DEMO_GITHUB_PREFIX}`;
  const { privateKey, publicKey } = demoAppKeys();
  const appConfig: GitHubAppConfig = {
    appId: DEMO_APP_ID,
    slug: DEMO_APP_SLUG,
    privateKey,
    webhookSecret: randomBytes(20).toString('hex'),
  };
  const stub = createGitHubStub({
    baseUrl: publicUrl,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    app: {
      id: appConfig.appId,
      slug: appConfig.slug,
      name: 'Repolog (demo)',
      publicKey,
      setupUrl: `${options.publicUrl}${APP_SETUP_PATH}`,
      installations: options.installed,
      // Delivered in-process through the whole HTTP stack, signed as GitHub signs them.
      webhook: {
        secret: appConfig.webhookSecret,
        send: async ({ headers, body }) => {
          await app.inject({ method: 'POST', url: APP_WEBHOOK_PATH, headers, payload: body });
        },
      },
    },
  });
  const listener = await stub.listen(0, '127.0.0.1');

  await app.register(async (scope) => {
    // The stand-in reads its own request bodies (HTML forms, JSON).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const forward = (
      request: { raw: { url?: string } },
      reply: { hijack(): void; raw: Parameters<GitHubStub['handler']>[1] },
    ) => {
      reply.hijack();
      const raw = request.raw as Parameters<GitHubStub['handler']>[0];
      raw.url = (raw.url ?? '/').slice(DEMO_GITHUB_PREFIX.length) || '/';
      if (!options.allowControl && raw.url.startsWith('/_stub/')) {
        reply.raw.writeHead(404, { 'content-type': 'application/json' });
        reply.raw.end(
          JSON.stringify({ error: 'not_found', message: 'The stand-in control API is disabled.' }),
        );
        return;
      }
      stub.handler(raw, reply.raw);
    };
    scope.all(DEMO_GITHUB_PREFIX, forward);
    scope.all(`${DEMO_GITHUB_PREFIX}/*`, forward);
  });

  return {
    stub,
    app: appConfig,
    internalUrl: listener.url,
    publicUrl,
    installed: () =>
      (stub.app?.installations ?? []).map((installation) => ({
        id: installation.id,
        account: installation.account,
        permissions: installation.permissions,
        suspended: installation.suspended,
        repoKeys: stub.state.repos
          .filter((repo) => installation.repoIds.includes(repo.id))
          .map((repo) => `${repo.owner}/${repo.name}`.toLowerCase()),
      })),
    close: () => listener.close(),
  };
}
