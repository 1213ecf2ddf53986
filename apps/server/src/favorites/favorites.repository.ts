import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import { HOME_TOP } from '@repolog/contract/constants';
import type { Db } from '../db/client.js';
import { blogs, favorites } from '../db/schema.js';
import { transactionOf } from '../db/transaction.js';

export interface BlogCardRow {
  id: number;
  name: string;
  description: string;
}

export interface FavoriteState {
  favorited: boolean;
  count: number;
}

const card = { id: blogs.id, name: blogs.name, description: blogs.description };

/** Favorites (a user following a blog) and the blog lists built from them. */
export function favoritesRepository(db: Db) {
  return {
    transaction: transactionOf(db),

    async blogExists(blogId: number): Promise<boolean> {
      const [row] = await db.select({ id: blogs.id }).from(blogs).where(eq(blogs.id, blogId));
      return row !== undefined;
    },

    /**
     * Flips the user's favorite without a read-modify-write: insert-or-nothing, else delete,
     * and blogs.fav_count moves by one only when a row really changed. Run it in a transaction:
     * toggles of one blog queue on the blog row's lock (taken first), so the count stays exact
     * and every answer is a true state of the table.
     */
    async toggle(
      userId: number,
      blogId: number,
      tx: Db,
    ): Promise<FavoriteState & { added: boolean }> {
      await tx.select({ id: blogs.id }).from(blogs).where(eq(blogs.id, blogId)).for('update');
      const inserted = await tx
        .insert(favorites)
        .values({ userId, blogId })
        .onConflictDoNothing()
        .returning({ blogId: favorites.blogId });
      const added = inserted.length === 1;
      const removed = added
        ? []
        : await tx
            .delete(favorites)
            .where(and(eq(favorites.userId, userId), eq(favorites.blogId, blogId)))
            .returning({ blogId: favorites.blogId });
      const delta = added ? 1 : removed.length === 1 ? -1 : 0;
      const [state] = await tx
        .update(blogs)
        .set({ favCount: sql`${blogs.favCount} + ${delta}` })
        .where(eq(blogs.id, blogId))
        .returning({ count: blogs.favCount });
      return { added, count: state?.count ?? 0, favorited: added };
    },

    /**
     * The home strip: most favorites gained since `since` (a range of the favorites_created
     * index), then most favorites in all (blogs.fav_count), then newest; `excludeBlogId` (the
     * official blog) is left out.
     */
    async topBlogs(since: Date, excludeBlogId: number): Promise<BlogCardRow[]> {
      const recent = db
        .select({ blogId: favorites.blogId, n: sql<number>`count(*)::int`.as('n') })
        .from(favorites)
        .where(gt(favorites.createdAt, since))
        .groupBy(favorites.blogId)
        .as('recent');
      const gained = sql<number>`coalesce(${recent.n}, 0)`;
      return db
        .select(card)
        .from(blogs)
        .leftJoin(recent, eq(recent.blogId, blogs.id))
        .where(ne(blogs.id, excludeBlogId))
        .orderBy(desc(gained), desc(blogs.favCount), desc(blogs.createdAt), desc(blogs.id))
        .limit(HOME_TOP);
    },

    /** Blogs the user favorited, newest favorite first. */
    async favoritedBy(userId: number): Promise<BlogCardRow[]> {
      return db
        .select(card)
        .from(favorites)
        .innerJoin(blogs, eq(blogs.id, favorites.blogId))
        .where(eq(favorites.userId, userId))
        .orderBy(desc(favorites.createdAt), desc(blogs.id));
    },
  };
}

export type FavoritesRepository = ReturnType<typeof favoritesRepository>;
