import type { FastifyInstance } from 'fastify';
import { createGitHubStub, type GitHubStub } from '@repolog/github-stub/stub';

/** Where the stand-in is mounted on the Repolog origin (its sign-in page and html_url pages). */
export const DEMO_GITHUB_PREFIX = '/__github';

export interface DemoGitHub {
  stub: GitHubStub;
  /** The stand-in's own listener, for server-to-server calls (API and token exchange). */
  internalUrl: string;
  /** The browser-facing base, PUBLIC_URL/__github. */
  publicUrl: string;
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
  },
): Promise<DemoGitHub> {
  const publicUrl = `${options.publicUrl}${DEMO_GITHUB_PREFIX}`;
  const stub = createGitHubStub({
    baseUrl: publicUrl,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
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

  return { stub, internalUrl: listener.url, publicUrl, close: () => listener.close() };
}
