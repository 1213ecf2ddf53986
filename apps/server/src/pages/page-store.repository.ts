import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { BLOG_PAGE_ARTICLES } from '@repolog/contract/constants';
import { storedPages } from '../db/schema.js';

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
  const columns = getTableColumns(storedPages);
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
      // A page stored before takes the new row's values from `excluded`: its HTML and data
      // (~10 KB) are sent once, not a second time for the update.
      const renewed = Object.fromEntries(
        Object.keys(row)
          .filter((key) => key !== 'path' && key !== 'language')
          .map((key) => [key, sql.raw(`excluded.${columns[key as keyof typeof columns].name}`)]),
      );
      await db
        .insert(storedPages)
        .values(row)
        .onConflictDoUpdate({
          target: [storedPages.path, storedPages.language],
          set: { ...renewed, stale: false, storedAt: sql`now()` },
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

    /** Notes when pages were last read (a batch: path, language, time). */
    async touch(reads: { path: string; language: string; at: Date }[]): Promise<void> {
      if (reads.length === 0) return;
      await db.execute(sql`update stored_pages s set read_at = greatest(s.read_at, v.at)
        from (select unnest(${sql.param(reads.map((r) => r.path))}::text[]) as path,
                     unnest(${sql.param(reads.map((r) => r.language))}::text[]) as language,
                     unnest(${sql.param(reads.map((r) => r.at.toISOString()))}::timestamptz[]) as at) v
        where s.path = v.path and s.language = v.language`);
    },

    /**
     * Keeps the `maxPages` most recently read pages whose HTML and data fit in `maxBytes`;
     * deletes the rest. Resolves with how many it deleted.
     */
    async trim(maxPages: number, maxBytes: number): Promise<number> {
      const result = await db.execute(sql`delete from stored_pages s using (
          select path, language from (
            select path, language,
              row_number() over w as n,
              sum(octet_length(html) + coalesce(octet_length(state), 0) + octet_length(meta)) over w as bytes
            from stored_pages
            window w as (order by read_at desc, stored_at desc, path, language)
          ) ranked where n > ${maxPages} or bytes > ${maxBytes}
        ) gone where s.path = gone.path and s.language = gone.language returning s.path`);
      // Both drivers shape execute() results alike ({ rows }).
      return (result as { rows: unknown[] }).rows.length;
    },

    /** How many pages are stored and their bytes (HTML, data and meta). */
    async size(): Promise<{ pages: number; bytes: number }> {
      const [row] = await db
        .select({
          pages: sql<number>`count(*)::int`,
          bytes: sql<number>`coalesce(sum(octet_length(html) + coalesce(octet_length(state), 0) + octet_length(meta)), 0)::bigint`,
        })
        .from(storedPages);
      return { pages: Number(row?.pages ?? 0), bytes: Number(row?.bytes ?? 0) };
    },
  };
}

export type PageStoreRepository = ReturnType<typeof pageStoreRepository>;
