import { lazy, Suspense } from 'react';
import { MarkdownView } from '../../articles/components/markdown-view';
import styles from './markdown-editor.module.css';

// The renderer readers' pages get from the server (markdown, sanitizing, highlighting) runs here
// for the preview; it is a chunk of its own, loaded the first time someone opens the preview.
const RenderedPreview = lazy(async () => {
  const { renderMarkdown } = await import('@repolog/markdown/render');
  return {
    default: ({ content }: { content: string }) => <MarkdownView html={renderMarkdown(content)} />,
  };
});

export function PreviewLoading() {
  return (
    <p className={styles.previewLoading} role="status">
      Loading preview…
    </p>
  );
}

/** The body as readers will see it. */
export function MarkdownPreview({ content }: { content: string }) {
  if (content.trim() === '') return <p className={styles.previewEmpty}>Nothing to preview yet.</p>;
  return (
    <Suspense fallback={<PreviewLoading />}>
      <RenderedPreview content={content} />
    </Suspense>
  );
}
