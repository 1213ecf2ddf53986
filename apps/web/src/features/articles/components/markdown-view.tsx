import { useEffect, useState, type ComponentProps } from 'react';
import Markdown, { type Components } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import type { rehypeLowlight as RehypeLowlight } from '../lib/rehype-lowlight';
import { safeUrl } from '../lib/safe-url';
import styles from './markdown-view.module.css';

const remarkPlugins = [remarkGfm];
const plainPlugins = [rehypeSanitize];

/**
 * The highlighter (grammars are most of the weight) is its own chunk: the text paints as soon
 * as the markdown renderer is here, and code gains its colours a moment later (colour only,
 * so nothing moves).
 */
let highlighter: typeof RehypeLowlight | undefined;
let highlighterChunk: Promise<typeof RehypeLowlight> | undefined;
const loadHighlighter = () =>
  (highlighterChunk ??= import('../lib/rehype-lowlight').then(
    (m) => (highlighter = m.rehypeLowlight),
  ));

/**
 * Code blocks and tables may scroll sideways on a phone: keyboard users must be able to reach
 * them to scroll (WCAG 2.1.1), so they get a tab stop.
 */
const components: Components = {
  pre: ({ node: _node, ...props }: ComponentProps<'pre'> & { node?: unknown }) => (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region
    <pre tabIndex={0} {...props} />
  ),
  table: ({ node: _node, ...props }: ComponentProps<'table'> & { node?: unknown }) => (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region
    <div className={styles.tableScroll} tabIndex={0}>
      <table {...props} />
    </div>
  ),
};

/**
 * A breakthrough's markdown body: GitHub-flavoured markdown, sanitized, code highlighted, link
 * and image targets limited to the protocols of spec §2. Heavy: import it lazily, e.g.
 * `lazy(() => import('…/markdown-view').then((m) => ({ default: m.MarkdownView })))`.
 */
export function MarkdownView({ content }: { content: string }) {
  const hasCode = content.includes('```') || content.includes('~~~');
  const [highlight, setHighlight] = useState(() => highlighter);
  useEffect(() => {
    if (highlight || !hasCode) return;
    let live = true;
    loadHighlighter()
      .then((plugin) => live && setHighlight(() => plugin))
      .catch((error: unknown) => console.error('code highlighting failed to load', error));
    return () => {
      live = false;
    };
  }, [highlight, hasCode]);
  // Sanitize first, then highlight: highlighting only wraps text in classed spans.
  const rehypePlugins = highlight ? [rehypeSanitize, highlight] : plainPlugins;
  return (
    <div className={styles.markdown}>
      <Markdown
        remarkPlugins={remarkPlugins}
        rehypePlugins={rehypePlugins}
        urlTransform={safeUrl}
        components={components}
        skipHtml
      >
        {content}
      </Markdown>
    </div>
  );
}
