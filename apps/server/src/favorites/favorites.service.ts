import type { BlogCard, FavoriteResult } from '@repolog/contract/blogs';
import type { Actor } from '@repolog/contract/permissions';
import { badRequest, notFound } from '../errors.js';
import type { Events } from '../events.js';
import { presentBlogCard, presentFavorite } from './favorites.presenter.js';
import type { FavoritesRepository } from './favorites.repository.js';

export interface FavoritesServiceDeps {
  repo: FavoritesRepository;
  events: Events;
  /** The official blog, left out of the home strip. */
  officialBlogId: number;
  now?: () => Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long the home strip is reused. Ranking needs every blog's favorite total (there is no
 * counter column), which is a scan of the favorites table, so it is computed at most once
 * per this interval, and again at once when this instance records a favorite or the blogs
 * table changes. Favorites recorded by other instances show within this time.
 */
export const HOME_BLOGS_TTL_MS = 10_000;

interface TopCache {
  fingerprint: string;
  at: number;
  cards: Promise<BlogCard[]>;
}

/** Favoriting (following) blogs, and the blog lists built from favorites. */
export function favoritesService(deps: FavoritesServiceDeps) {
  const { repo, events, officialBlogId } = deps;
  const now = deps.now ?? (() => new Date());
  let topCache: TopCache | undefined;

  async function loadTop(at: number): Promise<BlogCard[]> {
    return (await repo.topBlogs(new Date(at - DAY_MS), officialBlogId)).map(presentBlogCard);
  }

  return {
    /** PUT /api/blog/{blogId}/favorites: favorites the blog, or un-favorites it. */
    async toggle(actor: Actor, blogId: number, bodyBlogId?: number): Promise<FavoriteResult> {
      if (bodyBlogId !== undefined && bodyBlogId !== blogId) {
        throw badRequest(
          `blogId in the body (${bodyBlogId}) must match the blog in the path (${blogId}).`,
        );
      }
      if (!(await repo.blogExists(blogId))) throw notFound(`Blog ${blogId} was not found.`);
      const state = await repo.toggle(actor.userId, blogId);
      topCache = undefined;
      if (state.added) await events.emit('blog.favorited', { blogId, userId: actor.userId });
      return presentFavorite(state);
    },

    /** GET /api/home/blog */
    async top(): Promise<BlogCard[]> {
      const fingerprint = await repo.blogsFingerprint();
      const at = now().getTime();
      const cached = topCache;
      if (cached && cached.fingerprint === fingerprint && at - cached.at < HOME_BLOGS_TTL_MS) {
        return cached.cards;
      }
      // Concurrent readers share one computation; a failed one is not kept.
      const entry: TopCache = { fingerprint, at, cards: loadTop(at) };
      topCache = entry;
      entry.cards.catch(() => {
        if (topCache === entry) topCache = undefined;
      });
      return entry.cards;
    },

    /** GET /api/home/blog/like */
    async mine(actor: Actor): Promise<BlogCard[]> {
      return (await repo.favoritedBy(actor.userId)).map(presentBlogCard);
    },
  };
}

export type FavoritesService = ReturnType<typeof favoritesService>;
