import type { ComponentProps } from 'react';
import Markdown, { type Components } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import { rehypeLowlight } from '../lib/rehype-lowlight';
import { safeUrl } from '../lib/safe-url';
import styles from './markdown-view.module.css';

const remarkPlugins = [remarkGfm];
// Sanitize first, then highlight: highlighting only wraps text in classed spans.
const rehypePlugins = [rehypeSanitize, rehypeLowlight];

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
