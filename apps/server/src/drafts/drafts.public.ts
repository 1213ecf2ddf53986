/** What other features may use of drafts: leaving a draft for a blog in their transaction. */
export { draftsLeft } from './drafts-left.js';
export type { DraftFields } from './drafts.repository.js';
