import { updateArticleSchema } from '@repolog/contract/articles';
import type { RestoredRevision, Revision, RevisionSummary } from '@repolog/contract/revisions';
import { can, type Actor } from '@repolog/contract/permissions';
import { messageOfIssue } from '@repolog/contract/validation';
import { blogResource, type BlogMemberships } from '../blogs/blogs.public.js';
import { badRequest, notFound } from '../errors.js';
import type { ArticlesRepository } from './articles.repository.js';
import type { ArticlesService } from './articles.service.js';
import { presentRevision, presentRevisionSummary } from './revisions.presenter.js';
import type { RevisionsRepository } from './revisions.repository.js';

/** Said to everyone who is not a member, whether or not the breakthrough exists. */
export const HISTORY_NOT_FOUND = 'revisions.historyNotFound';
export const REVISION_NOT_FOUND = 'revisions.notFound';

/** The history of a breakthrough: its revisions, and restoring one of them. */
export function revisionsService({
  repo,
  articlesRepo,
  articles,
  memberships,
}: {
  repo: RevisionsRepository;
  articlesRepo: ArticlesRepository;
  articles: ArticlesService;
  memberships: Pick<BlogMemberships, 'find'>;
}) {
  /** 404 unless the actor is a member of the article's blog. */
  const checkMember = async (actor: Actor | null, articleId: number): Promise<void> => {
    const owned = await articlesRepo.findOwnership(articleId);
    const blog = owned && (await memberships.find(owned.blogId));
    const resource = blog && { userId: owned.authorId, blog: blogResource(blog) };
    if (!resource || !can(actor, 'article.history', resource)) throw notFound(HISTORY_NOT_FOUND);
  };

  const findRevision = async (articleId: number, revisionId: number) => {
    const row = await repo.find(articleId, revisionId);
    if (!row) throw notFound(REVISION_NOT_FOUND);
    return row;
  };

  return {
    async list(actor: Actor | null, articleId: number): Promise<RevisionSummary[]> {
      await checkMember(actor, articleId);
      return (await repo.list(articleId)).map(presentRevisionSummary);
    },

    async get(actor: Actor | null, articleId: number, revisionId: number): Promise<Revision> {
      await checkMember(actor, articleId);
      return presentRevision(await findRevision(articleId, revisionId));
    },

    /**
     * Saves the revision's fields as an edit (the article's own rules and side effects apply:
     * only its author may, and the restore is itself a new revision).
     */
    async restore(actor: Actor, articleId: number, revisionId: number): Promise<RestoredRevision> {
      await checkMember(actor, articleId);
      const revision = await findRevision(articleId, revisionId);
      // Fields are checked as any edit's are (limits may have tightened since it was saved).
      const fields = updateArticleSchema.safeParse({
        title: revision.title,
        content: revision.content,
        about: revision.about,
        problem: revision.problem,
        solution: revision.solution,
      });
      if (!fields.success) {
        throw badRequest('revisions.unrestorable', {
          reason: messageOfIssue(fields.error.issues[0]?.message ?? 'a field is invalid'),
        });
      }
      let recorded = 0;
      await articles.update(actor, articleId, fields.data, async (tx) => {
        recorded = await repo.latestId(articleId, tx);
      });
      return {
        message: `The breakthrough is back to revision ${Number(revision.number)}, saved as a new revision.`,
        revisionId: recorded,
      };
    },
  };
}

export type RevisionsService = ReturnType<typeof revisionsService>;
