import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { i18n, useMessages } from '../../../i18n';
import { useSession, viewerOf } from '../../../lib/use-session';
import { blocksQuery, useBlock } from '../api/safety';
import styles from './safety.module.css';

const messages = i18n('userSafetyActions', {
  report: 'Report',
  block: 'Block',
  unblock: 'Unblock',
});

const ReportDialog = lazy(() =>
  import('../../../components/report-dialog').then((m) => ({ default: m.ReportDialog })),
);

/** Report and Block on someone else's profile (signed-in readers only). */
export function UserSafetyActions({ login, userId }: { login: string; userId: number }) {
  const t = useMessages(messages);
  const session = useSession();
  const viewer = viewerOf(session);
  const { data: blocks } = useQuery(blocksQuery(viewer));
  const block = useBlock();
  const [reporting, setReporting] = useState(false);
  if (viewer === null || viewer === userId) return null;
  const blocked = !!blocks?.some((user) => user.userId === userId);
  return (
    <div className={styles.actions}>
      <Button variant="secondary" onClick={() => setReporting(true)}>
        {t.report}
      </Button>
      <Button
        variant="secondary"
        disabled={!blocks || block.isPending}
        onClick={() => block.mutate({ login, block: !blocked })}
      >
        {blocked ? t.unblock : t.block}
      </Button>
      {reporting && (
        <Suspense fallback={null}>
          <ReportDialog targetType="user" targetId={userId} onClose={() => setReporting(false)} />
        </Suspense>
      )}
    </div>
  );
}
