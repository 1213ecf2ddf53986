import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { transactionOf } from '../db/transaction.js';
import { ANALYZER_VERSION, type SearchDocument } from '../search/search.public.js';
import {
  articleCoauthors,
  articles,
  articleSearch,
  blogMembers,
  blogs,
  likes,
  users,
} from '../db/schema.js';
import { bodyColumns } from './article-bodies.repository.js';
import { articleListColumns, type ArticleListRow } from './article-lists.repository.js';
import type { StoredBody } from './article-body.js';

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
  problemRef: string | null;
  solutionRef: string | null;
  /** The blog's repository: its address makes the references' links; private ones show none. */
  gitRepoUrl: string;
  repoPrivate: boolean;
  updatedAt: Date;
  /** Members who wrote it with the author, in the order they were added. */
  coauthors: { userId: number; userName: string }[];
  /** Hidden by a moderator (only its author may read it). */
  hiddenAt: Date | null;
  hiddenReason: string | null;
  /** Its comments were closed by a member of the blog or a moderator. */
  commentsLocked: boolean;
}

export interface ArticleFields {
  title: string;
  content: string;
  about: string | null;
  problem: string | null;
  solution: string | null;
  problemRef: string | null;
  solutionRef: string | null;
  tags: string[];
}

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

/** Stores what an article is found by, with the write that changed it (search/ reads it). */
async function storeSearch(tx: Db, articleId: number, search: SearchDocument): Promise<void> {
  await tx
    .insert(articleSearch)
    .values({
      articleId,
      document: search.vector,
      text: search.text,
      analyzerVersion: ANALYZER_VERSION,
    })
    .onConflictDoUpdate({
      target: articleSearch.articleId,
      set: {
        document: sql`excluded.document`,
        text: sql`excluded.text`,
        analyzerVersion: sql`excluded.analyzer_version`,
      },
    });
}

/** Articles (breakthroughs): their page's reads and the author's writes (lists are elsewhere). */
export function articlesRepository(db: Db) {
  // Asked on every signed-in read of an article: prepared once, planned once per connection.
  const viewerState = db
    .select({
      likeCount: articles.likeCount,
      liked: sql<boolean>`exists(select 1 from ${likes} where ${likes.userId} = ${sql.placeholder('viewerId')} and ${likes.articleId} = ${articles.id})`,
      // A member of its blog keeps its comments (closes them, hides and approves). Columns by
      // their table's name: in a select's own fields they are written without it.
      member: sql<boolean>`exists(select 1 from ${blogMembers} m where m.user_id = ${sql.placeholder('viewerId')} and m.blog_id = ${articles}.blog_id)`,
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
      problemRef: articles.problemRef,
      solutionRef: articles.solutionRef,
      gitRepoUrl: blogs.gitRepoUrl,
      repoPrivate: blogs.repoPrivate,
      updatedAt: articles.updatedAt,
      coauthors: coauthorsOf(articles.id),
      hiddenAt: articles.hiddenAt,
      hiddenReason: articles.hiddenReason,
      commentsLocked: articles.commentsLocked,
    })
    .from(articles)
    .innerJoin(blogs, eq(blogs.id, articles.blogId))
    .leftJoin(users, eq(users.id, articles.authorId))
    .where(eq(articles.id, sql.placeholder('articleId')))
    .prepare('article_detail');

  return {
    transaction: transactionOf(db),

    async findDetail(articleId: number): Promise<ArticleDetailRow | undefined> {
      const [row] = await detail.execute({ articleId });
      return row;
    },

    /** What one reader's own actions change on an article: its like count and their like. */
    async findViewerState(
      articleId: number,
      viewerId: number,
    ): Promise<{ likeCount: number; liked: boolean; member: boolean } | undefined> {
      const [row] = await viewerState.execute({ articleId, viewerId });
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
          tags: string[];
          /** Problem and solution as stored: an edit that leaves a ref out may keep it. */
          problem: string | null;
          solution: string | null;
          problemRef: string | null;
          solutionRef: string | null;
          /** The author's login (null once they deleted their account). */
          authorName: string | null;
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
          tags: articles.tags,
          problem: articles.problem,
          solution: articles.solution,
          problemRef: articles.problemRef,
          solutionRef: articles.solutionRef,
          authorName: sql<
            string | null
          >`(select ${users.userName} from ${users} where ${users.id} = ${articles.authorId})`,
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
      if (body.search) await storeSearch(tx, row.id, body.search);
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
      if (rows.length === 1 && body.search) await storeSearch(tx, articleId, body.search);
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
