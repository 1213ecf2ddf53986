import type {
  Article,
  CreatedArticle,
  createArticleSchema,
  updateArticleSchema,
} from '@repolog/contract/articles';
import { can, type Actor, type ArticleResource } from '@repolog/contract/permissions';
import type { z } from 'zod';
import { badRequest, forbidden, notFound } from '../errors.js';
import { microcache, PUBLIC_VIEW_TTL_MS } from '../plugins/microcache.js';
import { blogResource } from '../blogs/blogs.public.js';
import { escapedBody, RENDER_VERSION } from './article-body.js';
import { presentArticle } from './articles.presenter.js';
import { breakthroughLists, type ListedArticle } from './breakthrough-lists.js';
import type { ArticlesServiceDeps, WithinWrite } from './articles.deps.js';
import { acceptedTags, keptRef, storageRenderer, type TitledRef } from './article-write.js';

type CreateInput = z.output<typeof createArticleSchema>;
type UpdateInput = z.output<typeof updateArticleSchema>;

/** Keys of the contract's messages (@repolog/contract/messages). */
export const ARTICLE_NOT_FOUND = 'articles.notFound';
export const BLOG_NOT_FOUND = 'blogs.gone';
export const POSTED = 'Your breakthrough has been posted.';
export const DELETED = 'The Breakthrough is deleted.';

export type { ArticlesServiceDeps, WithinWrite } from './articles.deps.js';

/** An article's page as everyone shares it, with whether (and why) a moderator hid it. */
interface SharedView {
  view: Article;
  hiddenReason: string | null;
  authorId: number | null;
}

export { RENDERER_BUSY, TOO_MANY_RENDERS, UNRENDERABLE } from './article-write.js';

