import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { HOME_TOP } from '@repolog/contract/constants';
import type { Db } from '../db/client.js';
import { blogs, favorites } from '../db/schema.js';

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
    async blogExists(blogId: number): Promise<boolean> {
      const [row] = await db.select({ id: blogs.id }).from(blogs).where(eq(blogs.id, blogId));
      return row !== undefined;
    },

    /**
     * Flips the user's favorite in one transaction without a read-modify-write: insert-or-
     * nothing, else delete. Concurrent toggles by one user queue on the row's lock, and the
     * count is always read from the table.
     */
    async toggle(userId: number, blogId: number): Promise<FavoriteState & { added: boolean }> {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(favorites)
          .values({ userId, blogId })
          .onConflictDoNothing()
          .returning({ blogId: favorites.blogId });
        const added = inserted.length === 1;
        if (!added) {
          await tx
            .delete(favorites)
            .where(and(eq(favorites.userId, userId), eq(favorites.blogId, blogId)));
        }
        const [state] = await tx
          .select({
            count: sql<number>`count(*)::int`,
            favorited: sql<boolean>`coalesce(bool_or(${favorites.userId} = ${userId}), false)`,
          })
          .from(favorites)
          .where(eq(favorites.blogId, blogId));
        return {
          added,
          count: Number(state?.count ?? 0),
          favorited: state?.favorited ?? false,
        };
      });
    },

    /**
     * Changes whenever a blog is created, renamed or deleted; cheap (the blogs table is small
     * next to favorites), so a cached home strip can be checked on every read.
     */
    async blogsFingerprint(): Promise<string> {
      const [row] = await db
        .select({
          count: sql<number>`count(*)::int`,
          maxId: sql<number | null>`max(${blogs.id})`,
          changed: sql<string | null>`max(${blogs.updatedAt})::text`,
        })
        .from(blogs);
      return `${row?.count}:${row?.maxId}:${row?.changed}`;
    },

    /**
     * The home strip: most favorites gained since `since`, then most favorites in all, then
     * newest; `excludeBlogId` (the official blog) is left out.
     */
    async topBlogs(since: Date, excludeBlogId: number): Promise<BlogCardRow[]> {
      const recent = sql<number>`count(${favorites.userId}) filter (where ${favorites.createdAt} > ${since.toISOString()}::timestamptz)`;
      const total = sql<number>`count(${favorites.userId})`;
      return db
        .select(card)
        .from(blogs)
        .leftJoin(favorites, eq(favorites.blogId, blogs.id))
        .where(ne(blogs.id, excludeBlogId))
        .groupBy(blogs.id)
        .orderBy(desc(recent), desc(total), desc(blogs.createdAt), desc(blogs.id))
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
