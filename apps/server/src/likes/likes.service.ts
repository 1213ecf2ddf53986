import type { ArticleListItem, HomeArticle, LikeResult } from '@repolog/contract/articles';
import { HOME_TOP } from '@repolog/contract/constants';
import type { Actor } from '@repolog/contract/permissions';
import type { ArticleFilters, ArticleLists } from '../articles/articles.public.js';
import { badRequest, notFound } from '../errors.js';
import { microcache } from '../plugins/microcache.js';
import type { Outbox } from '../outbox/outbox.public.js';
import type { CacheSync } from '../plugins/cache-sync.js';
import type { CdnPurge } from '../plugins/cdn-purge.js';
import type { LikesRepository } from './likes.repository.js';

export interface LikesServiceDeps {
  repo: LikesRepository;
  outbox: Pick<Outbox, 'add' | 'deliver'>;
  /** The rows of the home ranking and of the liked list. */
  articles: Pick<ArticleLists, 'items' | 'likedBy'>;
  officialBlogId: number;
  /** A like changes the count its breakthrough's page and the home ranking show. */
  cdn?: Pick<CdnPurge, 'purge'>;
  /** A breakthrough hidden or shown again (or deleted) leaves or joins the ranking at once. */
  cacheSync?: Pick<CacheSync, 'on'>;
}

/**
 * How long this instance may answer the home top 10 from memory. The ranking aggregates the
 * last day's likes, so a burst of home page views costs one query; a like shows up in the
 * ranking within this time.
 */
export const HOME_CACHE_MS = 2000;

/** Liking breakthroughs, the home ranking and the user's liked list. */
export function likesService(deps: LikesServiceDeps) {
  const { repo, outbox, articles, officialBlogId } = deps;
  const homeCache = microcache<HomeArticle[]>({
    ttlMs: HOME_CACHE_MS,
    maxKeys: 1,
    name: 'home_articles',
  });
  deps.cacheSync?.on('breakthroughLists', () => homeCache.clear());
  return {
    /**
     * Toggles the actor's like. Whether the like was added or removed is decided by which
     * statement actually changed a row, so concurrent toggles never double-count.
     */
    async toggle(
      actor: Actor,
      articleId: number,
      bodyArticleId: number | undefined,
    ): Promise<LikeResult> {
      if (bodyArticleId !== undefined && bodyArticleId !== articleId) {
        throw badRequest('likes.articleMismatch', { bodyArticleId, articleId });
      }
      const { result, events } = await repo.transaction(async (tx) => {
        if (!(await repo.lockArticle(articleId, tx))) {
          throw notFound('articles.notFound');
        }
        if (await repo.add(actor.userId, articleId, tx)) {
          const likeCount = await repo.bumpCount(articleId, 1, tx);
          const event = await outbox.add(tx, 'article.liked', { articleId, userId: actor.userId });
          return { result: { likeButton: true, likeCount }, events: [event] };
        }
        if (await repo.remove(actor.userId, articleId, tx)) {
          const likeCount = await repo.bumpCount(articleId, -1, tx);
          return { result: { likeButton: false, likeCount }, events: [] };
        }
        const likeCount = await repo.bumpCount(articleId, 0, tx);
        return { result: { likeButton: false, likeCount }, events: [] };
      });
      deps.cdn?.purge([`article:${articleId}`, 'home']);
      await outbox.deliver(events);
      return result;
    },

    /** GET /api/home/article: the top 10 of today, the official notices left out. */
    async home(): Promise<HomeArticle[]> {
      return homeCache.get('top', async () => {
        const ids = await repo.homeRanking({ excludeBlogId: officialBlogId, limit: HOME_TOP });
        return articles.items(ids);
      });
    },

    /** GET /api/home/article/like: what the actor liked, newest like first. */
    async liked(
      actor: Actor,
      filters: ArticleFilters,
      window: { offset: number; limit: number },
    ): Promise<{ items: ArticleListItem[]; total: number }> {
      return articles.likedBy(actor.userId, filters, window);
    },
  };
}

export type LikesService = ReturnType<typeof likesService>;
