import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { ListSort } from '@repolog/contract/articles';
import type { Db } from '../db/client.js';
import { articles, blogs, likes } from '../db/schema.js';
import type { ArticleFilters } from './list-filters.js';

/** Rows of a raw query; the two drivers shape execute() results alike ({ rows }). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** A breakthrough as lists show it. */
export interface ArticleListRow {
  id: number;
  title: string;
  createdAt: Date;
  blogId: number;
  blogName: string;
  about: string | null;
  likeCount: number;
  commentCount: number;
  tags: string[];
}

/** "3,1,2" -> the ids, without building a string per id (lists hold up to every article). */
export function parseIdList(text: string): Int32Array {
  if (text === '') return new Int32Array(0);
  let count = 1;
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) === 44) count += 1;
  const ids = new Int32Array(count);
  let at = 0;
  let value = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 44) {
      ids[at] = value;
      at += 1;
      value = 0;
    } else {
      value = value * 10 + (code - 48);
    }
  }
  ids[at] = value;
  return ids;
}

/** Escapes LIKE wildcards so user text matches literally (PostgreSQL's default escape is \). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * WHERE conditions of the spec's search (§5): case-insensitive "contains" on the title or the
 * blog name, and an exact case-insensitive language. The blog-name match is folded into an
 * array of blog ids first, so PostgreSQL can OR the title's trigram index with the blog index.
 */
function filterConditions(filters: ArticleFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.q !== null) {
    const pattern = `%${escapeLike(filters.q)}%`;
    conditions.push(
      sql`(lower(${articles.title}) like lower(${pattern}) or ${articles.blogId} = any(array(select sb.id from ${blogs} sb where lower(sb.name) like lower(${pattern}))))`,
    );
  }
  if (filters.lang !== null) {
    conditions.push(sql`lower(${articles.about}) = lower(${filters.lang})`);
  }
  return conditions;
}

/** Newest first; the articles_created index is built in exactly this order. */
const newestFirst = [desc(articles.createdAt), desc(articles.id)];

/**
 * The columns of a list item, for selects that join articles and blogs. The counts are the
 * stored counters (like_count, comment_count), never a count over likes or comments.
 */
export const articleListColumns = {
  id: articles.id,
  title: articles.title,
  createdAt: articles.createdAt,
  blogId: articles.blogId,
  blogName: blogs.name,
  about: articles.about,
  likeCount: articles.likeCount,
  commentCount: articles.commentCount,
  tags: articles.tags,
};

/**
 * Lists of breakthroughs: the public list (search, language, order), a user's, a reader's
 * liked ones, and list rows of chosen articles.
 */
export function articleListsRepository(db: Db) {
  // Every list page that its short-lived cache does not answer: a slice of ids, one round trip.
  const listRows = db
    .select(articleListColumns)
    .from(articles)
    .innerJoin(blogs, eq(blogs.id, articles.blogId))
    // Hidden ones are left out here too, should an id list still hold one.
    .where(
      sql`${articles.id} = any(${sql.placeholder('ids')}::int[]) and ${articles.hiddenAt} is null`,
    )
    .prepare('article_list_rows');

  return {
    /**
     * The ids of every listed breakthrough matching the filters, newest first or most liked
     * first (then newest), the official notice board excluded. A search reads the title's
     * trigram index and the matching blogs first (materialized, so PostgreSQL does not walk
     * the whole date index hoping to find ten rare matches), then sorts what it found.
     */
    async listBreakthroughIds(
      options: { filters: ArticleFilters; sort: ListSort; excludeBlogId: number },
      tx: Db = db,
    ): Promise<Int32Array> {
      const { q, lang } = options.filters;
      const langCondition = lang === null ? sql`true` : sql`lower(m.about) = lower(${lang})`;
      // articles_created_idx and articles_like_count_idx are built in these orders.
      const order =
        options.sort === 'likes'
          ? sql`m.like_count desc, m.created_at desc, m.id desc`
          : sql`m.created_at desc, m.id desc`;
      // Every match, but in one text value: parsing 100,000 rows costs more than the query.
      let matches: SQL;
      if (q !== null) {
        const pattern = `%${escapeLike(q)}%`;
        matches = sql`
          with m as materialized (
            select id, created_at, like_count, blog_id, about, hidden_at from ${articles} where lower(title) like lower(${pattern})
            union
            select id, created_at, like_count, blog_id, about, hidden_at from ${articles}
              where blog_id = any(array(select sb.id from ${blogs} sb where lower(sb.name) like lower(${pattern})))
          )
          select m.id from m
          where m.blog_id <> ${options.excludeBlogId} and ${langCondition} and m.hidden_at is null
          order by ${order}`;
      } else {
        // articles_created_idx, articles_like_count_idx and articles_about_lower_idx carry
        // blog_id (migrations 0003, 0008): the walk in either order reads the index alone.
        matches = sql`
          select m.id from ${articles} m
          where m.blog_id <> ${options.excludeBlogId} and ${langCondition} and m.hidden_at is null
          order by ${order}`;
      }
      const result = await tx.execute(
        sql`select coalesce(string_agg(s.id::text, ','), '') as ids from (${matches}) s`,
      );
      return parseIdList(rowsOf<{ ids: string }>(result)[0]?.ids ?? '');
    },

    /** List rows of the given articles, in the order of `ids` (a missing one is left out). */
    async findListRows(ids: ArrayLike<number>): Promise<ArticleListRow[]> {
      if (ids.length === 0) return [];
      const rows = await listRows.execute({ ids: Array.from(ids) });
      const byId = new Map(rows.map((row) => [row.id, row]));
      return Array.from(ids, (id) => byId.get(id)).filter(
        (row): row is ArticleListRow => row !== undefined,
      );
    },

    /** The breakthroughs `authorId` wrote, newest first, with how many there are in all. */
    async listAuthored(
      options: { authorId: number; offset: number; limit: number },
      tx: Db = db,
    ): Promise<{ rows: ArticleListRow[]; total: number }> {
      const where = and(eq(articles.authorId, options.authorId), isNull(articles.hiddenAt));
      const [rows, totals] = await Promise.all([
        tx
          .select(articleListColumns)
          .from(articles)
          .innerJoin(blogs, eq(blogs.id, articles.blogId))
          .where(where)
          .orderBy(...newestFirst)
          .limit(options.limit)
          .offset(options.offset),
        tx.select({ total: count() }).from(articles).where(where),
      ]);
      return { rows, total: totals[0]?.total ?? 0 };
    },

    /** The articles a user liked, newest like first, with the total count. */
    async listLiked(
      options: { userId: number; filters: ArticleFilters; offset: number; limit: number },
      tx: Db = db,
    ): Promise<{ rows: ArticleListRow[]; total: number }> {
      const where = and(
        eq(likes.userId, options.userId),
        isNull(articles.hiddenAt),
        ...filterConditions(options.filters),
      );
      const [rows, totals] = await Promise.all([
        tx
          .select(articleListColumns)
          .from(likes)
          .innerJoin(articles, eq(articles.id, likes.articleId))
          .innerJoin(blogs, eq(blogs.id, articles.blogId))
          .where(where)
          // likes_user_created serves this order for one user.
          .orderBy(desc(likes.createdAt), desc(likes.articleId))
          .limit(options.limit)
          .offset(options.offset),
        tx
          .select({ total: count() })
          .from(likes)
          .innerJoin(articles, eq(articles.id, likes.articleId))
          .where(where),
      ]);
      return { rows, total: totals[0]?.total ?? 0 };
    },
  };
}

export type ArticleListsRepository = ReturnType<typeof articleListsRepository>;
