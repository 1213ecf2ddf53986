import type { Db } from '../db/client.js';
import {
  usersRepository,
  type AccountRemoval,
  type GithubIdentity,
  type UserRow,
} from './users.repository.js';

/**
 * What other features do with accounts: remember a GitHub account (at sign-in, or when it is
 * made a blog member), read one, delete one with everything that goes with it.
 */
export function userAccounts(db: Db) {
  const repo = usersRepository(db);
  return {
    /**
     * Creates or refreshes the account of a GitHub user (logins can be renamed); `signedUp`
     * marks a real sign-in. Inside the caller's transaction when given one.
     */
    upsertGithubUser(identity: GithubIdentity, signedUp: boolean, tx?: Db): Promise<UserRow> {
      return repo.upsertGithubUser(identity, signedUp, tx);
    },

    findById(userId: number): Promise<UserRow | undefined> {
      return repo.findById(userId);
    },

    /** Deletes the account as DESIGN.md §3 says, in one transaction; what it changed. */
    deleteAccount(userId: number): Promise<AccountRemoval> {
      return repo.transaction((tx) => repo.deleteAccount(userId, tx));
    },
  };
}

export type UserAccounts = ReturnType<typeof userAccounts>;
