import { asc, eq } from 'drizzle-orm';
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
}

export interface CommentArticle {
  id: number;
  authorId: number | null;
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
};

/** Comments under breakthroughs. */
export function commentsRepository(db: Db) {
  const select = (tx: Db) =>
    tx
      .select(columns)
      .from(comments)
      .innerJoin(users, eq(users.id, comments.userId))
      .innerJoin(articles, eq(articles.id, comments.articleId));

  return {
    transaction: transactionOf(db),

    async findArticle(articleId: number, tx: Db = db): Promise<CommentArticle | undefined> {
      const [row] = await tx
        .select({ id: articles.id, authorId: articles.authorId })
        .from(articles)
        .where(eq(articles.id, articleId));
      return row;
    },

    /** Every comment of an article, oldest first. */
    async listByArticle(articleId: number, tx: Db = db): Promise<CommentRow[]> {
      return select(tx).where(eq(comments.articleId, articleId)).orderBy(asc(comments.id));
    },

    async findById(commentId: number, tx: Db = db): Promise<CommentRow | undefined> {
      const [row] = await select(tx).where(eq(comments.id, commentId));
      return row;
    },

    async insert(
      values: { articleId: number; userId: number; content: string },
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

    async delete(commentId: number, tx: Db = db): Promise<void> {
      await tx.delete(comments).where(eq(comments.id, commentId));
    },
  };
}

export type CommentsRepository = ReturnType<typeof commentsRepository>;
