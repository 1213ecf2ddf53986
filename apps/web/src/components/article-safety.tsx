import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { i18n, params, useMessages } from '../i18n';
import { articleQuery } from '../lib/article-record';
import { useSession, viewerOf } from '../lib/use-session';
import { Button } from './ui/button';
import styles from './report-dialog.module.css';

const messages = i18n('articleSafety', {
  report: 'Report this breakthrough',
  hidden: params('A moderator hid this breakthrough; only you can see it. Reason: {reason}'),
});

const ReportDialog = lazy(() =>
  import('./report-dialog').then((m) => ({ default: m.ReportDialog })),
);

/**
 * Under a breakthrough, for signed-in readers: Report (others' breakthroughs), or for its author
 * the reason a moderator hid it. Loaded once the page is running.
 */
export function ArticleSafety({ articleId }: { articleId: number }) {
  const t = useMessages(messages);
  const viewer = viewerOf(useSession());
  const { data: article } = useQuery({
    ...articleQuery(articleId, viewer),
    enabled: viewer !== null,
  });
  const [reporting, setReporting] = useState(false);
  if (viewer === null || !article) return null;
  if (article.hidden) {
    return (
      <p role="status" className={styles.notice}>
        {t.hidden({ reason: article.hidden.reason })}
      </p>
    );
  }
  if (article.userId === viewer) return null;
  return (
    <div className={styles.bar}>
      <Button variant="secondary" onClick={() => setReporting(true)}>
        {t.report}
      </Button>
      {reporting && (
        <Suspense fallback={null}>
          <ReportDialog
            targetType="article"
            targetId={articleId}
            onClose={() => setReporting(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
