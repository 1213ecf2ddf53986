import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { articles, blogMembers, blogs, comments, favorites, likes, users } from '../db/schema.js';
import { transactionOf } from '../db/transaction.js';

export type UserRow = typeof users.$inferSelect;

/** What a profile counts: breakthroughs written, likes they received, comments written. */
export interface UserCounts {
  breakthroughs: number;
  likesReceived: number;
  comments: number;
}

export interface GithubIdentity {
  githubId: number;
  login: string;
  name: string | null;
  avatarUrl: string | null;
  /** When the GitHub account was created, when GitHub said (new-account limits). */
  createdAt?: string | null;
  /** Whether it had a public repository or gist, when GitHub said (new-account limits). */
  publicActivity?: boolean | null;
}

/** Users: GitHub accounts known to Repolog, keyed by GitHub's numeric id. */
/** What deleting an account changed that public pages show. */
export interface AccountRemoval {
  transferred: number[];
  deletedBlogs: number[];
  shown: {
    /** Breakthroughs whose comments included the account's. */
    commentsOn: number[];
    /** Breakthroughs it wrote (their byline changes). */
    articles: number[];
    /** Blogs it was a member of (moved, deleted or one member fewer). */
    blogs: number[];
  };
}

export function usersRepository(db: Db) {
  return {
    transaction: transactionOf(db),

    async findById(id: number, tx: Db = db): Promise<UserRow | undefined> {
      const [row] = await tx.select().from(users).where(eq(users.id, id));
      return row;
    },

    async findByLogin(login: string, tx: Db = db): Promise<UserRow | undefined> {
      const [row] = await tx
        .select()
        .from(users)
        .where(sql`lower(${users.userName}) = ${login.toLowerCase()}`)
        .orderBy(sql`${users.signedUpAt} IS NULL`, users.id)
        .limit(1);
      return row;
    },

    /**
     * A profile's counts in one round trip (each from an index on the user's id), of what readers
     * see: hidden breakthroughs and hidden or held comments are not counted.
     */
    async countsOf(userId: number, tx: Db = db): Promise<UserCounts> {
      const [row] = await tx
        .select({
          breakthroughs:
            sql<number>`(select count(*) from ${articles} where ${articles.authorId} = ${userId} and ${articles.hiddenAt} is null)`.mapWith(
              Number,
            ),
          likesReceived:
            sql<number>`(select coalesce(sum(${articles.likeCount}), 0) from ${articles} where ${articles.authorId} = ${userId} and ${articles.hiddenAt} is null)`.mapWith(
              Number,
            ),
          comments:
            sql<number>`(select count(*) from ${comments} where ${comments.userId} = ${userId} and ${comments.hiddenAt} is null and ${comments.held} is null)`.mapWith(
              Number,
            ),
        })
        .from(users)
        .where(eq(users.id, userId));
      return row ?? { breakthroughs: 0, likesReceived: 0, comments: 0 };
    },

    /**
     * Inserts or refreshes a GitHub account. The login is kept current (GitHub logins can be
     * renamed); `signedUp` marks the first real sign-in.
     */
    async upsertGithubUser(
      identity: GithubIdentity,
      signedUp: boolean,
      tx: Db = db,
    ): Promise<UserRow> {
      const now = new Date();
      const [row] = await tx
        .insert(users)
        .values({
          githubId: identity.githubId,
          userName: identity.login,
          displayName: identity.name,
          avatarUrl: identity.avatarUrl,
          signedUpAt: signedUp ? now : null,
          githubCreatedAt: identity.createdAt ? new Date(identity.createdAt) : null,
          githubPublicActivity: identity.publicActivity ?? null,
        })
        .onConflictDoUpdate({
          target: users.githubId,
          set: {
            userName: identity.login,
            displayName: identity.name,
            avatarUrl: identity.avatarUrl,
            updatedAt: now,
            ...(identity.createdAt ? { githubCreatedAt: new Date(identity.createdAt) } : {}),
            ...(typeof identity.publicActivity === 'boolean'
              ? { githubPublicActivity: identity.publicActivity }
              : {}),
            ...(signedUp
              ? {
                  signedUpAt: sql`coalesce(${users.signedUpAt}, ${now.toISOString()}::timestamptz)`,
                }
              : {}),
          },
        })
        .returning();
      if (!row) throw new Error('upsert returned no row');
      return row;
    },

    /**
     * Deletes an account as DESIGN.md §3 says: like and favorite counts are given back, each blog it owns
     * passes to its earliest remaining member (or is deleted with its articles when none is
     * left), then the user row goes and the foreign keys remove tokens, sessions, likes,
     * favorites, comments, notifications and memberships; its articles stay, authorless.
     * Run it in a transaction.
     */
    async deleteAccount(userId: number, tx: Db): Promise<AccountRemoval> {
      // What public pages showed of the account: its comments, its bylines, its memberships.
      const commented = await tx
        .selectDistinct({ id: comments.articleId })
        .from(comments)
        .where(eq(comments.userId, userId));
      const authored = await tx
        .select({ id: articles.id })
        .from(articles)
        .where(eq(articles.authorId, userId));
      const memberOf = await tx
        .select({ id: blogMembers.blogId })
        .from(blogMembers)
        .where(eq(blogMembers.userId, userId));
      const liked = tx.select({ id: likes.articleId }).from(likes).where(eq(likes.userId, userId));
      await tx
        .update(articles)
        .set({ likeCount: sql`greatest(${articles.likeCount} - 1, 0)` })
        .where(inArray(articles.id, liked));

      const followed = tx
        .select({ id: favorites.blogId })
        .from(favorites)
        .where(eq(favorites.userId, userId));
      await tx
        .update(blogs)
        .set({ favCount: sql`greatest(${blogs.favCount} - 1, 0)` })
        .where(inArray(blogs.id, followed));

      const owned = await tx.select({ id: blogs.id }).from(blogs).where(eq(blogs.ownerId, userId));
      const transferred: number[] = [];
      const deletedBlogs: number[] = [];
      for (const blog of owned) {
        const [heir] = await tx
          .select({ userId: blogMembers.userId })
          .from(blogMembers)
          .where(and(eq(blogMembers.blogId, blog.id), ne(blogMembers.userId, userId)))
          .orderBy(asc(blogMembers.addedAt), asc(blogMembers.userId))
          .limit(1);
        if (heir) {
          await tx
            .update(blogs)
            .set({ ownerId: heir.userId, updatedAt: new Date() })
            .where(eq(blogs.id, blog.id));
          transferred.push(blog.id);
        } else {
          await tx.delete(blogs).where(eq(blogs.id, blog.id));
          deletedBlogs.push(blog.id);
        }
      }
      await tx.delete(users).where(eq(users.id, userId));
      return {
        transferred,
        deletedBlogs,
        shown: {
          commentsOn: commented.map((row) => row.id),
          articles: authored.map((row) => row.id),
          blogs: memberOf.map((row) => row.id),
        },
      };
    },
  };
}

export type UsersRepository = ReturnType<typeof usersRepository>;
