import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UI_LANGUAGE_COOKIE, pickUiLanguage, type UiLanguage } from '@repolog/contract/locale';
import { notFound } from '../errors.js';

/** Title, description and Open Graph data injected into index.html for one page. */
export interface PageMeta {
  title: string;
  description: string;
  url?: string;
  type?: 'website' | 'article';
  /** The share card: a large picture for link previews (og:image, summary_large_image). */
  image?: { url: string; width: number; height: number; alt: string };
  /** Structured data (schema.org) for search engines, as JSON-LD. */
  jsonLd?: Record<string, unknown>;
}

/**
 * Looks up meta tags for a client route; undefined means the defaults. Every provider is asked
 * and their answers are merged (a provider may add only the share card, say).
 */
export type MetaProvider = (page: PageAddress) => Promise<Partial<PageMeta> | undefined>;

/**
 * The page meta tags are asked about: its address (path and query) and where to log. A request
 * is one; so is a page rendered ahead of any request (pages/page-store.ts).
 */
export interface PageAddress {
  url: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/** A page's meta tags: every provider asked, answers merged over the language's defaults. */
export type PageMetaSource = (page: PageAddress, language: UiLanguage) => Promise<PageMeta>;

export function pageMetaSource(providers: MetaProvider[], publicUrl: string): PageMetaSource {
  return async (page, language) => {
    const pathname = page.url.split('?')[0] ?? '/';
    const found = await Promise.all(providers.map((provider) => provider(page)));
    return Object.assign(
      { ...(defaultMetaIn[language] ?? defaultMeta), url: `${publicUrl}${pathname}` },
      ...found.filter((value) => value !== undefined),
    ) as PageMeta;
  };
}

const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** JSON inside a <script> element: nothing in it may close the element or open a comment. */
export const jsonForScript = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** A page's head tags: title, description, Open Graph and Twitter cards, JSON-LD. */
function metaTags(meta: PageMeta): string {
  const image = meta.image;
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
    ...(image
      ? [
          `<meta property="og:image" content="${escapeHtml(image.url)}" />`,
          `<meta property="og:image:type" content="image/png" />`,
          `<meta property="og:image:width" content="${image.width}" />`,
          `<meta property="og:image:height" content="${image.height}" />`,
          `<meta property="og:image:alt" content="${escapeHtml(image.alt)}" />`,
          `<meta name="twitter:card" content="summary_large_image" />`,
          `<meta name="twitter:image" content="${escapeHtml(image.url)}" />`,
        ]
      : [`<meta name="twitter:card" content="summary" />`]),
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}" />`,
    ...(meta.jsonLd
      ? [
          `<script type="application/ld+json">${jsonForScript(JSON.stringify(meta.jsonLd))}</script>`,
        ]
      : []),
  ].join('\n    ');
  return tags;
}

const META_BLOCK = /<!--meta-->[\s\S]*?<!--\/meta-->/;

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
 * leaving out files the page template already links (the entry's own shared chunks). For a page
 * the server rendered, `rendered` names its route modules: their styles are linked as
 * stylesheets (the HTML needs them to look right before any code runs) and no API data is
 * preloaded (the page carries its data).
 */
export function preloadTags(
  manifest: Record<string, ManifestChunk>,
  pathname: string,
  template = '',
  rendered?: string[],
  islands: string[] = [],
  readCss?: (file: string) => string | undefined,
): string {
  const route = rendered
    ? { modules: rendered, data: undefined }
    : ROUTE_MODULES.find((r) => r.pattern.test(pathname));
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
  // Islands: the HTML shows them, so their styles go in; their code waits for hydration.
  const codeFiles = files.length;
  for (const key of islands) visit(key);
  // A rendered page's styles go into the HTML itself: no request holds up its first paint.
  const inline = (file: string) => {
    const css = readCss?.(file);
    return css === undefined
      ? `<link rel="stylesheet" crossorigin href="/${escapeHtml(file)}" />`
      : `<style data-href="/${escapeHtml(file)}">${css}</style>`;
  };
  const styleTag = rendered
    ? inline
    : (file: string) => `<link rel="preload" as="style" crossorigin href="/${escapeHtml(file)}" />`;
  return [
    ...(route.data?.(pathname) ?? []).map(
      (url) =>
        `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeHtml(url)}" />`,
    ),
    ...files
      .slice(0, codeFiles)
      .filter((file) => !template.includes(`"/${file}"`))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}" />`),
    ...styles.filter((file) => !template.includes(`"/${file}"`)).map(styleTag),
  ].join('\n    ');
}

/** A page the server rendered (pages/): the app's HTML, its data and its route modules. */
export interface RenderedDocument {
  status: number;
  html: string;
  state: string | null;
  modules: string[];
  islands: string[];
}

/** The web app's module of each interface language's texts (English is in the code itself). */
const LANGUAGE_MODULES: Partial<Record<UiLanguage, string>> = { ko: 'src/i18n/ko/index.ts' };

