import type { RepoItemDetail } from '@repolog/contract/repo-items';
import type { Db } from '../db/client.js';
import type { GitHubClient } from '../github/github.public.js';
import { codehostRepository } from './codehost.repository.js';
import { itemDetailReader } from './repo-items.service.js';
import type { RepoRef } from './repo-url.js';

/**
 * Reads items of a repository in full, as an import into text needs them, through the codehost
 * cache on `db` (a delivery's transaction may pass its own). `repoKey`: lower-cased owner/name.
 */
export function repoItemReads(deps: { github: GitHubClient; webUrl: string }) {
  return {
    async read(
      db: Db,
      repoKey: string,
      token: string | undefined,
      itemRef: string,
    ): Promise<RepoItemDetail> {
      const [owner = '', name = ''] = repoKey.split('/');
      const ref: RepoRef = { owner, name, key: repoKey, htmlUrl: `${deps.webUrl}/${repoKey}` };
      return itemDetailReader({ github: deps.github, repo: codehostRepository(db) })(
        ref,
        token,
        itemRef,
      );
    },

    /** The repository changed (a webhook said so): lists and items revalidate on their next read. */
    async invalidate(db: Db, repoKey: string): Promise<void> {
      await codehostRepository(db).invalidate(repoKey.toLowerCase());
    },
  };
}

export type RepoItemReads = ReturnType<typeof repoItemReads>;
