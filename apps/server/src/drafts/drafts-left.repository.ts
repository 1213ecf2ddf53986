import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { articles, drafts } from '../db/schema.js';
import type { DraftFields } from './drafts.repository.js';

/** The queries behind drafts-left.ts, on the caller's transaction. */
export const draftsLeftRepository = {
  /** Whether a draft or breakthrough of the blog is already about `ref` (`pull:45`). */
  async anyAbout(tx: Db, blogId: number, ref: string): Promise<boolean> {
    const about = (t: typeof drafts | typeof articles) =>
      and(eq(t.blogId, blogId), or(eq(t.problemRef, ref), eq(t.solutionRef, ref)));
    const [draft] = await tx.select({ id: drafts.id }).from(drafts).where(about(drafts)).limit(1);
    if (draft) return true;
    const [article] = await tx
      .select({ id: articles.id })
      .from(articles)
      .where(about(articles))
      .limit(1);
    return article !== undefined;
  },

  /** A new draft (version 1) by `creatorId`; returns its id. */
  async leave(
    tx: Db,
    values: DraftFields & { blogId: number; creatorId: number },
  ): Promise<number> {
    const [row] = await tx
      .insert(drafts)
      .values({ ...values, articleId: null, updatedById: values.creatorId })
      .returning({ id: drafts.id });
    if (!row) throw new Error('the draft was not inserted');
    return row.id;
  },
};
