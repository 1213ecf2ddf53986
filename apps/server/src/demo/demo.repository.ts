import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { transactionOf } from '../db/transaction.js';
import {
  articles,
  blogMembers,
  blogs,
  comments,
  favorites,
  likes,
  notifications,
  series,
  seriesArticles,
  users,
} from '../db/schema.js';

export type NewUser = typeof users.$inferInsert;
export type NewBlog = typeof blogs.$inferInsert;
export type NewMember = typeof blogMembers.$inferInsert;
export type NewArticle = typeof articles.$inferInsert;
export type NewLike = typeof likes.$inferInsert;
export type NewFavorite = typeof favorites.$inferInsert;
export type NewComment = typeof comments.$inferInsert;
export type NewNotification = typeof notifications.$inferInsert;

export interface DemoRows {
  users: NewUser[];
  blogs: NewBlog[];
  members: (Omit<NewMember, 'userId'> & { login: string })[];
  articles: (Omit<NewArticle, 'authorId'> & { author: string })[];
  likes: { login: string; articleId: number; createdAt: Date }[];
  favorites: { login: string; blogId: number; createdAt: Date }[];
  comments: { login: string; articleId: number; content: string; createdAt: Date }[];
  notifications: (Omit<NewNotification, 'recipientId' | 'instigatorId'> & {
    recipient: string;
    instigator: string;
  })[];
  /** Series of breakthroughs, each with its parts in order. */
  series: { id: number; blogId: number; name: string; createdAt: Date; articleIds: number[] }[];
}

const SEQUENCES = ['users', 'blogs', 'articles', 'comments', 'notifications', 'series'] as const;

/** Writes demo data in one transaction; explicit ids are followed by sequence bumps. */
export function demoRepository(db: Db) {
  return {
    async isEmpty(): Promise<boolean> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
      return (row?.n ?? 0) === 0;
    },

    transaction: transactionOf(db),

    /** Writes every demo row; run it in a transaction. */
    async insert(rows: DemoRows, ownerLogins: Record<number, string>, tx: Db): Promise<void> {
      const inserted = await tx
        .insert(users)
        .values(rows.users)
        .returning({ id: users.id, login: users.userName });
      const idOf = new Map(inserted.map((u) => [u.login, u.id]));
      const id = (login: string) => {
        const value = idOf.get(login);
        if (value === undefined) throw new Error(`demo user ${login} missing`);
        return value;
      };
      await tx
        .insert(blogs)
        .values(rows.blogs.map((b) => ({ ...b, ownerId: id(ownerLogins[b.id ?? 0] ?? '') })));
      await tx
        .insert(blogMembers)
        .values(rows.members.map(({ login, ...m }) => ({ ...m, userId: id(login) })));
      await tx
        .insert(articles)
        .values(rows.articles.map(({ author, ...a }) => ({ ...a, authorId: id(author) })));
      await tx.insert(likes).values(
        rows.likes.map((l) => ({
          userId: id(l.login),
          articleId: l.articleId,
          createdAt: l.createdAt,
        })),
      );
      await tx.execute(
        sql`UPDATE articles SET like_count = (SELECT count(*) FROM likes WHERE likes.article_id = articles.id)`,
      );
      await tx.insert(favorites).values(
        rows.favorites.map((f) => ({
          userId: id(f.login),
          blogId: f.blogId,
          createdAt: f.createdAt,
        })),
      );
      await tx.execute(
        sql`UPDATE blogs SET fav_count = (SELECT count(*) FROM favorites WHERE favorites.blog_id = blogs.id)`,
      );
      await tx.insert(comments).values(
        rows.comments.map((c) => ({
          userId: id(c.login),
          articleId: c.articleId,
          content: c.content,
          createdAt: c.createdAt,
          updatedAt: c.createdAt,
        })),
      );
      await tx.insert(notifications).values(
        rows.notifications.map(({ recipient, instigator, dedupeKey, ...n }) => ({
          ...n,
          recipientId: id(recipient),
          instigatorId: id(instigator),
          dedupeKey: dedupeKey?.replace('{instigator}', String(id(instigator))) ?? null,
        })),
      );
      for (const { articleIds, ...one } of rows.series) {
        await tx.insert(series).values({ ...one, updatedAt: one.createdAt });
        await tx.insert(seriesArticles).values(
          articleIds.map((articleId, index) => ({
            seriesId: one.id,
            articleId,
            position: index + 1,
          })),
        );
      }
      for (const table of SEQUENCES) {
        await tx.execute(
          sql.raw(
            `SELECT setval(pg_get_serial_sequence('${table}', 'id'), greatest((SELECT coalesce(max(id), 0) FROM ${table}), 1))`,
          ),
        );
      }
    },
  };
}
