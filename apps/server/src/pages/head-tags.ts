import type { PageMeta } from './page-meta.js';

export const escapeHtml = (value: string) =>
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
export function metaTags(meta: PageMeta): string {
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
