import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { i18n, params, useMessages } from '../../../i18n';
import { useSession, viewerOf } from '../../../lib/use-session';
import { blocksQuery, useBlock } from '../api/safety';
import styles from './safety.module.css';

const messages = i18n('blockedUsersSettings', {
  heading: 'Blocked users',
  hint: 'People you blocked cannot comment on your breakthroughs, invite you or notify you; their comments are folded for you. They are not told.',
  empty: 'You have not blocked anyone.',
  unblock: 'Unblock',
  unblockLabel: params('Unblock {login}'),
});

/** The settings page's section of blocks: who the reader blocked, each with Unblock. */
export function BlockedUsersSettings() {
  const t = useMessages(messages);
  const viewer = viewerOf(useSession());
  const { data } = useQuery(blocksQuery(viewer));
  const block = useBlock();
  return (
    <section aria-labelledby="blocked-users" className={styles.section}>
      <h2 id="blocked-users">{t.heading}</h2>
      <p className={styles.hint}>{t.hint}</p>
      {data?.length === 0 && <p>{t.empty}</p>}
      {data && data.length > 0 && (
        <ul className={styles.blocks}>
          {data.map((user) => (
            <li key={user.userId}>
              <Link to={`/user/${user.login}`}>{user.login}</Link>
              <Button
                variant="secondary"
                aria-label={t.unblockLabel({ login: user.login })}
                disabled={block.isPending}
                onClick={() => block.mutate({ login: user.login, block: false })}
              >
                {t.unblock}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
