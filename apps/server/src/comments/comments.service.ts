import type { Comment } from '@repolog/contract/comments';
import { microcache, PUBLIC_VIEW_TTL_MS } from '../plugins/microcache.js';
import { can, type Actor } from '@repolog/contract/permissions';
import { forbidden, notFound } from '../errors.js';
import type { Outbox } from '../outbox/outbox.public.js';
import type { CacheSync } from '../plugins/cache-sync.js';
import { commentResource, presentComment } from './comments.presenter.js';
import type { CommentRow, CommentsRepository } from './comments.repository.js';

const articleNotFound = (articleId: number) => notFound('articles.noSuchId', { articleId });
const commentNotFound = (commentId: number) => notFound('comments.notFound', { commentId });

/** Comment rules: who may write, edit and delete; the new-comment event. */
export function commentsService(deps: {
  repo: CommentsRepository;
  outbox: Pick<Outbox, 'add' | 'deliver'>;
  cacheSync: CacheSync;
}) {
  const { repo, outbox, cacheSync } = deps;

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
    if (!row) throw commentNotFound(commentId);
    return presentComment(row, actor);
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
      if (actor) return (await rowsOf(articleId)).map((row) => presentComment(row, actor));
      return visitorLists.get(String(articleId), async () =>
        (await rowsOf(articleId)).map((row) => presentComment(row, null)),
      );
    },

    async create(actor: Actor, input: { articleId: number; content: string }): Promise<Comment> {
      if (!(await repo.findArticle(input.articleId))) throw articleNotFound(input.articleId);
      const { commentId, event } = await repo.transaction(async (tx) => {
        const id = await repo.insert(
          { articleId: input.articleId, userId: actor.userId, content: input.content },
          tx,
        );
        const payload = { commentId: id, articleId: input.articleId, userId: actor.userId };
        return { commentId: id, event: await outbox.add(tx, 'comment.created', payload) };
      });
      forget(input.articleId);
      await outbox.deliver([event]);
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
      if (!can(actor, 'comment.delete', commentResource(row))) {
        throw forbidden('comments.authorsOnlyDelete');
      }
      await repo.delete(commentId);
      forget(articleId);
    },
  };
}

export type CommentsService = ReturnType<typeof commentsService>;
