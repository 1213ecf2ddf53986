import type { Db } from '../db/client.js';
import type { RepoItemReads } from '../codehost/codehost.public.js';
import type { Outbox } from '../outbox/outbox.public.js';
import type { ConnectionsRepository } from './connections.repository.js';

interface RepoPayload {
  full_name?: unknown;
}
interface InstallationPayload {
  id?: unknown;
  account?: { login?: unknown } | null;
  permissions?: Record<string, unknown>;
  suspended_at?: unknown;
}
/** The parts of GitHub's event payloads Repolog reads. */
export interface EventPayload {
  action?: unknown;
  installation?: InstallationPayload;
  repositories?: RepoPayload[];
  repositories_added?: RepoPayload[];
  repositories_removed?: RepoPayload[];
  repository?: RepoPayload;
  number?: unknown;
  pull_request?: {
    number?: unknown;
    merged?: unknown;
    merged_at?: unknown;
    title?: unknown;
    user?: { login?: unknown; id?: unknown } | null;
  };
}

/** The repository events of a connected repository that refresh its cache. */
export const REPOSITORY_EVENTS = new Set(['issues', 'issue_comment', 'pull_request', 'push']);

export type Applied =
  { outcome: 'applied'; message: string } | { outcome: 'repeated' | 'ignored'; message: string };

const keysOf = (repos: RepoPayload[] | undefined): string[] =>
  (repos ?? [])
    .map((r) => (typeof r.full_name === 'string' ? r.full_name.toLowerCase() : ''))
    .filter(Boolean);

const permissionsOf = (raw: Record<string, unknown> | undefined): Record<string, string> =>
  Object.fromEntries(
    Object.entries(raw ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );

/**
 * Applies one verified webhook delivery, once: installation events record which repositories
 * are connected; events of connected repositories make their cached lists and items stale, and
 * a merged pull request becomes a `pull.merged` outbox event (a draft, in pull-drafts.ts).
 */
export function appEvents(deps: {
  repo: ConnectionsRepository;
  items: RepoItemReads;
  outbox: Pick<Outbox, 'add' | 'deliver'>;
  /** The blog linked to a repository, if any. */
  blogOf: (repoKey: string) => Promise<number | undefined>;
}) {
  const { repo, items, outbox } = deps;
  let lastPrune = 0;

  async function installationEvent(tx: Db, name: string, p: EventPayload): Promise<string[]> {
    const inst = p.installation;
    const id = typeof inst?.id === 'number' ? inst.id : undefined;
    if (id === undefined) return [];
    const action = typeof p.action === 'string' ? p.action : '';
    if (name === 'installation' && action === 'deleted') {
      return repo.removeInstallation(tx, id);
    }
    await repo.saveInstallation(tx, {
      id,
      account: typeof inst?.account?.login === 'string' ? inst.account.login : '',
      permissions: permissionsOf(inst?.permissions),
      suspended: action === 'suspend' || (action !== 'unsuspend' && Boolean(inst?.suspended_at)),
    });
    const added = keysOf(name === 'installation' ? p.repositories : p.repositories_added);
    const removed = keysOf(p.repositories_removed);
    if (action !== 'new_permissions_accepted' && action !== 'suspend') {
      await repo.connect(tx, id, added);
    }
    await repo.disconnect(tx, id, removed);
    return [...added, ...removed];
  }

  return {
    async apply(name: string, deliveryId: string, payload: EventPayload): Promise<Applied> {
      if (Date.now() - lastPrune > 60 * 60_000) {
        lastPrune = Date.now();
        await repo.pruneDeliveries(new Date(Date.now() - 30 * 24 * 60 * 60_000));
      }
      const repoKey =
        typeof payload.repository?.full_name === 'string'
          ? payload.repository.full_name.toLowerCase()
          : undefined;
      const isInstallation = name === 'installation' || name === 'installation_repositories';
      if (!isInstallation && !REPOSITORY_EVENTS.has(name)) {
        return { outcome: 'ignored', message: `Ignored event ${name}` };
      }
      // Read before the transaction: the membership read has its own connection.
      const blogId = repoKey && name === 'pull_request' ? await deps.blogOf(repoKey) : undefined;
      const queued: number[] = [];
      const result = await repo.transaction(async (tx): Promise<Applied> => {
        if (!(await repo.claimDelivery(tx, deliveryId, name))) {
          return { outcome: 'repeated', message: `Delivery ${deliveryId} was applied before` };
        }
        if (isInstallation) {
          const changed = await installationEvent(tx, name, payload);
          for (const key of changed) await items.invalidate(tx, key);
          return {
            outcome: 'applied',
            message: `Installation updated (${changed.length} repositories)`,
          };
        }
        const connection = repoKey && (await repo.connectionOf(repoKey, tx));
        if (!repoKey || !connection || !connection.connected) {
          return { outcome: 'ignored', message: `No connected repository for this ${name} event` };
        }
        await items.invalidate(tx, repoKey);
        const pull = payload.pull_request;
        const merged = pull?.merged === true || (pull !== undefined && Boolean(pull.merged_at));
        if (name === 'pull_request' && payload.action === 'closed' && merged) {
          const number = Number(pull?.number ?? payload.number);
          if (blogId !== undefined && Number.isInteger(number)) {
            queued.push(
              await outbox.add(tx, 'pull.merged', {
                blogId,
                repoKey,
                number,
                author: typeof pull?.user?.login === 'string' ? pull.user.login : null,
                authorId: typeof pull?.user?.id === 'number' ? pull.user.id : null,
              }),
            );
          }
        }
        return { outcome: 'applied', message: `Activity of ${repoKey} will refresh` };
      });
      await outbox.deliver(queued);
      return result;
    },
  };
}

export type AppEvents = ReturnType<typeof appEvents>;
