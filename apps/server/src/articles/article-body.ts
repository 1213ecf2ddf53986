import { PIPELINE_VERSION } from '@repolog/markdown/version';
import type { SearchDocument } from '../search/search.public.js';

/** The version stored with each rendered body; rows from an older one are re-rendered. */
export const RENDER_VERSION = PIPELINE_VERSION;

/** How much of a body's plain text is stored (feeds and page descriptions show at most 300). */
export const BODY_TEXT_CHARS = 1000;

/** What is stored with an article for its body, next to the markdown. */
export interface StoredBody {
  /** Sanitized HTML, served as the article's contentHtml. */
  html: string;
  /** The start of the body as one line of plain text. */
  text: string;
  /** The pipeline version that made `html` and `text`. */
  version: number;
  /** What the breakthrough is found by, when the render was asked for it (search/). */
  search?: SearchDocument;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * What a body that cannot be rendered (too deep, too slow) or is not rendered yet is shown as:
 * its markdown as escaped, preformatted text. Linear and cheap, so it may run on a read.
 */
export function escapedBody(content: string): string {
  return `<pre>${escapeHtml(content)}</pre>`;
}
