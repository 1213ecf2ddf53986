import Markdown from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import { rehypeLowlight } from '../lib/rehype-lowlight';
import { safeUrl } from '../lib/safe-url';
import styles from './markdown-view.module.css';

const remarkPlugins = [remarkGfm];
// Sanitize first, then highlight: highlighting only wraps text in classed spans.
const rehypePlugins = [rehypeSanitize, rehypeLowlight];

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
        skipHtml
      >
        {content}
      </Markdown>
    </div>
  );
}
