import { desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ListSort } from '@repolog/contract/articles';
import type { Db } from '../db/client.js';
import { transactionOf } from '../db/transaction.js';
import { articleCoauthors, articles, blogMembers, blogs, likes, users } from '../db/schema.js';
import { bodyColumns } from './article-bodies.repository.js';
import type { StoredBody } from './article-body.js';

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
}

/** A breakthrough with everything its page shows to anyone (a reader's own like aside). */
export interface ArticleDetailRow extends ArticleListRow {
  authorId: number | null;
  /** The author's login; null once the author deleted their account. */
  authorName: string | null;
  content: string;
  /** The stored rendering of `content`; null until its first render. */
  contentHtml: string | null;
  /** The pipeline version that made contentHtml (0: not rendered yet). */
  renderVersion: number;
  problem: string | null;
  solution: string | null;
  updatedAt: Date;
  /** Members who wrote it with the author, in the order they were added. */
  coauthors: { userId: number; userName: string }[];
}

/** A blog as the permission table needs it (logins of its owner and members). */
export interface BlogAccessRow {
  id: number;
  name: string;
  owner: string;
  ownerId: number;
  members: string[];
  memberIds: number[];
}

/** Search text and language, trimmed; null means no filter. */
export interface ArticleFilters {
  q: string | null;
  lang: string | null;
}

export interface ArticleFields {
  title: string;
  content: string;
  about: string | null;
  problem: string | null;
  solution: string | null;
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
export function articleFilterConditions(filters: ArticleFilters): SQL[] {
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
export const newestFirst = [desc(articles.createdAt), desc(articles.id)];

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
};

/** An article's co-authors, in the order they were added, as one JSON value. */
const coauthorsOf = (articleId: SQL | typeof articles.id) =>
  sql<{ userId: number; userName: string }[]>`coalesce((
    select json_agg(json_build_object('userId', u.id, 'userName', u.user_name) order by c.created_at, u.id)
    from ${articleCoauthors} c join ${users} u on u.id = c.user_id
    where c.article_id = ${articleId}), '[]'::json)`;

/**
 * Records members as co-authors of an article (posting or saving a co-written draft), inside
 * the write's transaction; the author is never their own co-author.
 */
export async function addCoauthors(
  tx: Db,
  articleId: number,
  userIds: readonly number[],
): Promise<void> {
  if (userIds.length === 0) return;
  await tx.execute(sql`
    insert into ${articleCoauthors} (article_id, user_id)
    select ${articleId}, u.id from ${users} u
    where u.id = any(${sql.param([...userIds])}::int[])
      and u.id is distinct from (select a.author_id from ${articles} a where a.id = ${articleId})
    on conflict do nothing`);
}

/** Articles (breakthroughs): reads for pages and lists, and the author's writes. */
export function articlesRepository(db: Db) {
  // Asked on every signed-in read of an article: prepared once, planned once per connection.
  const viewerState = db
    .select({
      likeCount: articles.likeCount,
      liked: sql<boolean>`exists(select 1 from ${likes} where ${likes.userId} = ${sql.placeholder('viewerId')} and ${likes.articleId} = ${articles.id})`,
    })
    .from(articles)
    .where(eq(articles.id, sql.placeholder('articleId')))
    .prepare('article_viewer_state');

  // Every read of an article page that its short-lived cache does not answer (most of them, on
  // a long tail of addresses): built once, planned once per connection.
  const detail = db
    .select({
      ...articleListColumns,
      authorId: articles.authorId,
      authorName: users.userName,
      content: articles.content,
      contentHtml: articles.contentHtml,
      renderVersion: articles.renderVersion,
      problem: articles.problem,
      solution: articles.solution,
      updatedAt: articles.updatedAt,
      coauthors: coauthorsOf(articles.id),
    })
    .from(articles)
    .innerJoin(blogs, eq(blogs.id, articles.blogId))
    .leftJoin(users, eq(users.id, articles.authorId))
    .where(eq(articles.id, sql.placeholder('articleId')))
    .prepare('article_detail');

  // Every list page that its short-lived cache does not answer: a slice of ids, one round trip.
  const listRows = db
    .select(articleListColumns)
    .from(articles)
    .innerJoin(blogs, eq(blogs.id, articles.blogId))
    .where(sql`${articles.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('article_list_rows');

  return {
    transaction: transactionOf(db),

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
            select id, created_at, like_count, blog_id, about from ${articles} where lower(title) like lower(${pattern})
            union
            select id, created_at, like_count, blog_id, about from ${articles}
              where blog_id = any(array(select sb.id from ${blogs} sb where lower(sb.name) like lower(${pattern})))
          )
          select m.id from m
          where m.blog_id <> ${options.excludeBlogId} and ${langCondition}
          order by ${order}`;
      } else {
        // articles_created_idx, articles_like_count_idx and articles_about_lower_idx carry
        // blog_id (migrations 0003, 0008): the walk in either order reads the index alone.
        matches = sql`
          select m.id from ${articles} m
          where m.blog_id <> ${options.excludeBlogId} and ${langCondition}
          order by ${order}`;
      }
      const result = await tx.execute(
        sql`select coalesce(string_agg(s.id::text, ','), '') as ids from (${matches}) s`,
      );
      return parseIdList(rowsOf<{ ids: string }>(result)[0]?.ids ?? '');
    },

