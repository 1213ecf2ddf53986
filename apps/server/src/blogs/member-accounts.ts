import type { Db } from '../db/client.js';
import { forbidden } from '../errors.js';
import type { GitHubUser } from '../github/github.public.js';
import type { SafetyChecks } from '../safety/safety.public.js';
import type { UserAccounts } from '../users/users.public.js';

/** GitHub logins compare without case. */
export const lower = (login: string) => login.toLowerCase();

/** Logins in their first spelling, each once whatever its case. */
export function uniqueLogins(logins: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const login of logins) {
    const key = lower(login);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(login);
  }
  return out;
}

/**
 * Creates or refreshes the accounts of a member list's GitHub users (they may never have signed
 * in), in the blog write's transaction; their ids by lower-cased login.
 */
export async function rememberAccounts(
  users: Pick<UserAccounts, 'upsertGithubUser'>,
  accounts: GitHubUser[],
  tx: Db,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const account of accounts) {
    const row = await users.upsertGithubUser(
      {
        githubId: account.id,
        login: account.login,
        name: account.name,
        avatarUrl: account.avatarUrl,
      },
      false,
      tx,
    );
    ids.set(lower(account.login), row.id);
  }
  return ids;
}

/**
 * Refuses adding to a blog anyone who blocked the person adding them (a block stops
 * invitations); the message names them without saying why, as blocks are private.
 */
export async function refuseBlockers(
  safety: Pick<SafetyChecks, 'isBlocked'>,
  actorId: number,
  added: readonly number[],
  ids: ReadonlyMap<string, number>,
  tx: Db,
): Promise<void> {
  for (const userId of added) {
    if (userId === actorId || !(await safety.isBlocked(userId, actorId, tx))) continue;
    const login = [...ids].find(([, id]) => id === userId)?.[0] ?? String(userId);
    throw forbidden('blogs.cannotAdd', { login });
  }
}
