import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { BLOG_PAGE_ARTICLES } from '@repolog/contract/constants';
import type { Db } from '../db/client.js';
import { articles, blogMembers, blogs, favorites, users } from '../db/schema.js';
import { transactionOf } from '../db/transaction.js';
import { membersOf } from './blog-members.repository.js';

export interface BlogDetailRow {
  id: number;
  name: string;
  description: string;
  gitRepoUrl: string;
  createdAt: Date;
  ownerLogin: string;
  memberLogins: string[];
  favCount: number;
  articleCount: number;
  articles: {
    id: number;
    title: string;
    createdAt: Date;
    likeCount: number;
    commentCount: number;
  }[];
}

export interface NewBlog {
  name: string;
  description: string;
  gitRepoUrl: string;
  repoKey: string;
  repoPrivate: boolean;
  ownerId: number;
}

/** Blogs: the page, the workspace's list, and the writes (who belongs to one: blog-members). */
export function blogsRepository(db: Db) {
  // Asked on every signed-in read of a blog page: prepared once, planned once per connection.
  const viewerState = db
    .select({
      favCount: blogs.favCount,
      favorited: sql<boolean>`exists(select 1 from ${favorites} where ${favorites.blogId} = ${blogs.id} and ${favorites.userId} = ${sql.placeholder('viewerId')})`,
    })
    .from(blogs)
    .where(eq(blogs.id, sql.placeholder('blogId')))
    .prepare('blog_viewer_state');

  // The whole blog page in one round trip, built once and planned once per connection: read on
  // every view its short-lived cache does not hold (most, on a long tail of addresses).
  const newest = sql`(select ${articles.id} as id, ${articles.title} as title, ${articles.createdAt} as created_at, ${articles.likeCount} as like_count, ${articles.commentCount} as comment_count from ${articles} where ${articles.blogId} = ${blogs.id} and ${articles.hiddenAt} is null order by ${articles.createdAt} desc, ${articles.id} desc limit ${BLOG_PAGE_ARTICLES})`;
  const detail = db
    .select({
      id: blogs.id,
      name: blogs.name,
      description: blogs.description,
      gitRepoUrl: blogs.gitRepoUrl,
      createdAt: blogs.createdAt,
      ownerLogin: users.userName,
      favCount: blogs.favCount,
      articleCount: sql<number>`(select count(*)::int from ${articles} where ${articles.blogId} = ${blogs.id} and ${articles.hiddenAt} is null)`,
      members: membersOf,
      articles: sql<
        { id: number; title: string; createdAt: string; likeCount: number; commentCount: number }[]
      >`(select coalesce(json_agg(json_build_object('id', n.id, 'title', n.title, 'createdAt', n.created_at, 'likeCount', n.like_count, 'commentCount', n.comment_count) order by n.created_at desc, n.id desc), '[]'::json) from ${newest} n)`,
    })
    .from(blogs)
    .innerJoin(users, eq(users.id, blogs.ownerId))
    .where(eq(blogs.id, sql.placeholder('blogId')))
    .prepare('blog_detail');

  return {
    transaction: transactionOf(db),

    /** What one reader's own actions change on a blog: its favorite count and their star. */
    async findViewerState(
      blogId: number,
      viewerId: number,
    ): Promise<{ favCount: number; favorited: boolean } | undefined> {
      const [row] = await viewerState.execute({ blogId, viewerId });
      return row;
    },

    /** Everything the blog page shows to anyone (a reader's own star is findViewerState's). */
    async findDetail(blogId: number): Promise<BlogDetailRow | undefined> {
      const [row] = await detail.execute({ blogId });
      if (!row) return undefined;
      const { members, ...rest } = row;
      return {
        ...rest,
        memberLogins: members.map((member) => member.login),
        favCount: Number(row.favCount),
        articleCount: Number(row.articleCount),
        articles: row.articles.map((a) => ({ ...a, createdAt: new Date(a.createdAt) })),
      };
    },

    /** Name and description, for page meta tags. */
    async findSummary(blogId: number): Promise<{ name: string; description: string } | undefined> {
      const [row] = await db
        .select({ name: blogs.name, description: blogs.description })
        .from(blogs)
        .where(eq(blogs.id, blogId));
      return row;
    },

    /** Blogs the user is a member of, newest first. */
    async listForMember(
      userId: number,
    ): Promise<{ id: number; name: string; description: string }[]> {
      return db
        .select({ id: blogs.id, name: blogs.name, description: blogs.description })
        .from(blogMembers)
        .innerJoin(blogs, eq(blogs.id, blogMembers.blogId))
        .where(eq(blogMembers.userId, userId))
        .orderBy(desc(blogs.createdAt), desc(blogs.id));
    },

    async findIdByRepoKey(repoKey: string, tx: Db = db): Promise<number | undefined> {
      const [row] = await tx
        .select({ id: blogs.id })
        .from(blogs)
        .where(eq(blogs.repoKey, repoKey.toLowerCase()));
      return row?.id;
    },

    /** Inserts a blog; undefined when its repository already has one (unique repo_key). */
    async insert(blog: NewBlog, tx: Db = db): Promise<{ id: number } | undefined> {
      const [row] = await tx
        .insert(blogs)
        .values(blog)
        .onConflictDoNothing({ target: blogs.repoKey })
        .returning({ id: blogs.id });
      return row;
    },

    /** Adds members in the given order (added_at keeps that order for the members list). */
    async addMembers(blogId: number, userIds: number[], at: Date, tx: Db = db): Promise<number[]> {
      if (userIds.length === 0) return [];
      const rows = await tx
        .insert(blogMembers)
        .values(
          userIds.map((userId, i) => ({ blogId, userId, addedAt: new Date(at.getTime() + i) })),
        )
        .onConflictDoNothing()
        .returning({ userId: blogMembers.userId });
      return rows.map((r) => r.userId);
    },

    async removeMembers(blogId: number, userIds: number[], tx: Db = db): Promise<void> {
      if (userIds.length === 0) return;
      await tx
        .delete(blogMembers)
        .where(and(eq(blogMembers.blogId, blogId), inArray(blogMembers.userId, userIds)));
    },

    async updateText(
      blogId: number,
      values: { name: string; description: string },
      tx: Db = db,
    ): Promise<void> {
      await tx
        .update(blogs)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(blogs.id, blogId));
    },

    /** Deletes a blog; its members, articles, favorites and their rows go by cascade. */
    async delete(blogId: number): Promise<boolean> {
      const rows = await db.delete(blogs).where(eq(blogs.id, blogId)).returning({ id: blogs.id });
      return rows.length === 1;
    },
  };
}

export type BlogsRepository = ReturnType<typeof blogsRepository>;
