import type { Db } from '../db/client.js';
import { draftsLeftRepository } from './drafts-left.repository.js';
import type { DraftFields } from './drafts.repository.js';

/**
 * Drafts other features leave for a blog (a merged pull request's), inside their own
 * transaction: whether the blog already has work about an item, and a new draft.
 */
export const draftsLeft = {
  /** Whether a draft or breakthrough of the blog is already about `ref` (`pull:45`). */
  anyAbout: (tx: Db, blogId: number, ref: string): Promise<boolean> =>
    draftsLeftRepository.anyAbout(tx, blogId, ref),

  /** A new draft (version 1) by `creatorId`; returns its id. */
  leave: (tx: Db, values: DraftFields & { blogId: number; creatorId: number }): Promise<number> =>
    draftsLeftRepository.leave(tx, values),
};
