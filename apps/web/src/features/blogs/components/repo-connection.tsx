import { useQuery } from '@tanstack/react-query';
import type { ChangeEvent } from 'react';
import type { RepoSettings } from '@repolog/contract/repo-connection';
import { ButtonLink } from '../../../components/ui/button';
import { i18n, params, useMessages } from '../../../i18n';
import { repoConnectionQuery, useSaveRepoSettings } from '../api/repo-connection';
import styles from './blog-view.module.css';

const messages = i18n('repoConnection', {
  title: 'Repository connection',
  connected: 'Connected: the Repolog GitHub App reads this repository and hears of its changes.',
  notConnected:
    'Not connected: activity is read with members’ GitHub sign-ins and refreshed once a minute.',
  removed:
    'Access removed: the GitHub App no longer has this repository, so its events stopped. Connect it again to keep activity and drafts current.',
  connect: 'Connect repository',
  mergedPullDrafts: 'Leave a draft when a pull request is merged',
  closeLoop: 'Comment on the issue or pull request when a breakthrough about it is posted',
  missing: params(
    'The GitHub App lacks the permission {permissions}. An owner of the repository can grant it in the App’s settings on GitHub.',
  ),
  saveFailed: 'The setting could not be saved. Please try again.',
});

/**
 * For members of a blog: whether its repository is connected through Repolog's GitHub App
 * (connected / not connected / access removed), "Connect repository" (the App's install page),
 * and the blog's choices. Nothing shows when no App is configured.
 */
export function RepoConnectionPanel({ blogId }: { blogId: number }) {
  const t = useMessages(messages);
  const { data } = useQuery(repoConnectionQuery(blogId));
  const save = useSaveRepoSettings(blogId);
  if (!data?.configured) return null;
  const toggle = (name: keyof RepoSettings) => (event: ChangeEvent<HTMLInputElement>) =>
    save.mutate({ [name]: event.target.checked });
  const stateText =
    data.state === 'connected'
      ? t.connected
      : data.state === 'removed'
        ? t.removed
        : t.notConnected;
  return (
    <section className={styles.panel} aria-labelledby="repo-connection">
      <h2 id="repo-connection" className={styles.panelTitle}>
        {t.title}
      </h2>
      <p className={styles.muted} data-state={data.state} role="status">
        {stateText}
      </p>
      {data.state !== 'connected' && data.installUrl && (
        <p>
          <ButtonLink to={data.installUrl} reloadDocument className={styles.writeButton}>
            {t.connect}
          </ButtonLink>
        </p>
      )}
      {data.state === 'connected' && (
        <>
          <label className={styles.setting}>
            <input
              type="checkbox"
              checked={data.settings.mergedPullDrafts}
              onChange={toggle('mergedPullDrafts')}
              disabled={save.isPending}
            />{' '}
            {t.mergedPullDrafts}
          </label>
          <label className={styles.setting}>
            <input
              type="checkbox"
              checked={data.settings.closeLoop}
              onChange={toggle('closeLoop')}
              disabled={save.isPending}
            />{' '}
            {t.closeLoop}
          </label>
        </>
      )}
      {data.missingPermissions.length > 0 && (
        <p className={styles.notice} role="alert">
          {t.missing({
            permissions: data.missingPermissions.map((p) => `${p.name}: ${p.level}`).join(', '),
          })}
        </p>
      )}
      {save.isError && (
        <p className={styles.notice} role="alert">
          {t.saveFailed}
        </p>
      )}
    </section>
  );
}
