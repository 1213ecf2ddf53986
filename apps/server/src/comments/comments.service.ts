import type { Comment } from '@repolog/contract/comments';
import { microcache, PUBLIC_VIEW_TTL_MS } from '../plugins/microcache.js';
import { can, type Actor } from '@repolog/contract/permissions';
import { forbidden, notFound } from '../errors.js';
import type { Events } from '../events.js';
import { commentResource, presentComment } from './comments.presenter.js';
import type { CommentRow, CommentsRepository } from './comments.repository.js';

const articleNotFound = (articleId: number) =>
  notFound(`There is no breakthrough with id ${articleId}.`);
const commentNotFound = (commentId: number) =>
  notFound(`There is no comment with id ${commentId}.`);

/** Comment rules: who may write, edit and delete; the new-comment event. */
export function commentsService(deps: { repo: CommentsRepository; events: Events }) {
  const { repo, events } = deps;

  /** The comment, checked to be under `articleId` when one is given. */
  async function load(commentId: number, articleId?: number): Promise<CommentRow> {
    const row = await repo.findById(commentId);
    if (!row) throw commentNotFound(commentId);
    if (articleId !== undefined && row.articleId !== articleId) {
      throw notFound(`Comment ${commentId} is not on breakthrough ${articleId}.`);
    }
    return row;
  }

  async function reload(commentId: number, actor: Actor): Promise<Comment> {
    const row = await repo.findById(commentId);
    if (!row) throw commentNotFound(commentId);
    return presentComment(row, actor);
  }

  // What visitors see of a busy thread is reused for a second; local writes refresh it.
  const publicLists = microcache<Comment[]>({ ttlMs: PUBLIC_VIEW_TTL_MS, maxKeys: 512 });

  async function listFor(actor: Actor | null, articleId: number): Promise<Comment[]> {
    const rows = await repo.listByArticle(articleId);
    // Only an empty thread needs the second look: is there an article at all?
    if (rows.length === 0 && !(await repo.findArticle(articleId))) throw articleNotFound(articleId);
    return rows.map((row) => presentComment(row, actor));
  }

  return {
    /** Every comment of a breakthrough, oldest first; visitors may read (and share a cache). */
    async list(actor: Actor | null, articleId: number): Promise<Comment[]> {
      return actor
        ? listFor(actor, articleId)
        : publicLists.get(String(articleId), () => listFor(null, articleId));
    },

    async create(actor: Actor, input: { articleId: number; content: string }): Promise<Comment> {
      if (!(await repo.findArticle(input.articleId))) throw articleNotFound(input.articleId);
      const commentId = await repo.insert({
        articleId: input.articleId,
        userId: actor.userId,
        content: input.content,
      });
      publicLists.delete(String(input.articleId));
      await events.emit('comment.created', {
        commentId,
        articleId: input.articleId,
        userId: actor.userId,
      });
      return reload(commentId, actor);
    },

    async update(
      actor: Actor,
      commentId: number,
      input: { articleId?: number | undefined; content: string },
    ): Promise<Comment> {
      const row = await load(commentId, input.articleId);
      if (!can(actor, 'comment.edit', commentResource(row))) {
        throw forbidden('Only the author of this comment can edit it.');
      }
      await repo.updateContent(commentId, input.content);
      publicLists.delete(String(row.articleId));
      return reload(commentId, actor);
    },

    async remove(actor: Actor, articleId: number, commentId: number): Promise<void> {
      const row = await load(commentId, articleId);
      if (!can(actor, 'comment.delete', commentResource(row))) {
        throw forbidden(
          "Only the author of this comment or the breakthrough's author can delete it.",
        );
      }
      await repo.delete(commentId);
      publicLists.delete(String(articleId));
    },
  };
}

export type CommentsService = ReturnType<typeof commentsService>;
