import { and, desc, eq, gt, inArray, isNull, notExists, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  articleCoauthors,
  articles,
  blogs,
  comments,
  emailSettings,
  favorites,
} from '../db/schema.js';

/**
 * What a digest reads when it is put together (part of the email repository): who gets the
 * weekly one, what is in it, and what of the waiting items readers may still see.
 */
export const digestQueries = {
  /** Which of these comments readers see now (neither hidden nor held, not deleted). */
  async visibleComments(ids: number[], tx: Db): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await tx
      .select({ id: comments.id })
      .from(comments)
      .where(and(inArray(comments.id, ids), isNull(comments.hiddenAt), isNull(comments.held)));
    return new Set(rows.map((row) => row.id));
  },

  /** People with the weekly digest on who follow a blog with a breakthrough since `since`. */
  async weeklyReaders(since: Date, tx: Db): Promise<number[]> {
    const rows = await tx
      .selectDistinct({ userId: favorites.userId })
      .from(favorites)
      .innerJoin(articles, eq(articles.blogId, favorites.blogId))
      .innerJoin(emailSettings, eq(emailSettings.userId, favorites.userId))
      .where(
        and(
          gt(articles.createdAt, since),
          isNull(articles.hiddenAt),
          eq(emailSettings.weeklyDigest, true),
        ),
      );
    return rows.map((row) => row.userId);
  },

  /**
   * New breakthroughs of the blogs a user follows, most liked first; none written (as author
   * or co-author) by a person in `blocked`.
   */
  async followedSince(
    userId: number,
    since: Date,
    blocked: number[],
    tx: Db,
  ): Promise<{ id: number; title: string; blogName: string; likeCount: number }[]> {
    return tx
      .select({
        id: articles.id,
        title: articles.title,
        blogName: blogs.name,
        likeCount: articles.likeCount,
      })
      .from(favorites)
      .innerJoin(articles, eq(articles.blogId, favorites.blogId))
      .innerJoin(blogs, eq(blogs.id, favorites.blogId))
      .where(
        and(
          eq(favorites.userId, userId),
          gt(articles.createdAt, since),
          isNull(articles.hiddenAt),
          ...(blocked.length === 0
            ? []
            : [
                or(isNull(articles.authorId), notInArray(articles.authorId, blocked)),
                notExists(
                  tx
                    .select({ one: sql`1` })
                    .from(articleCoauthors)
                    .where(
                      and(
                        eq(articleCoauthors.articleId, articles.id),
                        inArray(articleCoauthors.userId, blocked),
                      ),
                    ),
                ),
              ]),
        ),
      )
      .orderBy(desc(articles.likeCount), desc(articles.id))
      .limit(20);
  },

  async articleTitles(ids: number[], tx: Db): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await tx
      .select({ id: articles.id, title: articles.title })
      .from(articles)
      .where(and(inArray(articles.id, ids), isNull(articles.hiddenAt)));
    return new Map(rows.map((row) => [row.id, row.title]));
  },
};
