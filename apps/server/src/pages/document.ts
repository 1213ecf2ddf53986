import type { UiLanguage } from '@repolog/contract/locale';
import { escapeHtml, jsonForScript, metaTags } from './head-tags.js';
import type { PageMeta, PageMetaSource } from './page-meta.js';
import { preloadTags, type ManifestChunk, type PageNeeds } from './preload-tags.js';

/** A page the server rendered: the app's HTML, its data and its route modules. */
export interface RenderedDocument {
  status: number;
  html: string;
  state: string | null;
  modules: string[];
  islands: string[];
}

/** What the server knows of the built web app (shell.ts reads it once). */
export interface Shell {
  template: string;
  manifest: Record<string, ManifestChunk>;
  /** The page's meta tags (every provider asked, answers merged over the defaults). */
  meta: PageMetaSource;
  /** A built stylesheet's text (server-rendered pages carry their styles inline). */
  css?: (file: string) => string | undefined;
}

type Frame = Pick<Shell, 'template' | 'manifest' | 'css'>;

/** The web app's module of each interface language's texts (English is in the code itself). */
const LANGUAGE_MODULES: Partial<Record<UiLanguage, string>> = { ko: 'src/i18n/ko/index.ts' };

const META_BLOCK = /<!--meta-->[\s\S]*?<!--\/meta-->/;
// Where a page's own parts go in its frame (comments, so no step below can touch them).
const META_SLOT = '<!--repolog:meta-->';
const APP_SLOT = '<!--repolog:app-->';
const STATE_SLOT = '<!--repolog:state-->';
const SLOTS = /<!--repolog:(?:meta|app|state)-->/;

/** The frame's parts with the page's own values between them. */
function fill(parts: string[], values: string[]): string {
  let html = parts[0] ?? '';
  for (let i = 0; i < values.length; i += 1) html += `${values[i] ?? ''}${parts[i + 1] ?? ''}`;
  return html;
}

/**
 * Puts a page the server rendered into index.html: head tags, styles, the app's HTML and its
 * data, in the page's interface language (`<html lang>`, and the texts' module named beside the
 * entry).
 */
export function assembleDocument(
  shell: Frame,
  meta: PageMeta,
  page: RenderedDocument,
  language: UiLanguage = 'en',
): string {
  return fill(renderedFrame(shell, page, language), [
    metaTags(meta),
    page.html,
    ...(page.state ? [jsonForScript(page.state)] : []),
  ]);
}

/**
 * index.html for a page the browser renders: its meta tags, and (for one of the server-rendered
 * pages' routes) its code and first API call preloaded.
 */
export function shellDocument(
  shell: Frame,
  meta: PageMeta,
  needs: PageNeeds | undefined,
  language: UiLanguage = 'en',
): string {
  return fill(frame(shell, language, needs), [metaTags(meta)]);
}

/** Frames of rendered pages, per shell: they differ only by language, route modules and islands. */
const frames = new WeakMap<object, Map<string, string[]>>();

function renderedFrame(
  shell: Frame,
  page: Pick<RenderedDocument, 'modules' | 'islands' | 'state'>,
  language: UiLanguage,
): string[] {
  let kept = frames.get(shell);
  if (!kept) frames.set(shell, (kept = new Map<string, string[]>()));
  const key = `${language}|${page.modules.join(',')}|${page.islands.join(',')}|${page.state ? 1 : 0}`;
  let parts = kept.get(key);
  if (!parts) kept.set(key, (parts = frame(shell, language, page, page)));
  return parts;
}

/**
 * index.html around a page, cut where its own parts go: its meta tags, then (for a page the
 * server rendered) its HTML and its data. Everything else depends on the page's language and
 * route modules only, so a rendered page's frame is made once (the inlined styles included).
 */
function frame(
  shell: Frame,
  language: UiLanguage,
  needs: PageNeeds | undefined,
  page?: Pick<RenderedDocument, 'state'>,
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
  const preloads = needs
    ? preloadTags(shell.manifest, needs, {
        template: shell.template,
        rendered: page !== undefined,
        ...(page && shell.css ? { readCss: shell.css } : {}),
      })
    : '';
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