/** The interface language of a page request: the reader's remembered choice, else the browser's. */
export const requestLanguage = (request: FastifyRequest): UiLanguage =>
  pickUiLanguage(request.cookies[UI_LANGUAGE_COOKIE], request.headers['accept-language']);

/**
 * Puts a page into index.html: head tags, preloads, the app's HTML and its data, in the page's
 * interface language (`<html lang>`, and the texts' module loaded beside the entry).
 */
export function assembleDocument(
  shell: Pick<Shell, 'template' | 'manifest' | 'css'>,
  pathname: string,
  meta: PageMeta,
  page?: RenderedDocument,
  language: UiLanguage = 'en',
): string {
  const parts = page ? renderedFrame(shell, page, language) : frame(shell, pathname, language);
  const values = [
    metaTags(meta),
    ...(page ? [page.html] : []),
    ...(page?.state ? [jsonForScript(page.state)] : []),
  ];
  let html = parts[0] ?? '';
  for (let i = 0; i < values.length; i += 1) html += `${values[i] ?? ''}${parts[i + 1] ?? ''}`;
  return html;
}

// Where a page's own parts go in its frame (comments, so no step below can touch them).
const META_SLOT = '<!--repolog:meta-->';
const APP_SLOT = '<!--repolog:app-->';
const STATE_SLOT = '<!--repolog:state-->';
const SLOTS = /<!--repolog:(?:meta|app|state)-->/;

/** Frames of rendered pages, per shell: they differ only by language, route modules and islands. */
const frames = new WeakMap<object, Map<string, string[]>>();

function renderedFrame(
  shell: Pick<Shell, 'template' | 'manifest' | 'css'>,
  page: Pick<RenderedDocument, 'modules' | 'islands' | 'state'>,
  language: UiLanguage,
): string[] {
  let kept = frames.get(shell);
  if (!kept) frames.set(shell, (kept = new Map<string, string[]>()));
  const key = `${language}|${page.modules.join(',')}|${page.islands.join(',')}|${page.state ? 1 : 0}`;
  let parts = kept.get(key);
  if (!parts) kept.set(key, (parts = frame(shell, '', language, page)));
  return parts;
}

/**
 * index.html around a page, cut where its own parts go: its meta tags, then (for a page the
 * server rendered) its HTML and its data. Everything else depends on the page's language and
 * route modules only, so a rendered page's frame is made once (the inlined styles included).
 */
function frame(
  shell: Pick<Shell, 'template' | 'manifest' | 'css'>,
  pathname: string,
  language: UiLanguage,
  page?: Pick<RenderedDocument, 'modules' | 'islands' | 'state'>,
): string[] {
  let html = shell.template.replace(META_BLOCK, META_SLOT);
  const texts = LANGUAGE_MODULES[language];
  const textsFile = texts ? shell.manifest[texts]?.file : undefined;
  if (language !== 'en') html = html.replace('<html lang="en">', `<html lang="${language}">`);
  if (textsFile) {
    html = html.replace(
      '</head>',
      `    <link rel="modulepreload" crossorigin href="/${escapeHtml(textsFile)}" />\n  </head>`,
    );
  }
  const preloads = preloadTags(
    shell.manifest,
    pathname,
    shell.template,
    page?.modules,
    page?.islands,
    page ? shell.css : undefined,
  );
  if (page && shell.css) {
    // The app's own stylesheet too.
    html = html.replace(
      /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g,
      (tag, file: string) => {
        const css = shell.css?.(file);
        return css === undefined ? tag : `<style data-href="/${file}">${css}</style>`;
      },
    );
  }
  if (preloads) html = html.replace('</head>', () => `    ${preloads}\n  </head>`);
  if (!page) return html.replace('<!--state-->', '').split(SLOTS);
  // The server's HTML is the page, readable and styled: its code is needed only to make it
  // interactive, so it is named in <meta> tags (the entry first) that public/boot.js imports
  // once the page has painted. Fetched with the HTML, the code would compete with the page's
  // first paint on a slow phone (and Lighthouse counts it into the largest paint). boot.js is
  // kept to a few lines: it is first-load JavaScript of every public page.
  html = html
    .replace(
      /<script type="module" crossorigin src="([^"]+)"><\/script>/,
      (_tag, file: string) => `<meta name="repolog-code" content="${file}" />`,
    )
    .replace(
      /<link rel="modulepreload" crossorigin href="([^"]+)"\s*\/?>/g,
      (_tag, file: string) => `<meta name="repolog-code" content="${file}" />`,
    )
    .replace('</head>', '  <script src="/boot.js" defer></script>\n  </head>');
  return (
    html
      // Exactly the app's HTML inside #root: a stray whitespace node would fail hydration.
      .replace(
        /(<div id="root">)\s*<!--app-->[\s\S]*?<!--\/app-->\s*(<\/div>)/,
        (_match, open: string, close: string) => `${open}${APP_SLOT}${close}`,
      )
      .replace('<!--state-->', () =>
        page.state
          ? `<script type="application/json" id="repolog-state">${STATE_SLOT}</script>`
          : '',
      )
      .split(SLOTS)
  );
}

