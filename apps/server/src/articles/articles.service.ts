import type {
  Article,
  ArticleListItem,
  CreatedArticle,
  createArticleSchema,
  updateArticleSchema,
} from '@repolog/contract/articles';
import { can, type Actor, type ArticleResource } from '@repolog/contract/permissions';
import type { z } from 'zod';
import { AppError, badRequest, forbidden, notFound } from '../errors.js';
import type { Events } from '../events.js';
import type { CacheSync } from '../plugins/cache-sync.js';
import { microcache, PUBLIC_VIEW_TTL_MS } from '../plugins/microcache.js';
import { escapedBody, RENDER_VERSION, type StoredBody } from './article-body.js';
import { presentArticle, presentListItem } from './articles.presenter.js';
import {
  decodeListChange,
  encodeListChange,
  inList,
  prepend,
  without,
  type ListChange,
  type ListedArticle,
} from './list-changes.js';
import type { ArticleFilters, ArticlesRepository, BlogAccessRow } from './articles.repository.js';
import type { RenderBackfill } from './render-backfill.js';
import { RenderError, RenderRefusedError, type RenderPool } from './render-pool.js';

type CreateInput = z.output<typeof createArticleSchema>;
type UpdateInput = z.output<typeof updateArticleSchema>;

export const ARTICLE_NOT_FOUND = 'This breakthrough does not exist.';
export const BLOG_NOT_FOUND = 'This blog does not exist.';
export const POSTED = 'Your breakthrough has been posted.';
export const DELETED = 'The Breakthrough is deleted.';

export interface ArticlesServiceDeps {
  repo: ArticlesRepository;
  officialBlogId: number;
  renderPool: Pick<RenderPool, 'render'>;
  /** Re-renders bodies that reads find unrendered or from an older pipeline. */
  backfill: Pick<RenderBackfill, 'request'>;
  events: Events;
  cacheSync: CacheSync;
}

export const UNRENDERABLE =
  'content: this markdown cannot be displayed (it is nested too deeply or takes too long to render). Please simplify it.';
export const TOO_MANY_RENDERS =
  'You are already saving several breakthroughs at once. Wait until they are saved, then try again.';
export const RENDERER_BUSY =
  'The server is busy saving other breakthroughs. Please try again in a few seconds.';

/**
 * How long this instance reuses a list page it built (a slice of an id list plus one
 * primary-key read, whatever its number or the number of articles).
 */
export const LIST_CACHE_MS = 2000;

/**
 * How long this instance trusts the ordered ids matching one search/language (and so the
 * total) without reading them again. Every change that moves lists reaches every instance at
 * once (cache-sync): a new or deleted breakthrough is applied to the ids in place, an edit
 * drops only the lists it joins or leaves, a blog renamed or deleted drops them all. So this
 * expiry is only the fallback should a change notice be lost; reading every matching id costs
 * in proportion to the articles, so it is rare.
 */
export const ID_LIST_TTL_MS = 60_000;

/**
 * Past ID_LIST_TTL_MS, an id list keeps answering for this long while it is read again in the
 * background: no request waits for that read (only the first after a change that dropped it).
 */
export const ID_LIST_STALE_MS = 10 * 60_000;

type ListResult = { items: ArticleListItem[]; total: number };

const blogResource = (blog: BlogAccessRow) => ({
  members: blog.members,
  owner: blog.owner,
  memberIds: blog.memberIds.map(Number),
  ownerId: blog.ownerId,
});

