import type { FastifyInstance } from 'fastify';
import { repoItemReads } from '../codehost/codehost.public.js';
import type { AppDeps } from '../deps.js';
import type { GitHubApp } from '../github/github.public.js';
import { appEvents } from './app-events.js';
import { appTokens, type AppTokens } from './app-tokens.js';
import { registerAppWebhookRoutes } from './app-webhooks.routes.js';
import { closeLoop } from './close-loop.js';
import { connectionService, registerConnectionRoutes } from './connection.routes.js';
import { connectionsRepository, type InstallationFacts } from './connections.repository.js';
import { pullDrafts } from './pull-drafts.js';

/** What the composition root makes first: the App's token reads for codehost. */
export function githubAppTokens(deps: Pick<AppDeps, 'db'>, githubApp: GitHubApp | undefined) {
  return appTokens(connectionsRepository(deps.db), githubApp);
}

export interface GitHubAppModule {
  /** Installations that exist without an event (the demo stand-in's, made at its start). */
  recordInstalled(installations: (InstallationFacts & { repoKeys: string[] })[]): Promise<void>;
}

/**
 * The GitHub App (issue 20): its webhook, the blog's connection state and choices, the draft a
 * merged pull request leaves, and the App's comments that close the loop. Without an App
 * configured the routes say so and nothing else changes.
 */
export function registerGitHubAppModule(
  app: FastifyInstance,
  deps: AppDeps,
  githubApp: GitHubApp | undefined,
  tokens: AppTokens,
): GitHubAppModule {
  const repo = connectionsRepository(deps.db);
  const items = repoItemReads({ github: deps.github, webUrl: deps.githubWebUrl });
  const events = appEvents({
    repo,
    items,
    outbox: deps.outbox,
    blogOf: async (repoKey) => (await deps.memberships.findByRepo(repoKey))?.id,
  });
  registerAppWebhookRoutes(app, githubApp, events);
  registerConnectionRoutes(
    app,
    connectionService({ repo, app: githubApp, memberships: deps.memberships }),
  );
  deps.outbox.handle(
    'pull.merged',
    pullDrafts({
      repo,
      items,
      tokens,
      memberships: deps.memberships,
      users: deps.users,
      outbox: deps.outbox,
      tokenOf: async (userId, tx) => {
        const sealed = await deps.auth.findGithubToken(userId, tx);
        return sealed ? deps.keys.decrypt(sealed) : undefined;
      },
    }),
  );
  deps.outbox.handle(
    'article.written',
    closeLoop({ repo, app: githubApp, publicUrl: deps.config.publicUrl }),
  );
  return {
    async recordInstalled(installations) {
      await repo.transaction(async (tx) => {
        for (const { repoKeys, ...facts } of installations) {
          await repo.saveInstallation(tx, facts);
          await repo.connect(tx, facts.id, repoKeys);
        }
      });
    },
  };
}
