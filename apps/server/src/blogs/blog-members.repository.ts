import { asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { blogMembers, blogs, users } from '../db/schema.js';

export interface MemberRow {
  userId: number;
  login: string;
}

/** A blog with who belongs to it: what permission checks and member sync need. */
export interface BlogMembershipRow {
  id: number;
  name: string;
  /** The repository's owner/name, lower-cased. */
  repoKey: string;
  repoPrivate: boolean;
  ownerId: number;
  ownerLogin: string;
  /** The owner included; earliest added first (the order the blog page lists them). */
  members: MemberRow[];
}

/** A blog a user is a member or the owner of. */
export interface UserBlogRow {
  id: number;
  name: string;
  owner: boolean;
}

/**
 * The members of the blog in the outer query's row, as one JSON value, in the one order members
 * are ever listed in: earliest added first, then by user id (members added together).
 */
export const membersOf = sql<MemberRow[]>`coalesce((
  select json_agg(json_build_object('userId', m.user_id, 'login', mu.user_name) order by m.added_at, m.user_id)
  from ${blogMembers} m join ${users} mu on mu.id = m.user_id
  where m.blog_id = ${blogs.id}), '[]'::json)`;

const owner = alias(users, 'owner');

/** Who belongs to which blog: the one place memberships are read. */
export function blogMembersRepository(db: Db) {
  return {
    /**
     * The blog, by id or by repository, with its owner and members. With `lock`, the blog row
     * is locked first until the transaction ends (concurrent edits of one blog's members run one
     * after the other), and the members are read after the lock, as the last edit left them.
     */
    async find(
      by: { blogId: number } | { repoKey: string },
      tx: Db = db,
      lock = false,
    ): Promise<BlogMembershipRow | undefined> {
      const where = 'blogId' in by ? eq(blogs.id, by.blogId) : eq(blogs.repoKey, by.repoKey);
      if (lock) {
        const [locked] = await tx.select({ id: blogs.id }).from(blogs).where(where).for('update');
        if (!locked) return undefined;
      }
      const [row] = await tx
        .select({
          id: blogs.id,
          name: blogs.name,
          repoKey: blogs.repoKey,
          repoPrivate: blogs.repoPrivate,
          ownerId: blogs.ownerId,
          ownerLogin: owner.userName,
          members: membersOf,
        })
        .from(blogs)
        .innerJoin(owner, eq(owner.id, blogs.ownerId))
        .where(where);
      return row;
    },

    /** The blogs `userId` is a member or the owner of: owned first, then by name. */
    async blogsOf(userId: number, tx: Db = db): Promise<UserBlogRow[]> {
      const member = tx
        .select({ id: blogMembers.blogId })
        .from(blogMembers)
        .where(eq(blogMembers.userId, userId));
      const isOwner = sql<boolean>`${blogs.ownerId} = ${userId}`;
      return tx
        .select({ id: blogs.id, name: blogs.name, owner: isOwner })
        .from(blogs)
        .where(or(eq(blogs.ownerId, userId), inArray(blogs.id, member)))
        .orderBy(desc(isOwner), asc(blogs.name), asc(blogs.id));
    },
  };
}

export type BlogMembersRepository = ReturnType<typeof blogMembersRepository>;
