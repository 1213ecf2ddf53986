import { and, desc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { articleCoauthors, articles, userBlocks, users } from '../db/schema.js';

/** Private blocks: who blocked whom (part of the safety repository). */
export function blocksRepository(db: Db) {
  return {
    async block(blockerId: number, blockedId: number): Promise<void> {
      await db.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
    },

    async unblock(blockerId: number, blockedId: number): Promise<void> {
      await db
        .delete(userBlocks)
        .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
    },

    async isBlocked(blockerId: number, blockedId: number, tx: Db = db): Promise<boolean> {
      const [row] = await tx
        .select({ at: userBlocks.createdAt })
        .from(userBlocks)
        .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
      return !!row;
    },

    /** Whether the author or any co-author of a breakthrough blocked `blockedId`. */
    async blockedByAnAuthor(articleId: number, blockedId: number): Promise<boolean> {
      const [row] = await db
        .select({ at: userBlocks.createdAt })
        .from(userBlocks)
        .where(
          and(
            eq(userBlocks.blockedId, blockedId),
            or(
              inArray(
                userBlocks.blockerId,
                db
                  .select({ id: articles.authorId })
                  .from(articles)
                  .where(eq(articles.id, articleId)),
              ),
              inArray(
                userBlocks.blockerId,
                db
                  .select({ id: articleCoauthors.userId })
                  .from(articleCoauthors)
                  .where(eq(articleCoauthors.articleId, articleId)),
              ),
            ),
          ),
        )
        .limit(1);
      return !!row;
    },

    /** The ids a person blocked. */
    async blockedIds(blockerId: number, tx: Db = db): Promise<number[]> {
      const rows = await tx
        .select({ id: userBlocks.blockedId })
        .from(userBlocks)
        .where(eq(userBlocks.blockerId, blockerId));
      return rows.map((row) => row.id);
    },

    blocksOf(blockerId: number) {
      return db
        .select({
          userId: users.id,
          login: users.userName,
          avatarUrl: users.avatarUrl,
          date: userBlocks.createdAt,
        })
        .from(userBlocks)
        .innerJoin(users, eq(users.id, userBlocks.blockedId))
        .where(eq(userBlocks.blockerId, blockerId))
        .orderBy(desc(userBlocks.createdAt));
    },
  };
}
