import { createArticleSchema } from '@repolog/contract/articles';
import type {
  createDraftSchema,
  Draft,
  DraftSummary,
  PublishedDraft,
  saveDraftSchema,
} from '@repolog/contract/drafts';
import { LIVE_CLOSE } from '@repolog/contract/live';
import { can, type Actor, type BlogResource } from '@repolog/contract/permissions';
import { messageOfIssue } from '@repolog/contract/validation';
import type { z } from 'zod';
import {
  addCoauthors,
  keptRef,
  type ArticlesService,
  type WithinWrite,
} from '../articles/articles.public.js';
import { blogResource, type BlogMemberships } from '../blogs/blogs.public.js';
import { AppError, badRequest, forbidden, notFound } from '../errors.js';
import type { DraftDocsRepository } from './draft-docs.repository.js';
import { presentDraft, presentDraftSummary } from './drafts.presenter.js';
import type { DraftFields, DraftsRepository } from './drafts.repository.js';
import type { Admission, LiveDrafts } from './live-drafts.js';

type CreateInput = z.output<typeof createDraftSchema>;
type SaveInput = z.output<typeof saveDraftSchema>;

/** Keys of the contract's messages (@repolog/contract/messages). */
export const DRAFT_NOT_FOUND = 'drafts.notFound';
export const BLOG_DRAFTS_NOT_FOUND = 'drafts.blogNotFound';
export const DRAFT_CHANGED = 'drafts.changed';
export const EDIT_DRAFT_EXISTS = 'drafts.editExists';
export const DRAFT_DELETED = 'The draft is deleted.';
export const CHANGES_SAVED = 'Your changes have been saved.';

/** A refused save or publish: the draft moved on; the caller answers 409 with it. */
export type Outcome<T> =
  | { ok: true; value: T }
  | { ok: false; key: typeof DRAFT_CHANGED | typeof EDIT_DRAFT_EXISTS; draft: Draft };

/** Thrown inside the publish transaction to undo it when the draft moved on meanwhile. */
class DraftMoved extends Error {}

/** Fields as sent: a ref left out is undefined (see withRefs). */
type SentFields = Omit<DraftFields, 'problemRef' | 'solutionRef'> & {
  problemRef: string | null | undefined;
  solutionRef: string | null | undefined;
};

/**
 * The sent fields with the refs they leave out filled in from `stored` (the article an edit
 * draft starts from, or the draft being saved): kept while the matching title is unchanged, none
 * otherwise. So publishing an edit never erases a reference its writers did not touch.
 */
const withRefs = (
  input: SentFields,
  stored: Pick<DraftFields, 'problem' | 'solution' | 'problemRef' | 'solutionRef'> | null,
): DraftFields => ({
  ...input,
  problemRef: keptRef(
    { title: input.problem, ref: input.problemRef },
    { title: stored?.problem ?? null, ref: stored?.problemRef ?? null },
  ),
  solutionRef: keptRef(
    { title: input.solution, ref: input.solutionRef },
    { title: stored?.solution ?? null, ref: stored?.solutionRef ?? null },
  ),
});

const fieldsOf = (input: DraftFields): DraftFields => ({
  title: input.title,
  content: input.content,
  about: input.about,
  problem: input.problem,
  solution: input.solution,
  problemRef: input.problemRef,
  solutionRef: input.solutionRef,
  tags: input.tags,
});

/**
 * Drafts of breakthroughs. Only the blog's members see them (everyone else hears "not found");
 * a save names the version it was based on, so nobody's work is overwritten unseen; publishing
 * goes through the articles service, which posts or saves the breakthrough with its revision.
 */
