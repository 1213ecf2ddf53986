import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { BLOG_PAGE_ARTICLES } from '@repolog/contract/constants';
import { articles, blogs, storedPages } from '../db/schema.js';

export type StoredPageRow = typeof storedPages.$inferInsert;

/** A stored page as a read finds it, with what its record shows now. */
export interface FoundPage {
  build: string;
  status: number;
  html: string;
  state: string | null;
  modules: string[];
  islands: string[];
  meta: string;
  tags: string[];
  stale: boolean;
  storedAt: Date;
  /** The watched counts as the page shows them, and as its record has them now (null: gone). */
  watch: string;
  current: string | null;
}

/**
 * What an article page shows that no cache signal for it follows: its like count, and the name
 * of its blog (a blog's own signal also comes with every new breakthrough or member, which the
 * article page does not show). Written the same way from the page's data and by the read query.
 */
export const articleWatch = (article: { likeCount: number; blogName: string }) =>
  `${article.likeCount}|${article.blogName}`;

/**
 * What a blog page shows that no cache signal follows: its favorites, how many breakthroughs it
 * has, and which are its newest with their like and comment counts.
 */
export const blogWatch = (blog: {
  favCount: number;
  articleCount: number;
  newest: { id: number; likeCount: number; commentCount: number }[];
}) =>
  [
    blog.favCount,
    blog.articleCount,
    [...blog.newest]
      .sort((a, b) => a.id - b.id)
      .map((a) => `${a.id}.${a.likeCount}.${a.commentCount}`)
      .join(','),
  ].join('|');

/** Stored server-rendered pages (db/schema.ts `stored_pages`). */
export function pageStoreRepository(db: Db) {
  // Plain SQL with its own aliases: drizzle writes a column of a table the outer query does
  // not join as a bare name, which the subqueries would read as their own.
  const currentWatch = sql<string | null>`case
    when stored_pages.article_id is not null then
      (select a.like_count || '|' || ab.name from articles a join blogs ab on ab.id = a.blog_id
       where a.id = stored_pages.article_id)
    when stored_pages.blog_id is not null then
      (select b.fav_count || '|' || (select count(*) from articles c where c.blog_id = b.id) || '|' ||
        coalesce((select string_agg(w.id || '.' || w.like_count || '.' || w.comment_count, ',' order by w.id)
          from (select n.id, n.like_count, n.comment_count from articles n where n.blog_id = b.id
                order by n.created_at desc, n.id desc limit ${sql.raw(String(BLOG_PAGE_ARTICLES))}) w), '')
       from blogs b where b.id = stored_pages.blog_id)
  end`;

  // Every page read that the per-instance cache does not answer: one query by primary key,
  // prepared once. It brings the counts the page's record has now, so a like or a favorite
  // (which no cache signal follows) shows on the next read.
  const find = db
    .select({
      build: storedPages.build,
      status: storedPages.status,
      html: storedPages.html,
      state: storedPages.state,
      modules: storedPages.modules,
      islands: storedPages.islands,
      meta: storedPages.meta,
      tags: storedPages.tags,
      stale: storedPages.stale,
      storedAt: storedPages.storedAt,
      watch: storedPages.watch,
      current: currentWatch,
    })
    .from(storedPages)
    .where(
      and(
        eq(storedPages.path, sql.placeholder('path')),
        eq(storedPages.language, sql.placeholder('language')),
      ),
    )
    .prepare('stored_page');

  return {
    async find(path: string, language: string): Promise<FoundPage | undefined> {
      const [row] = await find.execute({ path, language });
      return row;
    },

    async save(row: StoredPageRow): Promise<void> {
      await db
        .insert(storedPages)
        .values(row)
        .onConflictDoUpdate({
          target: [storedPages.path, storedPages.language],
          set: { ...row, stale: false, storedAt: sql`now()` },
        });
    },

    /** Marks stale every page showing one of `tags`. */
    async markStale(tags: string[]): Promise<void> {
      await db
        .update(storedPages)
        .set({ stale: true })
        .where(
          and(sql`${storedPages.tags} && ${sql.param(tags)}::text[]`, eq(storedPages.stale, false)),
        );
    },

    /** Marks stale every page showing anything of a scope (`article:`, …). */
    async markScopeStale(prefix: string): Promise<void> {
      await db
        .update(storedPages)
        .set({ stale: true })
        .where(
          and(
            eq(storedPages.stale, false),
            sql`exists (select 1 from unnest(${storedPages.tags}) t where starts_with(t, ${prefix}))`,
          ),
        );
    },

    /** How many pages in `language` are stored by `build`, not stale and current (bench). */
    async countCurrent(language: string, build: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(storedPages)
        .where(
          and(
            eq(storedPages.language, language),
            eq(storedPages.build, build),
            eq(storedPages.stale, false),
            sql`${storedPages.watch} = ${currentWatch}`,
          ),
        );
      return Number(row?.n ?? 0);
    },

    /** Up to `limit` breakthrough ids below `before`, newest first. */
    async articleIds(before: number, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: articles.id })
        .from(articles)
        .where(lt(articles.id, before))
        .orderBy(desc(articles.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /** Up to `limit` blog ids below `before`, newest first. */
    async blogIds(before: number, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: blogs.id })
        .from(blogs)
        .where(lt(blogs.id, before))
        .orderBy(desc(blogs.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /** Of `paths`, those stored in `language` by `build`, not stale and showing what is now. */
    async current(paths: string[], language: string, build: string): Promise<Set<string>> {
      if (paths.length === 0) return new Set();
      const rows = await db
        .select({ path: storedPages.path })
        .from(storedPages)
        .where(
          and(
            sql`${storedPages.path} = any(${sql.param(paths)}::text[])`,
            eq(storedPages.language, language),
            eq(storedPages.build, build),
            eq(storedPages.stale, false),
            sql`${storedPages.watch} = ${currentWatch}`,
          ),
        );
      return new Set(rows.map((row) => row.path));
    },
  };
}

export type PageStoreRepository = ReturnType<typeof pageStoreRepository>;
