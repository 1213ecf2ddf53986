import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * The code each client route needs on its first load. Announcing it in the HTML lets the
 * browser fetch the page's chunks together with the entry instead of one after another.
 */
const ROUTE_MODULES: { pattern: RegExp; modules: string[]; data?: (path: string) => string[] }[] = [
  { pattern: /^\/$/, modules: ['src/app/routes/start.tsx'] },
  { pattern: /^\/home$/, modules: ['src/app/routes/home.tsx'] },
  { pattern: /^\/breakthrough$/, modules: ['src/app/routes/breakthrough-list.tsx'] },
  {
    pattern: /^\/breakthrough\/\d+$/,
    modules: ['src/app/routes/article.tsx'],
    // The same calls the page makes (credentials included), so the answers are waiting for it.
    data: (path) => [`/api/article/breakthrough/${path.split('/')[2] ?? ''}`],
  },
  {
    pattern: /^\/blog\/\d+$/,
    modules: ['src/app/routes/blog.tsx'],
    data: (path) => [`/api/blog/non-member/${path.split('/')[2] ?? ''}`],
  },
];

/**
 * Preload tags for one path: its API data, and its chunks and styles from the Vite manifest,
 * leaving out files the page template already links (the entry's own shared chunks).
 */
export function preloadTags(
  manifest: Record<string, ManifestChunk>,
  pathname: string,
  template = '',
): string {
  const route = ROUTE_MODULES.find((r) => r.pattern.test(pathname));
  if (!route) return '';
  const seen = new Set<string>(['index.html']);
  const files: string[] = [];
  const styles: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.push(chunk.file);
    styles.push(...(chunk.css ?? []));
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const key of route.modules) visit(key);
  return [
    ...(route.data?.(pathname) ?? []).map(
      (url) =>
        `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeHtml(url)}" />`,
    ),
    ...files
      .filter((file) => !template.includes(`"/${file}"`))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}" />`),
    ...styles
      .filter((file) => !template.includes(`"/${file}"`))
      .map((file) => `<link rel="preload" as="style" href="/${escapeHtml(file)}" />`),
  ].join('\n    ');
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
    const manifestFile = path.join(webDist, '.vite', 'manifest.json');
    const manifest = existsSync(manifestFile)
      ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>)
      : {};
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
      const html = renderIndex(template, {
        ...defaultMeta,
        url: `${publicUrl}${pathname}`,
        ...meta,
      });
      const preloads = preloadTags(manifest, pathname, template);
      return preloads ? html.replace('</head>', `    ${preloads}\n  </head>`) : html;
    };

    const replyWithIndex = async (request: FastifyRequest, reply: FastifyReply) =>
      reply
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(await sendIndex(request));
    // The start page itself: without this, the static plugin answers "/" as a directory (403)
    // whenever the client does not ask for a compressed answer.
    app.get('/', replyWithIndex);

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
      return replyWithIndex(request, reply);
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