export function draftsService({
  repo,
  docs,
  live,
  articles,
  memberships,
}: {
  repo: DraftsRepository;
  /** The drafts' live documents and who changed them. */
  docs: DraftDocsRepository;
  live: LiveDrafts;
  articles: ArticlesService;
  /** Who belongs to a blog (its members share its drafts). */
  memberships: Pick<BlogMemberships, 'find'>;
}) {
  /** The blog, if the actor is one of its members; 404 otherwise. */
  const memberBlog = async (actor: Actor | null, blogId: number): Promise<BlogResource> => {
    const blog = await memberships.find(blogId);
    const resource = blog && blogResource(blog);
    if (!resource || !can(actor, 'blog.write', resource)) throw notFound(BLOG_DRAFTS_NOT_FOUND);
    return resource;
  };

  /** The draft and its blog, if the actor may open it; 404 otherwise. */
  const open = async (actor: Actor | null, draftId: number) => {
    const draft = await repo.find(draftId);
    const blog = draft && (await memberships.find(draft.blogId));
    const resource = draft && blog && { creatorId: draft.creatorId, blog: blogResource(blog) };
    if (!draft || !resource || !can(actor, 'draft.edit', resource)) {
      throw notFound(DRAFT_NOT_FOUND);
    }
    return { draft, resource };
  };

  const moved = async (draftId: number): Promise<Outcome<never>> => {
    const current = await repo.find(draftId);
    if (!current) throw notFound(DRAFT_NOT_FOUND);
    return { ok: false, key: DRAFT_CHANGED, draft: presentDraft(current) };
  };

  return {
    /** GET /api/blog/{blogId}/drafts */
    async list(actor: Actor | null, blogId: number): Promise<DraftSummary[]> {
      await memberBlog(actor, blogId);
      return (await repo.list(blogId)).map((row) =>
        presentDraftSummary(row, live.editingNow(row.id)),
      );
    },

    /** POST /api/blog/{blogId}/drafts: a new draft, or the pending edit of a breakthrough. */
    async create(actor: Actor, blogId: number, input: CreateInput): Promise<Outcome<Draft>> {
      const blog = await memberBlog(actor, blogId);
      const articleId = input.articleId ?? null;
      let article: Awaited<ReturnType<DraftsRepository['findArticle']>>;
      if (articleId !== null) {
        article = await repo.findArticle(articleId);
        if (!article || article.blogId !== blogId) {
          throw notFound('drafts.articleNotInBlog', { articleId });
        }
        if (
          !can(actor, 'article.edit', {
            userId: article.authorId,
            blog,
            coauthorIds: article.coauthorIds,
          })
        ) {
          throw forbidden('articles.authorsOnlyEdit');
        }
      }
      const draftId = await repo.insert({
        blogId,
        articleId,
        creatorId: actor.userId,
        ...fieldsOf(withRefs(input, article ?? null)),
      });
      if (draftId === undefined) {
        const existing = articleId === null ? undefined : await repo.findIdByArticle(articleId);
        const current = existing === undefined ? undefined : await repo.find(existing);
        if (!current) throw new AppError('conflict', EDIT_DRAFT_EXISTS);
        return { ok: false, key: EDIT_DRAFT_EXISTS, draft: presentDraft(current) };
      }
      await docs.addEditor(draftId, actor.userId);
      const created = await repo.find(draftId);
      if (!created) throw notFound(DRAFT_NOT_FOUND);
      return { ok: true, value: presentDraft(created) };
    },

    /** Whether `actor` may open the draft's live document (GET /api/draft/{draftId}/live). */
    async admitLive(actor: Actor, draftId: number): Promise<Admission> {
      const draft = await repo.find(draftId);
      const blog = draft && (await memberships.find(draft.blogId));
      if (
        !draft ||
        !blog ||
        !can(actor, 'draft.edit', { creatorId: draft.creatorId, blog: blogResource(blog) })
      ) {
        return { ok: false, close: LIVE_CLOSE.notFound };
      }
      return {
        ok: true,
        blogId: draft.blogId,
        fields: async () => {
          const current = await repo.find(draftId);
          return current && fieldsOf(current);
        },
      };
    },

    /** Whether `actor` is (still) a member of the blog: its live drafts are theirs to edit. */
    async mayEditLive(blogId: number, actor: Actor): Promise<boolean> {
      const blog = await memberships.find(blogId);
      return !!blog && can(actor, 'blog.write', blogResource(blog));
    },

    /** GET /api/draft/{draftId} */
    async get(actor: Actor | null, draftId: number): Promise<Draft> {
      return presentDraft((await open(actor, draftId)).draft);
    },

    /** PUT /api/draft/{draftId}: refused (409 with the draft) when based on an older version. */
    async save(actor: Actor, draftId: number, input: SaveInput): Promise<Outcome<Draft>> {
      const { draft } = await open(actor, draftId);
      const fields = fieldsOf(withRefs(input, draft));
      if (!(await repo.save(draftId, input.version, fields, actor.userId))) {
        return moved(draftId);
      }
      await docs.addEditor(draftId, actor.userId);
      // Members editing live see the save as someone's typing.
      await live.applyFields(draftId, fields, actor.userId);
      const saved = await repo.find(draftId);
      if (!saved) throw notFound(DRAFT_NOT_FOUND);
      return { ok: true, value: presentDraft(saved) };
    },

    /** DELETE /api/draft/{draftId}: by whoever started it, or the blog's owner. */
    async remove(actor: Actor, draftId: number): Promise<{ message: string }> {
      const { resource } = await open(actor, draftId);
      if (!can(actor, 'draft.delete', resource)) {
        throw forbidden('drafts.deleteNotAllowed');
      }
      await repo.delete(draftId);
      live.ended(draftId, 'deleted');
      return { message: DRAFT_DELETED };
    },

    /**
     * POST /api/draft/{draftId}/publish: posts the draft as a breakthrough (or saves it as the
     * edit of its breakthrough) through the articles service, and deletes it in the same
     * transaction, so it is either a breakthrough or still a draft, never both or neither.
     */
    async publish(
      actor: Actor,
      draftId: number,
      version: number,
    ): Promise<Outcome<PublishedDraft>> {
      const { draft } = await open(actor, draftId);
      // A live draft is posted as its document stands, with every change any editor has stored:
      // the document is what every editor sees, so there is no older copy to refuse. A draft
      // saved only through the form is posted at the version the page saw, or refused.
      const liveFields = await live.currentFields(draftId);
      if (!liveFields && draft.version !== version) return moved(draftId);
      const fields = liveFields ?? fieldsOf(draft);
      const parsed = createArticleSchema.safeParse({ blogId: draft.blogId, ...fields });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw issue
          ? AppError.of('bad_request', messageOfIssue(issue.message))
          : badRequest('drafts.notPostable');
      }
      // Everyone who changed the draft wrote the breakthrough with its author.
      const consume: WithinWrite = async (tx, articleId) => {
        const editors = await docs.editors(draftId, tx);
        if (!(await repo.delete(draftId, liveFields ? undefined : version, tx))) {
          throw new DraftMoved();
        }
        await addCoauthors(tx, articleId, editors);
      };
      try {
        let value: PublishedDraft;
        if (draft.articleId === null) {
          value = await articles.create(actor, parsed.data, consume);
        } else {
          const article = await articles.update(actor, draft.articleId, parsed.data, consume);
          value = { articleId: article.articleId, blogId: article.blogId, message: CHANGES_SAVED };
        }
        live.ended(draftId, 'posted');
        return { ok: true, value };
      } catch (error) {
        if (error instanceof DraftMoved) return moved(draftId);
        throw error;
      }
    },
  };
}

export type DraftsService = ReturnType<typeof draftsService>;
