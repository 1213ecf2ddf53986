import { eq, sql } from 'drizzle-orm';
import { blogs, favorites } from '../db/schema.js';
import type { TestApp } from './app.js';
import type { BlogRow, UserRow } from './factories.js';

/** A repository's html_url as the GitHub stand-in serves it ("owner/name"). */
export const stubRepoUrl = (t: TestApp, fullName: string): string =>
  `${t.config.publicUrl}/__github/${fullName}`;

/** `user` favorites `blog`, at `createdAt` (default now), straight into the database (with the blog's count). */
export async function addFavorite(
  t: TestApp,
  options: { user: Pick<UserRow, 'id'>; blog: Pick<BlogRow, 'id'>; createdAt?: Date },
): Promise<void> {
  await t.database.db.insert(favorites).values({
    userId: options.user.id,
    blogId: options.blog.id,
    createdAt: options.createdAt ?? new Date(),
  });
  await t.database.db
    .update(blogs)
    .set({ favCount: sql`${blogs.favCount} + 1` })
    .where(eq(blogs.id, options.blog.id));
}
