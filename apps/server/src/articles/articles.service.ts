import type {
  Article,
  ArticleListItem,
  CreatedArticle,
  createArticleSchema,
  updateArticleSchema,
} from '@repolog/contract/articles';
import { can, type Actor, type ArticleResource } from '@repolog/contract/permissions';
import type { z } from 'zod';
import { badRequest, forbidden, notFound } from '../errors.js';
import type { Events } from '../events.js';
import type { CacheSync } from '../plugins/cache-sync.js';
import { microcache, PUBLIC_VIEW_TTL_MS } from '../plugins/microcache.js';
import { presentArticle, presentListItem } from './articles.presenter.js';
import { RenderError, type MarkdownRenderer } from './markdown-renderer.js';
import type { ArticleFilters, ArticlesRepository, BlogAccessRow } from './articles.repository.js';

type CreateInput = z.output<typeof createArticleSchema>;
type UpdateInput = z.output<typeof updateArticleSchema>;

export const ARTICLE_NOT_FOUND = 'This breakthrough does not exist.';
export const BLOG_NOT_FOUND = 'This blog does not exist.';
export const POSTED = 'Your breakthrough has been posted.';
export const DELETED = 'The Breakthrough is deleted.';

export interface ArticlesServiceDeps {
  repo: ArticlesRepository;
  officialBlogId: number;
  markdown: MarkdownRenderer;
  events: Events;
  cacheSync: CacheSync;
}

export const UNRENDERABLE =
  'content: this markdown cannot be displayed (it is nested too deeply or takes too long to render). Please simplify it.';

/**
 * How long this instance reuses the ordered ids matching one search/language (and so the
 * total), and each page built from them. Any page is a slice plus one primary-key read,
 * whatever its number or the number of articles, and a page asked for again within this time
 * costs nothing; this instance's own writes clear both at once, others catch up within it.
 */
export const LIST_CACHE_MS = 2000;

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
  markdown,
  events,
  cacheSync,
}: ArticlesServiceDeps) {
  /** A body is accepted only if it renders within the time limit (and is then cached). */
  const checkRenders = async (content: string) => {
    try {
      await markdown.render(content);
    } catch (error) {
      if (error instanceof RenderError) throw badRequest(UNRENDERABLE);
      throw error;
    }
  };

  const idLists = microcache<number[]>({ ttlMs: LIST_CACHE_MS, maxKeys: 64, name: 'article_ids' });
  const pages = microcache<ListResult>({
    ttlMs: LIST_CACHE_MS,
    maxKeys: 256,
    name: 'article_pages',
  });
  // What a visitor (no personal likeButton) sees of a popular article, reused for a second.
  const publicViews = microcache<Article>({
    ttlMs: PUBLIC_VIEW_TTL_MS,
    maxKeys: 512,
    name: 'article_views',
  });
  cacheSync.on('breakthroughLists', () => {
    pages.clear();
    idLists.clear();
  });
  cacheSync.on('article', (key) => publicViews.delete(key));
  const forgetLists = () => cacheSync.changed('breakthroughLists');
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
  ): Promise<ArticleResource & { blogId: number }> => {
    const owned = await repo.findOwnership(articleId);
    if (!owned) throw notFound(ARTICLE_NOT_FOUND);
    const blog = await repo.findBlogAccess(owned.blogId);
    if (!blog) throw notFound(ARTICLE_NOT_FOUND);
    return { userId: owned.authorId, blog: blogResource(blog), blogId: owned.blogId };
  };

  const detail = async (articleId: number, viewer: Actor | null): Promise<Article> => {
    const row = await repo.findDetail(articleId, viewer?.userId ?? null);
    if (!row) throw notFound(ARTICLE_NOT_FOUND);
    return presentArticle(row, await markdown.html(row.content));
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

    /**
     * Everyone reads the shared view; a signed-in reader's like and the like count (which their
     * own toggles change) are looked up fresh, so they always see their own action.
     */
    async get(articleId: number, viewer: Actor | null): Promise<Article> {
      const shared = publicViews.get(String(articleId), () => detail(articleId, null));
      if (!viewer) return shared;
      const [view, mine] = await Promise.all([
        shared,
        repo.findViewerState(articleId, viewer.userId),
      ]);
      if (!mine) throw notFound(ARTICLE_NOT_FOUND);
      return { ...view, likeCount: mine.likeCount, likeButton: mine.liked };
    },

    /** Articles went away with their blog: list again on the next read. */
    forgetLists,

    async create(actor: Actor, input: CreateInput): Promise<CreatedArticle> {
      const blog = await repo.findBlogAccess(input.blogId);
      if (!blog) throw notFound(BLOG_NOT_FOUND);
      if (!can(actor, 'blog.write', blogResource(blog))) {
        throw forbidden('Only members of this blog can write breakthroughs in it.');
      }
      await checkRenders(input.content);
      const articleId = await repo.insert({
        blogId: blog.id,
        authorId: actor.userId,
        title: input.title,
        content: input.content,
        about: input.about,
        problem: input.problem,
        solution: input.solution,
      });
      forgetLists();
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
      await checkRenders(input.content);
      const updated = await repo.update(articleId, {
        title: input.title,
        content: input.content,
        about: input.about,
        problem: input.problem,
        solution: input.solution,
      });
      if (!updated) throw notFound(ARTICLE_NOT_FOUND);
      forgetLists();
      forgetArticle(articleId);
      await events.emit('article.changed', { articleId, blogId: article.blogId });
      return detail(articleId, actor);
    },

    async delete(actor: Actor, articleId: number): Promise<{ message: string }> {
      const article = await articleResource(articleId);
      if (!can(actor, 'article.delete', article)) {
        throw forbidden('Only the author can delete this breakthrough.');
      }
      await repo.delete(articleId);
      forgetLists();
      forgetArticle(articleId);
      await events.emit('article.changed', { articleId, blogId: article.blogId });
      return { message: DELETED };
    },
  };
}

export type ArticlesService = ReturnType<typeof articlesService>;
