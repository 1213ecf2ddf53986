import { lazy, Suspense } from 'react';
import styles from './markdown-editor.module.css';

// The renderer (react-markdown, sanitizing, highlighting) is a chunk of its own, loaded the
// first time someone opens the preview.
const MarkdownView = lazy(async () => ({
  default: (await import('../../articles/components/markdown-view')).MarkdownView,
}));

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
      <MarkdownView content={content} />
    </Suspense>
  );
}
