import type { Db } from '../db/client.js';
import type { GitHubApp } from '../github/github.public.js';
import type { ConnectionsRepository } from './connections.repository.js';

/**
 * The App's installation token for a connected repository (from Octokit's cache until it
 * nearly expires); undefined when no App is configured or the repository is not connected.
 */
export function appTokens(repo: ConnectionsRepository, app: GitHubApp | undefined) {
  return {
    async forRepo(
      repoKey: string,
      tx?: Db,
    ): Promise<{ token: string; installationId: number } | undefined> {
      if (!app) return undefined;
      const connection = await repo.connectionOf(repoKey, tx);
      if (!connection?.connected || !connection.installationLive) return undefined;
      const token = await app.installationToken(connection.installationId);
      return { token, installationId: connection.installationId };
    },
  };
}

export type AppTokens = ReturnType<typeof appTokens>;
