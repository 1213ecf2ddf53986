/**
 * What other features may use of users: the accounts service they are handed in deps
 * (remember a GitHub account, read one, delete one).
 */
export type { GithubIdentity } from './users.repository.js';
export type { UserAccounts } from './user-accounts.js';