/** Breakthroughs: the public list and page, and the author's writes. */
export function articlesService({
  repo,
  officialBlogId,
  renderPool,
  backfill,
  events,
  cacheSync,
}: ArticlesServiceDeps) {
  /**
   * A body -> what is stored with it (sanitized HTML, plain text, pipeline version), rendered
   * in the pool under the writer's name. The one place a body is rendered for a write: 400
   * when the body cannot be rendered, 429 when the writer has too many renders going, 503 when
   * the pool's queue is full.
   */
  const renderForStorage = async (content: string, author: Actor): Promise<StoredBody> => {
    try {
      return await renderPool.render(content, `user:${author.userId}`);
    } catch (error) {
      if (error instanceof RenderError) throw badRequest(UNRENDERABLE);
      if (error instanceof RenderRefusedError) {
        throw error.reason === 'owner'
          ? new AppError('rate_limited', TOO_MANY_RENDERS)
          : new AppError('service_unavailable', RENDERER_BUSY);
      }
      throw error;
    }
  };

  const idLists = microcache<Int32Array>({
    ttlMs: ID_LIST_TTL_MS,
    staleMs: ID_LIST_STALE_MS,
    maxKeys: 64,
  });
  const pages = microcache<ListResult>({ ttlMs: LIST_CACHE_MS, maxKeys: 256 });
  // What a visitor (no personal likeButton) sees of a popular article, reused for a second.
  const publicViews = microcache<Article>({ ttlMs: PUBLIC_VIEW_TTL_MS, maxKeys: 512 });
  // A new or deleted breakthrough changes the cached id lists in place (reading every id again
  // costs in proportion to the articles, for every search and language); other changes, and
  // anything this instance cannot read, make every list be read again.
  cacheSync.on('breakthroughLists', (key) => {
    pages.clear();
    const change = decodeListChange(key);
    if (change.kind === 'any') {
      idLists.clear();
      return;
    }
    idLists.update((listKey, ids) => {
      if (change.kind === 'removed') return without(ids, change.articleId);
      const [q, lang] = JSON.parse(listKey) as [string | null, string | null];
      const filters = { q, lang };
      if (change.kind === 'edited') {
        // Where it was listed it stays (its date does not move); a list it joins or leaves is
        // read again.
        const was = inList(change.before, filters, officialBlogId);
        return was === inList(change.after, filters, officialBlogId) ? ids : undefined;
      }
      const belongs = inList(change.article, filters, officialBlogId);
      // A list read after the insert already has it (it is among the newest).
      return belongs && !ids.subarray(0, 1000).includes(change.article.id)
        ? prepend(ids, change.article.id)
        : ids;
    });
  });
  cacheSync.on('article', (key) => publicViews.delete(key));
  const listsChanged = (change: ListChange) =>
    cacheSync.changed('breakthroughLists', encodeListChange(change));
  const forgetLists = () => listsChanged({ kind: 'any' });
  const forgetArticle = (articleId: number) => cacheSync.changed('article', String(articleId));

  const list = async (
    filters: ArticleFilters,
    window: { offset: number; limit: number },
  ): Promise<ListResult> => {
    const ids = await idLists.get(JSON.stringify([filters.q, filters.lang]), () =>
      repo.listBreakthroughIds({ filters, excludeBlogId: officialBlogId }),
    );
    const rows = await repo.findListRows(ids.slice(window.offset, window.offset + window.limit));
    return { items: rows.map(presentListItem), total: ids.length };
  };

  /** The article as can() sees it; 404 when it does not exist. */
  const articleResource = async (
    articleId: number,
  ): Promise<ArticleResource & { blogId: number; listed: ListedArticle }> => {
    const owned = await repo.findOwnership(articleId);
    if (!owned) throw notFound(ARTICLE_NOT_FOUND);
    const blog = await repo.findBlogAccess(owned.blogId);
    if (!blog) throw notFound(ARTICLE_NOT_FOUND);
    return {
      userId: owned.authorId,
      blog: blogResource(blog),
      blogId: owned.blogId,
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
  const detail = async (articleId: number): Promise<Article> => {
    const row = await repo.findDetail(articleId);
    if (!row) throw notFound(ARTICLE_NOT_FOUND);
    if (row.renderVersion < RENDER_VERSION) backfill.request(articleId);
    return presentArticle(row, row.contentHtml ?? escapedBody(row.content));
  };

  /**
   * Everyone reads the shared view; a signed-in reader's like and the like count (which their
   * own toggles change) are looked up fresh, so they always see their own action.
   */
  const get = async (articleId: number, viewer: Actor | null): Promise<Article> => {
    const shared = publicViews.get(String(articleId), () => detail(articleId));
    if (!viewer) return shared;
    const [view, mine] = await Promise.all([
      shared,
      repo.findViewerState(articleId, viewer.userId),
    ]);
    if (!mine) throw notFound(ARTICLE_NOT_FOUND);
    return { ...view, likeCount: mine.likeCount, likeButton: mine.liked };
  };

  return {
    /** Every breakthrough but the official notices, newest first (spec §5). */
    async listBreakthroughs(
      filters: ArticleFilters,
      window: { offset: number; limit: number },
    ): Promise<ListResult> {
      const key = JSON.stringify([filters.q, filters.lang, window.offset, window.limit]);
      return pages.get(key, () => list(filters, window));
    },

    get,

    /** Articles went away with their blog: list again on the next read. */
    forgetLists,

    renderForStorage,

    async create(actor: Actor, input: CreateInput): Promise<CreatedArticle> {
      const blog = await repo.findBlogAccess(input.blogId);
      if (!blog) throw notFound(BLOG_NOT_FOUND);
      if (!can(actor, 'blog.write', blogResource(blog))) {
        throw forbidden('Only members of this blog can write breakthroughs in it.');
      }
      const body = await renderForStorage(input.content, actor);
      const articleId = await repo.insert(
        {
          blogId: blog.id,
          authorId: actor.userId,
          title: input.title,
          content: input.content,
          about: input.about,
          problem: input.problem,
          solution: input.solution,
        },
        body,
      );
      listsChanged({
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

    async update(actor: Actor, articleId: number, input: UpdateInput): Promise<Article> {
      const article = await articleResource(articleId);
      if (!can(actor, 'article.edit', article)) {
        throw forbidden('Only the author can edit this breakthrough.');
      }
      if (input.blogId !== undefined && input.blogId !== article.blogId) {
        throw badRequest(
          `blogId must be ${article.blogId}, the blog this breakthrough belongs to; a breakthrough cannot move to another blog.`,
        );
      }
      const body = await renderForStorage(input.content, actor);
      const updated = await repo.update(
        articleId,
        {
          title: input.title,
          content: input.content,
          about: input.about,
          problem: input.problem,
          solution: input.solution,
        },
        body,
      );
      if (!updated) throw notFound(ARTICLE_NOT_FOUND);
      listsChanged({
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
        throw forbidden('Only the author can delete this breakthrough.');
      }
      await repo.delete(articleId);
      listsChanged({ kind: 'removed', articleId });
      forgetArticle(articleId);
      await events.emit('article.changed', { articleId, blogId: article.blogId });
      return { message: DELETED };
    },
  };
}

export type ArticlesService = ReturnType<typeof articlesService>;