/** What the server knows of the built web app, for pages it renders itself. */
export interface Shell {
  template: string;
  manifest: Record<string, ManifestChunk>;
  /** The page's meta tags (every provider asked, answers merged over the defaults). */
  meta: PageMetaSource;
  /** A built stylesheet's text (server-rendered pages carry their styles inline). */
  css?: (file: string) => string | undefined;
}

/** Answers a page request with a whole document, or undefined for the plain app shell. */
export type DocumentSource = (
  request: FastifyRequest,
  shell: Shell,
  language: UiLanguage,
) => Promise<{ status: number; html: string } | undefined>;

export const defaultMeta: PageMeta = {
  title: 'Repolog — team tech blogs from your repositories',
  description:
    'Repolog turns a GitHub repository into a real-time collaborative tech blog: breakthroughs written from issues, pull requests and commits.',
};

/** The same in the other interface languages (a page's own title and description are content). */
const defaultMetaIn: Partial<Record<UiLanguage, PageMeta>> = {
  ko: {
    title: 'Repolog — 저장소에서 만드는 팀 기술 블로그',
    description:
      'Repolog는 GitHub 저장소를 실시간 협업 기술 블로그로 만듭니다: 이슈, 풀 리퀘스트, 커밋에서 쓰는 브레이크스루.',
  },
};

/**
 * Serves the built web app: hashed assets cached for a year, everything else falls back to
 * index.html (client-side routing) with per-page meta tags. Unknown /api paths stay JSON 404s.
 */
export async function registerStaticSpa(
  app: FastifyInstance,
  options: {
    webDist: string | undefined;
    publicUrl: string;
    metaProviders: MetaProvider[];
    /** Server-rendered pages (pages/); without it every page is the app shell. */
    documents?: DocumentSource;
    /** Demo mode: every page says so (DESIGN.md §2), through a marker the app reads. */
    demo?: boolean;
  },
): Promise<void> {
  const { webDist, publicUrl, metaProviders, documents, demo = false } = options;
  const indexFile = webDist ? path.join(webDist, 'index.html') : undefined;
  const hasSpa = indexFile !== undefined && existsSync(indexFile);

  if (hasSpa && webDist) {
    const built = readFileSync(indexFile, 'utf8');
    const template = demo
      ? built.replace('</head>', '  <meta name="repolog-demo" content="on" />\n  </head>')
      : built;
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
    const meta = pageMetaSource(metaProviders, publicUrl);
    const stylesheets = new Map<string, string | undefined>();
    const css = (file: string) => {
      if (!stylesheets.has(file)) {
        const full = path.join(webDist, file);
        stylesheets.set(
          file,
          file.endsWith('.css') && existsSync(full) ? readFileSync(full, 'utf8') : undefined,
        );
      }
      return stylesheets.get(file);
    };
    const shell: Shell = { template, manifest, meta, css };

    const replyWithIndex = async (request: FastifyRequest, reply: FastifyReply) => {
      const language = requestLanguage(request);
      // The language follows the cookie, else the browser's languages.
      reply.header('Vary', 'Cookie, Accept-Language');
      const rendered = await documents?.(request, shell, language);
      if (rendered) {
        return reply
          .code(rendered.status)
          .header('Cache-Control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(rendered.html);
      }
      const pathname = request.url.split('?')[0] ?? '/';
      return reply
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(
          assembleDocument(shell, pathname, await meta(request, language), undefined, language),
        );
    };
    // The start page itself: without this, the static plugin answers "/" as a directory (403)
    // whenever the client does not ask for a compressed answer.
    app.get('/', replyWithIndex);
    // The pages the server renders go straight to it: through the static plugin each would
    // first look for a file of that name and its compressed twins on disk.
    for (const page of [
      '/home',
      '/breakthrough',
      '/breakthrough/:id',
      '/blog/:id',
      '/user/:login',
    ]) {
      app.get(page, replyWithIndex);
    }

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (pathname.startsWith('/api/') || pathname === '/api') {
        throw notFound('http.noApiRoute', { method: request.method, path: pathname });
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        throw notFound('http.nothingAtMethod', { method: request.method, path: pathname });
      }
      // A missing file (a stale hashed asset, say) is a 404, not the app shell.
      if ((pathname.split('/').pop() ?? '').includes('.'))
        throw notFound('http.noFile', { path: pathname });
      return replyWithIndex(request, reply);
    });
  } else {
    app.setNotFoundHandler(async (request) => {
      const pathname = request.url.split('?')[0] ?? '/';
      throw pathname.startsWith('/api')
        ? notFound('http.noApiRoute', { method: request.method, path: pathname })
        : notFound('http.notBuilt', { path: pathname });
    });
  }
}
