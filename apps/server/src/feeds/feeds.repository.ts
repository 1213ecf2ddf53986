import { asc, count, eq, sql } from 'drizzle-orm';
import { newestFirst } from '../articles/articles.public.js';
import type { Db } from '../db/client.js';
import { articles, blogs, users } from '../db/schema.js';

/** Enough markdown for an excerpt; feeds never read whole 100,000-character bodies. */
const HEAD_CHARS = 4000;

export interface FeedArticleRow {
  id: number;
  title: string;
  contentHead: string;
  about: string | null;
  blogName: string;
  authorName: string | null;
  createdAt: Date;
}

export interface LastmodRow {
  id: number;
  lastmod: Date;
}

/** Read-only queries for RSS, the sitemap and page meta tags. */
export function feedsRepository(db: Db) {
  return {
    /** The newest articles, site-wide or of one blog. */
    async latest(
      options: { limit: number; blogId?: number },
      tx: Db = db,
    ): Promise<FeedArticleRow[]> {
      return tx
        .select({
          id: articles.id,
          title: articles.title,
          contentHead: sql<string>`left(${articles.content}, ${HEAD_CHARS})`,
          about: articles.about,
          blogName: blogs.name,
          authorName: users.userName,
          createdAt: articles.createdAt,
        })
        .from(articles)
        .innerJoin(blogs, eq(blogs.id, articles.blogId))
        .leftJoin(users, eq(users.id, articles.authorId))
        .where(options.blogId === undefined ? undefined : eq(articles.blogId, options.blogId))
        .orderBy(...newestFirst)
        .limit(options.limit);
    },

    async findBlog(
      blogId: number,
      tx: Db = db,
    ): Promise<{ id: number; name: string; description: string } | undefined> {
      const [row] = await tx
        .select({ id: blogs.id, name: blogs.name, description: blogs.description })
        .from(blogs)
        .where(eq(blogs.id, blogId));
      return row;
    },

    async counts(tx: Db = db): Promise<{ blogs: number; articles: number }> {
      const [[b], [a]] = await Promise.all([
        tx.select({ n: count() }).from(blogs),
        tx.select({ n: count() }).from(articles),
      ]);
      return { blogs: b?.n ?? 0, articles: a?.n ?? 0 };
    },

    /** Blogs by id; a blog page changes when the blog or any of its articles does. */
    async blogLastmods(offset: number, limit: number, tx: Db = db): Promise<LastmodRow[]> {
      if (limit <= 0) return [];
      return tx
        .select({
          id: blogs.id,
          // Spelled out: Drizzle leaves columns unqualified in a single-table select.
          lastmod:
            sql<Date>`greatest(${blogs}.updated_at, (select max(a.updated_at) from ${articles} a where a.blog_id = ${blogs}.id))`.mapWith(
              blogs.updatedAt,
            ),
        })
        .from(blogs)
        .orderBy(asc(blogs.id))
        .offset(offset)
        .limit(limit);
    },

    async articleLastmods(offset: number, limit: number, tx: Db = db): Promise<LastmodRow[]> {
      if (limit <= 0) return [];
      return tx
        .select({ id: articles.id, lastmod: articles.updatedAt })
        .from(articles)
        .orderBy(asc(articles.id))
        .offset(offset)
        .limit(limit);
    },

    /** What an article page's meta tags need. */
    async articleMeta(
      articleId: number,
      tx: Db = db,
    ): Promise<{ title: string; contentHead: string; blogName: string } | undefined> {
      const [row] = await tx
        .select({
          title: articles.title,
          contentHead: sql<string>`left(${articles.content}, ${HEAD_CHARS})`,
          blogName: blogs.name,
        })
        .from(articles)
        .innerJoin(blogs, eq(blogs.id, articles.blogId))
        .where(eq(articles.id, articleId));
      return row;
    },
  };
}

export type FeedsRepository = ReturnType<typeof feedsRepository>;
