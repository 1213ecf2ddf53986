import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { articles, comments, users } from '../db/schema.js';
import { transactionOf } from '../db/transaction.js';

/** A comment with what presenting it and deciding on it needs. */
export interface CommentRow {
  id: number;
  articleId: number;
  userId: number;
  userName: string;
  content: string;
  createdAt: Date;
  updatedAt: Date;
  /** The article's author (null once they deleted their account). */
  articleAuthorId: number | null;
  /** Its article's blog (whose members may hide it). */
  blogId: number;
  hiddenAt: Date | null;
  hiddenReason: string | null;
  held: string | null;
}

export interface CommentArticle {
  id: number;
  authorId: number | null;
  blogId: number;
  commentsLocked: boolean;
}

const columns = {
  id: comments.id,
  articleId: comments.articleId,
  userId: comments.userId,
  userName: users.userName,
  content: comments.content,
  createdAt: comments.createdAt,
  updatedAt: comments.updatedAt,
  articleAuthorId: articles.authorId,
  blogId: articles.blogId,
  hiddenAt: comments.hiddenAt,
  hiddenReason: comments.hiddenReason,
  held: comments.held,
};

/** Comments under breakthroughs. */
export function commentsRepository(db: Db) {
  const select = (tx: Db) =>
    tx
      .select(columns)
      .from(comments)
      .innerJoin(users, eq(users.id, comments.userId))
      .innerJoin(articles, eq(articles.id, comments.articleId));

  // Read on every view of a thread the short-lived cache does not hold (most, on a long tail of
  // addresses): built once, planned once per connection. From the article, so one round trip
  // also tells an empty thread (one row, no comment) from a missing article (no row).
  const thread = db
    .select({
      id: comments.id,
      articleId: articles.id,
      userId: comments.userId,
      userName: users.userName,
      content: comments.content,
      createdAt: comments.createdAt,
      updatedAt: comments.updatedAt,
      articleAuthorId: articles.authorId,
      blogId: articles.blogId,
      hiddenAt: comments.hiddenAt,
      hiddenReason: comments.hiddenReason,
      held: comments.held,
    })
    .from(articles)
    .leftJoin(comments, eq(comments.articleId, articles.id))
    .leftJoin(users, eq(users.id, comments.userId))
    .where(eq(articles.id, sql.placeholder('articleId')))
    .orderBy(asc(comments.id))
    .prepare('comment_thread');
  const article = db
    .select({
      id: articles.id,
      authorId: articles.authorId,
      blogId: articles.blogId,
      commentsLocked: articles.commentsLocked,
    })
    .from(articles)
    .where(eq(articles.id, sql.placeholder('articleId')))
    .prepare('comment_article');

  return {
    transaction: transactionOf(db),

    async findArticle(articleId: number): Promise<CommentArticle | undefined> {
      const [row] = await article.execute({ articleId });
      return row;
    },

    /** Every comment of an article, oldest first; undefined when the article does not exist. */
    async listByArticle(articleId: number): Promise<CommentRow[] | undefined> {
      const rows = await thread.execute({ articleId });
      if (rows.length === 0) return undefined;
      return rows.filter((row): row is CommentRow => row.id !== null && row.userName !== null);
    },

    async findById(commentId: number, tx: Db = db): Promise<CommentRow | undefined> {
      const [row] = await select(tx).where(eq(comments.id, commentId));
      return row;
    },

    async insert(
      values: { articleId: number; userId: number; content: string; held: string | null },
      tx: Db = db,
    ): Promise<number> {
      const [row] = await tx.insert(comments).values(values).returning({ id: comments.id });
      if (!row) throw new Error('inserting a comment returned no row');
      return row.id;
    },

    async updateContent(commentId: number, content: string, tx: Db = db): Promise<void> {
      await tx
        .update(comments)
        .set({ content, updatedAt: new Date() })
        .where(eq(comments.id, commentId));
    },

    /** Hides it with a reason, or with null shows it again (a held one is approved too). */
    async setHidden(commentId: number, reason: string | null, tx: Db = db): Promise<void> {
      await tx
        .update(comments)
        .set(
          reason === null
            ? { hiddenAt: null, hiddenReason: null, held: null }
            : { hiddenAt: new Date(), hiddenReason: reason },
        )
        .where(eq(comments.id, commentId));
    },

    async setLocked(articleId: number, locked: boolean, tx: Db = db): Promise<void> {
      await tx.update(articles).set({ commentsLocked: locked }).where(eq(articles.id, articleId));
    },

    async delete(commentId: number, tx: Db = db): Promise<void> {
      await tx.delete(comments).where(eq(comments.id, commentId));
    },
  };
}

export type CommentsRepository = ReturnType<typeof commentsRepository>;
