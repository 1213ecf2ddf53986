import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { articles, blogs, users } from '../db/schema.js';

/** Enough markdown for an excerpt; feeds never read whole 100,000-character bodies. */
const HEAD_CHARS = 4000;

/**
 * The body's stored plain text (made when it was written); only for a body not rendered yet,
 * the start of its markdown instead.
 */
const storedText = {
  contentText: articles.contentText,
  contentHead: sql<
    string | null
  >`case when ${articles.contentText} is null then left(${articles.content}, ${HEAD_CHARS}) end`,
};

/** The body as plain text: stored, or (not rendered yet) taken from the markdown's start. */
export interface BodyText {
  contentText: string | null;
  contentHead: string | null;
}

export interface FeedArticleRow extends BodyText {
  id: number;
  title: string;
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
      options: { limit: number; blogId?: number; tag?: string },
      tx: Db = db,
    ): Promise<FeedArticleRow[]> {
      return (
        tx
          .select({
            id: articles.id,
            title: articles.title,
            ...storedText,
            about: articles.about,
            blogName: blogs.name,
            authorName: users.userName,
            createdAt: articles.createdAt,
          })
          .from(articles)
          .innerJoin(blogs, eq(blogs.id, articles.blogId))
          .leftJoin(users, eq(users.id, articles.authorId))
          .where(
            and(
              isNull(articles.hiddenAt),
              options.blogId === undefined ? undefined : eq(articles.blogId, options.blogId),
              options.tag === undefined
                ? undefined
                : sql`${articles.tags} @> array[${options.tag}]::text[]`,
            ),
          )
          // Newest first: the order the articles_created index is built in.
          .orderBy(desc(articles.createdAt), desc(articles.id))
          .limit(options.limit)
      );
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

    async counts(tx: Db = db): Promise<{ blogs: number; articles: number; tags: number }> {
      const [[b], [a], [t]] = await Promise.all([
        tx.select({ n: count() }).from(blogs),
        tx.select({ n: count() }).from(articles).where(isNull(articles.hiddenAt)),
        tx
          .select({ n: sql<number>`count(distinct t.name)`.mapWith(Number) })
          .from(sql`${articles}, unnest(${articles.tags}) as t(name)`)
          .where(isNull(articles.hiddenAt)),
      ]);
      return { blogs: b?.n ?? 0, articles: a?.n ?? 0, tags: t?.n ?? 0 };
    },

    /** Tags of listed breakthroughs by name, each with its newest breakthrough's change. */
    async tagLastmods(
      offset: number,
      limit: number,
      tx: Db = db,
    ): Promise<{ name: string; lastmod: Date }[]> {
      if (limit <= 0) return [];
      const result: unknown = await tx.execute(sql`
        select t.name, max(a.updated_at) as lastmod
        from ${articles} a, unnest(a.tags) as t(name)
        where a.hidden_at is null
        group by t.name order by t.name offset ${offset} limit ${limit}`);
      return (result as { rows: { name: string; lastmod: Date | string }[] }).rows.map((row) => ({
        name: row.name,
        lastmod: new Date(row.lastmod),
      }));
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
        .where(isNull(articles.hiddenAt))
        .orderBy(asc(articles.id))
        .offset(offset)
        .limit(limit);
    },

    /** What an article page's meta tags need (a hidden one's page names nothing of it). */
    async articleMeta(
      articleId: number,
      tx: Db = db,
    ): Promise<(BodyText & { title: string; blogName: string }) | undefined> {
      const [row] = await tx
        .select({
          title: articles.title,
          ...storedText,
          blogName: blogs.name,
        })
        .from(articles)
        .innerJoin(blogs, eq(blogs.id, articles.blogId))
        .where(and(eq(articles.id, articleId), isNull(articles.hiddenAt)));
      return row;
    },
  };
}

export type FeedsRepository = ReturnType<typeof feedsRepository>;
