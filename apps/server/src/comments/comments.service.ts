import type { Comment } from '@repolog/contract/comments';
import { microcache, PUBLIC_VIEW_TTL_MS } from '../plugins/microcache.js';
import { can, type Actor } from '@repolog/contract/permissions';
import { forbidden, notFound } from '../errors.js';
import type { Outbox } from '../outbox/outbox.public.js';
import type { BlogMemberships } from '../blogs/blogs.public.js';
import type { CacheSync } from '../plugins/cache-sync.js';
import type { SafetyChecks } from '../safety/safety.public.js';
import {
  commentResource,
  presentComment,
  presentThread,
  type ThreadReader,
} from './comments.presenter.js';
import type { CommentRow, CommentsRepository } from './comments.repository.js';

const articleNotFound = (articleId: number) => notFound('articles.noSuchId', { articleId });
const commentNotFound = (commentId: number) => notFound('comments.notFound', { commentId });

/**
 * Comment rules: who may write, edit, delete, hide and lock; the new-comment event. The blog's
 * members and the moderators keep a thread (hide, restore, approve, delete, lock); blocked
 * people, suspended ones and new accounts past their limits are refused (deps.safety).
 */
export function commentsService(deps: {
  repo: CommentsRepository;
  outbox: Pick<Outbox, 'add' | 'deliver'>;
  cacheSync: CacheSync;
  memberships: Pick<BlogMemberships, 'find'>;
  safety: Pick<SafetyChecks, 'isModerator' | 'isBlockedByAnAuthor' | 'blockedIds' | 'checkComment'>;
}) {
  const { repo, outbox, cacheSync, memberships, safety } = deps;

  /** A member of the blog, or a moderator. */
  async function keeps(actor: Actor, blogId: number): Promise<boolean> {
    if (safety.isModerator(actor)) return true;
    const blog = await memberships.find(blogId);
    return !!blog?.members.some((member) => member.userId === actor.userId);
  }

  async function readerOf(actor: Actor, blogId: number | undefined): Promise<ThreadReader> {
    const [keeper, blocked] = await Promise.all([
      blogId === undefined ? false : keeps(actor, blogId),
      safety.blockedIds(actor.userId),
    ]);
    return { actor, keeper, blocked: new Set(blocked) };
  }

  /** The comment, checked to be under `articleId` when one is given. */
  async function load(commentId: number, articleId?: number): Promise<CommentRow> {
    const row = await repo.findById(commentId);
    if (!row) throw commentNotFound(commentId);
    if (articleId !== undefined && row.articleId !== articleId) {
      throw notFound('comments.notOnArticle', { commentId, articleId });
    }
    return row;
  }

  async function reload(commentId: number, actor: Actor): Promise<Comment> {
    const row = await repo.findById(commentId);
    const comment = row && presentComment(row, await readerOf(actor, row.blogId));
    if (!comment) throw commentNotFound(commentId);
    return comment;
  }

  // A busy thread is read from the database once a second at most; local writes refresh it.
  // Everyone shares the rows; visitors (no buttons of their own) also share the finished list.
  const threads = microcache<CommentRow[]>({
    ttlMs: PUBLIC_VIEW_TTL_MS,
    maxKeys: 512,
    name: 'comment_threads',
  });
  const visitorLists = microcache<Comment[]>({
    ttlMs: PUBLIC_VIEW_TTL_MS,
    maxKeys: 512,
    name: 'comment_visitor_lists',
  });
  cacheSync.on('comments', (key) => {
    if (key === '') {
      threads.clear();
      visitorLists.clear();
    } else {
      threads.delete(key);
      visitorLists.delete(key);
    }
  });
  /** One article's thread changed, or with no id every thread (a whole blog went away). */
  const forget = (articleId?: number) =>
    cacheSync.changed('comments', articleId === undefined ? '' : String(articleId));

  const rowsOf = (articleId: number): Promise<CommentRow[]> =>
    threads.get(String(articleId), async () => {
      const rows = await repo.listByArticle(articleId);
      if (!rows) throw articleNotFound(articleId);
      return rows;
    });

  return {
    forgetThread: forget,

    /** Every comment of a breakthrough, oldest first, with the caller's own buttons. */
    async list(actor: Actor | null, articleId: number): Promise<Comment[]> {
      if (actor) {
        const rows = await rowsOf(articleId);
        return presentThread(rows, await readerOf(actor, rows[0]?.blogId));
      }
      return visitorLists.get(String(articleId), async () =>
        presentThread(await rowsOf(articleId), null),
      );
    },

    async create(actor: Actor, input: { articleId: number; content: string }): Promise<Comment> {
      const article = await repo.findArticle(input.articleId);
      if (!article) throw articleNotFound(input.articleId);
      if (article.commentsLocked) throw forbidden('comments.locked');
      // Blocked by the author or by any co-author: no comment on what they wrote.
      if (await safety.isBlockedByAnAuthor(input.articleId, actor.userId)) {
        throw forbidden('comments.blocked');
      }
      const keeper = await keeps(actor, article.blogId);
      const held = await safety.checkComment(actor, { ...input, keeper });
      const { commentId, event } = await repo.transaction(async (tx) => {
        const id = await repo.insert(
          { articleId: input.articleId, userId: actor.userId, content: input.content, held },
          tx,
        );
        // A held comment tells nobody: it reaches readers (and notices) only once approved.
        if (held) return { commentId: id, event: undefined };
        const payload = { commentId: id, articleId: input.articleId, userId: actor.userId };
        return { commentId: id, event: await outbox.add(tx, 'comment.created', payload) };
      });
      forget(input.articleId);
      if (event) await outbox.deliver([event]);
      return reload(commentId, actor);
    },

    async update(
      actor: Actor,
      commentId: number,
      input: { articleId?: number | undefined; content: string },
    ): Promise<Comment> {
      const row = await load(commentId, input.articleId);
      if (!can(actor, 'comment.edit', commentResource(row))) {
        throw forbidden('comments.authorOnlyEdit');
      }
      await repo.updateContent(commentId, input.content);
      forget(row.articleId);
      return reload(commentId, actor);
    },

    async remove(actor: Actor, articleId: number, commentId: number): Promise<void> {
      const row = await load(commentId, articleId);
      if (
        !can(actor, 'comment.delete', commentResource(row)) &&
        !(await keeps(actor, row.blogId))
      ) {
        throw forbidden('comments.authorsOnlyDelete');
      }
      await repo.delete(commentId);
      forget(articleId);
    },

    /**
     * Hides a comment (with a reason its author sees) or, reason null, restores or approves it.
     * An approved comment reaches readers now, and tells whom a new comment tells.
     */
    async setHidden(actor: Actor, commentId: number, reason: string | null): Promise<Comment> {
      const row = await load(commentId);
      if (!(await keeps(actor, row.blogId))) throw forbidden('comments.membersOnlyModerate');
      const approved = reason === null && row.held !== null;
      const event = await repo.transaction(async (tx) => {
        await repo.setHidden(commentId, reason, tx);
        if (!approved) return undefined;
        const payload = { commentId, articleId: row.articleId, userId: row.userId };
        return outbox.add(tx, 'comment.created', payload);
      });
      forget(row.articleId);
      if (event) await outbox.deliver([event]);
      return reload(commentId, actor);
    },

    /** Closes (or opens again) the comments of a breakthrough. */
    async setLocked(actor: Actor, articleId: number, locked: boolean): Promise<void> {
      const article = await repo.findArticle(articleId);
      if (!article) throw articleNotFound(articleId);
      if (!(await keeps(actor, article.blogId))) throw forbidden('comments.membersOnlyModerate');
      await repo.setLocked(articleId, locked);
      // The breakthrough's page says whether its comments are open.
      cacheSync.changed('article', String(articleId));
    },
  };
}

export type CommentsService = ReturnType<typeof commentsService>;
