import type { Outbox } from '../outbox/outbox.public.js';
import type { ArticlesService, WithinWrite } from './articles.service.js';

/**
 * The service with every post, saved edit and delete announced as an `article.written` outbox
 * event (the GitHub App's comments follow breakthroughs): written in the post's or edit's own
 * transaction and delivered once it commits.
 */
export function announceWrites(
  service: ArticlesService,
  outbox: Pick<Outbox, 'add' | 'deliver' | 'emit'>,
): ArticlesService {
  const announcing = (blogId: number | null, within: WithinWrite | undefined, ids: number[]) =>
    (async (tx, articleId) => {
      await within?.(tx, articleId);
      ids.push(await outbox.add(tx, 'article.written', { articleId, blogId, deleted: false }));
    }) satisfies WithinWrite;
  return {
    ...service,
    async create(actor, input, within) {
      const ids: number[] = [];
      const created = await service.create(actor, input, announcing(input.blogId, within, ids));
      await outbox.deliver(ids);
      return created;
    },
    async update(actor, articleId, input, within) {
      const ids: number[] = [];
      const updated = await service.update(actor, articleId, input, announcing(null, within, ids));
      await outbox.deliver(ids);
      return updated;
    },
    async delete(actor, articleId) {
      const deleted = await service.delete(actor, articleId);
      await outbox.emit('article.written', { articleId, blogId: null, deleted: true });
      return deleted;
    },
  };
}