/** Breakthroughs: the public list and page, and the author's writes. */
export function articlesService({
  repo,
  lists: listQueries,
  officialBlogId,
  renderPool,
  backfill,
  events,
  cacheSync,
  revisions,
  memberships,
  safety,
}: ArticlesServiceDeps) {
  const renderForStorage = storageRenderer(renderPool);

  const lists = breakthroughLists({ repo: listQueries, officialBlogId, cacheSync });
  // What a visitor (no personal likeButton) sees of a popular article, reused for a second.
  const publicViews = microcache<SharedView>({
    ttlMs: PUBLIC_VIEW_TTL_MS,
    maxKeys: 512,
    name: 'article_views',
  });
  cacheSync.on('article', (key) => publicViews.delete(key));
  const forgetArticle = (articleId: number) => cacheSync.changed('article', String(articleId));

  /** The article as can() sees it; 404 when it does not exist. */
  const articleResource = async (
    articleId: number,
  ): Promise<
    ArticleResource & {
      blogId: number;
      listed: ListedArticle;
      authorName: string | null;
      tags: string[];
      problem: TitledRef;
      solution: TitledRef;
    }
  > => {
    const owned = await repo.findOwnership(articleId);
    if (!owned) throw notFound(ARTICLE_NOT_FOUND);
    const blog = await memberships.find(owned.blogId);
    if (!blog) throw notFound(ARTICLE_NOT_FOUND);
    return {
      userId: owned.authorId,
      blog: blogResource(blog),
      coauthorIds: owned.coauthorIds,
      blogId: owned.blogId,
      authorName: owned.authorName,
      tags: owned.tags,
      problem: { title: owned.problem, ref: owned.problemRef },
      solution: { title: owned.solution, ref: owned.solutionRef },
      listed: {
        id: articleId,
        title: owned.title,
        blogId: owned.blogId,
        blogName: blog.name,
        about: owned.about,
      },
    };
  };

  /** Reads never render: the stored HTML, or until it exists the body as escaped text. */
  const detail = async (articleId: number): Promise<SharedView> => {
    const row = await repo.findDetail(articleId);
    if (!row) throw notFound(ARTICLE_NOT_FOUND);
    if (row.renderVersion < RENDER_VERSION) backfill.request(articleId);
    return {
      view: presentArticle(row, row.contentHtml ?? escapedBody(row.content)),
      hiddenReason: row.hiddenAt ? (row.hiddenReason ?? '') : null,
      authorId: row.authorId,
    };
  };

  /**
   * Everyone reads the shared view; a signed-in reader's like and the like count (which their
   * own toggles change) are looked up fresh, so they always see their own action.
   */
  const get = async (articleId: number, viewer: Actor | null): Promise<Article> => {
    const shared = publicViews.get(String(articleId), () => detail(articleId));
    if (!viewer) {
      const { view, hiddenReason } = await shared;
      if (hiddenReason !== null) throw notFound(ARTICLE_NOT_FOUND);
      return view;
    }
    const [{ view, hiddenReason, authorId }, mine] = await Promise.all([
      shared,
      repo.findViewerState(articleId, viewer.userId),
    ]);
    if (!mine) throw notFound(ARTICLE_NOT_FOUND);
    // Hidden: gone for everyone but its author, who is told why.
    if (hiddenReason !== null && authorId !== viewer.userId) throw notFound(ARTICLE_NOT_FOUND);
    return {
      ...view,
      likeCount: mine.likeCount,
      likeButton: mine.liked,
      commentsLockButton: mine.member || safety.isModerator(viewer),
      ...(hiddenReason !== null ? { hidden: { reason: hiddenReason } } : {}),
    };
  };

  return {
    /** Every breakthrough but the official notices, newest or most liked first (spec §5). */
    listBreakthroughs: lists.page,

    get,

    /** Articles went away with their blog: list again on the next read. */
    forgetLists: () => lists.changed({ kind: 'any' }),

    renderForStorage,

    async create(actor: Actor, input: CreateInput, within?: WithinWrite): Promise<CreatedArticle> {
      const blog = await memberships.find(input.blogId);
      if (!blog) throw notFound(BLOG_NOT_FOUND);
      if (!can(actor, 'blog.write', blogResource(blog))) {
        throw forbidden('articles.membersOnlyWrite');
      }
      await safety.checkBreakthrough(actor);
      const tags = acceptedTags(input.tags ?? []);
      const body = await renderForStorage(input.content, actor, {
        title: input.title,
        tags,
        problem: input.problem,
        solution: input.solution,
        blogName: blog.name,
        authorName: actor.userName,
      });
      const articleId = await repo.transaction(async (tx) => {
        const id = await repo.insert(
          {
            blogId: blog.id,
            authorId: actor.userId,
            title: input.title,
            content: input.content,
            about: input.about,
            problem: input.problem,
            solution: input.solution,
            problemRef: input.problemRef ?? null,
            solutionRef: input.solutionRef ?? null,
            tags,
          },
          body,
          tx,
        );
        await revisions.recordCurrent(id, actor.userId, tx);
        await within?.(tx, id);
        return id;
      });
      lists.changed({
        kind: 'added',
        article: {
          id: articleId,
          title: input.title,
          blogId: blog.id,
          blogName: blog.name,
          about: input.about,
        },
      });
      await events.emit('article.changed', { articleId, blogId: blog.id });
      return { articleId, blogId: blog.id, message: POSTED };
    },

    async update(
      actor: Actor,
      articleId: number,
      input: UpdateInput,
      within?: WithinWrite,
    ): Promise<Article> {
      const article = await articleResource(articleId);
      if (!can(actor, 'article.edit', article)) {
        throw forbidden('articles.authorsOnlyEdit');
      }
      if (input.blogId !== undefined && input.blogId !== article.blogId) {
        throw badRequest('articles.cannotMove', { blogId: article.blogId });
      }
      const tags = input.tags === undefined ? article.tags : acceptedTags(input.tags);
      const body = await renderForStorage(input.content, actor, {
        title: input.title,
        tags,
        problem: input.problem,
        solution: input.solution,
        blogName: article.listed.blogName,
        authorName: article.authorName,
      });
      await repo.transaction(async (tx) => {
        await revisions.ensureBaseline(articleId, tx);
        const updated = await repo.update(
          articleId,
          {
            title: input.title,
            content: input.content,
            about: input.about,
            problem: input.problem,
            solution: input.solution,
            // Left out, a ref is kept while its title is unchanged (as tags are kept).
            problemRef: keptRef({ title: input.problem, ref: input.problemRef }, article.problem),
            solutionRef: keptRef(
              { title: input.solution, ref: input.solutionRef },
              article.solution,
            ),
            tags,
          },
          body,
          tx,
        );
        if (!updated) throw notFound(ARTICLE_NOT_FOUND);
        await revisions.recordCurrent(articleId, actor.userId, tx);
        await within?.(tx, articleId);
      });
      lists.changed({
        kind: 'edited',
        before: article.listed,
        after: { ...article.listed, title: input.title, about: input.about },
      });
      forgetArticle(articleId);
      await events.emit('article.changed', { articleId, blogId: article.blogId });
      return get(articleId, actor);
    },

    async delete(actor: Actor, articleId: number): Promise<{ message: string }> {
      const article = await articleResource(articleId);
      if (!can(actor, 'article.delete', article)) {
        throw forbidden('articles.authorOnlyDelete');
      }
      await repo.delete(articleId);
      lists.changed({ kind: 'removed', articleId });
      forgetArticle(articleId);
      await events.emit('article.changed', { articleId, blogId: article.blogId });
      return { message: DELETED };
    },
  };
}

export type ArticlesService = ReturnType<typeof articlesService>;
