import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../errors.js';

/** Title, description and Open Graph data injected into index.html for one page. */
export interface PageMeta {
  title: string;
  description: string;
  url?: string;
  type?: 'website' | 'article';
}

/** Looks up meta tags for a client route; undefined means the defaults. */
export type MetaProvider = (request: FastifyRequest) => Promise<PageMeta | undefined>;

const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** Replaces the marked head block of index.html with this page's tags. */
export function renderIndex(template: string, meta: PageMeta): string {
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:type" content="${meta.type ?? 'website'}" />`,
    `<meta property="og:site_name" content="Repolog" />`,
    ...(meta.url
      ? [
          `<meta property="og:url" content="${escapeHtml(meta.url)}" />`,
          `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
        ]
      : []),
    `<meta name="twitter:card" content="summary" />`,
  ].join('\n    ');
  return template.replace(/<!--meta-->[\s\S]*?<!--\/meta-->/, tags);
}

export const defaultMeta: PageMeta = {
  title: 'Repolog — team tech blogs from your repositories',
  description:
    'Repolog turns a GitHub repository into a real-time collaborative tech blog: breakthroughs written from issues, pull requests and commits.',
};

/**
 * Serves the built web app: hashed assets cached for a year, everything else falls back to
 * index.html (client-side routing) with per-page meta tags. Unknown /api paths stay JSON 404s.
 */
export async function registerStaticSpa(
  app: FastifyInstance,
  options: { webDist: string | undefined; publicUrl: string; metaProviders: MetaProvider[] },
): Promise<void> {
  const { webDist, publicUrl, metaProviders } = options;
  const indexFile = webDist ? path.join(webDist, 'index.html') : undefined;
  const hasSpa = indexFile !== undefined && existsSync(indexFile);

  if (hasSpa && webDist) {
    const template = readFileSync(indexFile, 'utf8');
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header(
          'Cache-Control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        );
      },
    });
    const sendIndex = async (request: FastifyRequest) => {
      let meta: PageMeta | undefined;
      for (const provider of metaProviders) {
        meta = await provider(request);
        if (meta) break;
      }
      const pathname = request.url.split('?')[0] ?? '/';
      return renderIndex(template, { ...defaultMeta, url: `${publicUrl}${pathname}`, ...meta });
    };

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (pathname.startsWith('/api/') || pathname === '/api') {
        throw notFound(`No API route ${request.method} ${pathname}.`);
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        throw notFound(`Nothing at ${request.method} ${pathname}.`);
      }
      // A missing file (a stale hashed asset, say) is a 404, not the app shell.
      if ((pathname.split('/').pop() ?? '').includes('.')) throw notFound(`No file ${pathname}.`);
      const html = await sendIndex(request);
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
    });
  } else {
    app.setNotFoundHandler(async (request) => {
      const pathname = request.url.split('?')[0] ?? '/';
      throw notFound(
        pathname.startsWith('/api')
          ? `No API route ${request.method} ${pathname}.`
          : `Nothing at ${pathname}. The web app is not built (run npm run build).`,
      );
    });
  }
}
