import { lazy, Suspense } from 'react';
import { i18n, useMessages } from '../../../i18n';
import { MarkdownView } from '../../../components/markdown-view';
import styles from './markdown-editor.module.css';

// The renderer readers' pages get from the server (markdown, sanitizing, highlighting) runs here
// for the preview; it is a chunk of its own, loaded the first time someone opens the preview.
const RenderedPreview = lazy(async () => {
  const { renderMarkdown } = await import('@repolog/markdown/render');
  return {
    default: ({ content }: { content: string }) => <MarkdownView html={renderMarkdown(content)} />,
  };
});

const messages = i18n('markdownPreview', {
  loading: 'Loading preview…',
  empty: 'Nothing to preview yet.',
});

export function PreviewLoading() {
  const t = useMessages(messages);
  return (
    <p className={styles.previewLoading} role="status">
      {t.loading}
    </p>
  );
}

/** The body as readers will see it. */
export function MarkdownPreview({ content }: { content: string }) {
  const t = useMessages(messages);
  if (content.trim() === '') return <p className={styles.previewEmpty}>{t.empty}</p>;
  return (
    <Suspense fallback={<PreviewLoading />}>
      <RenderedPreview content={content} />
    </Suspense>
  );
}
