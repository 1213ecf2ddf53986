import { markdownToText } from '@repolog/markdown/plain-text';
import { renderMarkdown } from '@repolog/markdown/render';
import { BODY_TEXT_CHARS, RENDER_VERSION, type StoredBody } from './article-body.js';

/**
 * Markdown -> what is stored with an article. CPU-bound and unbounded on hostile input: the
 * server runs it only on the render pool's threads (markdown.worker.ts); tests may call it.
 */
export function renderBody(content: string): StoredBody {
  return {
    html: renderMarkdown(content),
    text: Array.from(markdownToText(content)).slice(0, BODY_TEXT_CHARS).join(''),
    version: RENDER_VERSION,
  };
}