    /** List rows of the given articles, in the order of `ids`. */
    async findListRows(ids: ArrayLike<number>): Promise<ArticleListRow[]> {
      if (ids.length === 0) return [];
      const rows = await listRows.execute({ ids: Array.from(ids) });
      const byId = new Map(rows.map((row) => [row.id, row]));
      return Array.from(ids, (id) => byId.get(id)).filter(
        (row): row is ArticleListRow => row !== undefined,
      );
    },

    async findDetail(articleId: number): Promise<ArticleDetailRow | undefined> {
      const [row] = await detail.execute({ articleId });
      return row;
    },

    /** What one reader's own actions change on an article: its like count and their like. */
    async findViewerState(
      articleId: number,
      viewerId: number,
    ): Promise<{ likeCount: number; liked: boolean } | undefined> {
      const [row] = await viewerState.execute({ articleId, viewerId });
      return row;
    },

    /** The blog with its owner's and members' logins, for can(). */
    async findBlogAccess(blogId: number, tx: Db = db): Promise<BlogAccessRow | undefined> {
      const owner = alias(users, 'owner');
      const [row] = await tx
        .select({
          id: blogs.id,
          name: blogs.name,
          owner: owner.userName,
          ownerId: blogs.ownerId,
          members: sql<
            string[]
          >`array(select ${users.userName} from ${blogMembers} join ${users} on ${users.id} = ${blogMembers.userId} where ${blogMembers.blogId} = ${blogs.id} order by ${blogMembers.addedAt})`,
          memberIds: sql<
            number[]
          >`array(select ${blogMembers.userId} from ${blogMembers} where ${blogMembers.blogId} = ${blogs.id} order by ${blogMembers.addedAt})`,
        })
        .from(blogs)
        .innerJoin(owner, eq(owner.id, blogs.ownerId))
        .where(eq(blogs.id, blogId));
      return row;
    },

    /** The article's author, blog id, title and language, or undefined when it does not exist. */
    async findOwnership(
      articleId: number,
      tx: Db = db,
    ): Promise<
      | {
          authorId: number | null;
          blogId: number;
          title: string;
          about: string | null;
          coauthorIds: number[];
        }
      | undefined
    > {
      const [row] = await tx
        .select({
          authorId: articles.authorId,
          blogId: articles.blogId,
          title: articles.title,
          about: articles.about,
          coauthorIds: sql<
            number[]
          >`array(select ${articleCoauthors.userId} from ${articleCoauthors} where ${articleCoauthors.articleId} = ${articles.id})`,
        })
        .from(articles)
        .where(eq(articles.id, articleId));
      return row;
    },

    async insert(
      values: ArticleFields & { blogId: number; authorId: number },
      body: StoredBody,
      tx: Db = db,
    ): Promise<number> {
      const [row] = await tx
        .insert(articles)
        .values({ ...values, ...bodyColumns(body) })
        .returning({ id: articles.id });
      if (!row) throw new Error('insert returned no row');
      return row.id;
    },

    /**
     * Replaces the editable fields and moves updated_at forward (strictly, even within the
     * same millisecond); false when the article is gone.
     */
    async update(
      articleId: number,
      values: ArticleFields,
      body: StoredBody,
      tx: Db = db,
    ): Promise<boolean> {
      const rows = await tx
        .update(articles)
        .set({
          ...values,
          ...bodyColumns(body),
          updatedAt: sql`greatest(now(), ${articles.updatedAt} + interval '1 millisecond')`,
        })
        .where(eq(articles.id, articleId))
        .returning({ id: articles.id });
      return rows.length === 1;
    },

    async delete(articleId: number, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .delete(articles)
        .where(eq(articles.id, articleId))
        .returning({ id: articles.id });
      return rows.length === 1;
    },
  };
}

export type ArticlesRepository = ReturnType<typeof articlesRepository>;
