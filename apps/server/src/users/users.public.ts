/** What other features may use of users: the accounts repository they are handed in deps. */
export type { UsersRepository } from './users.repository.js';
