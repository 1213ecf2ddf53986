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

/** Favoriting (following) blogs, and the blog lists built from favorites. */
export function favoritesService(deps: FavoritesServiceDeps) {
  const { repo, events, officialBlogId } = deps;
  const now = deps.now ?? (() => new Date());

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
      if (state.added) await events.emit('blog.favorited', { blogId, userId: actor.userId });
      return presentFavorite(state);
    },

    /** GET /api/home/blog */
    async top(): Promise<BlogCard[]> {
      const since = new Date(now().getTime() - DAY_MS);
      return (await repo.topBlogs(since, officialBlogId)).map(presentBlogCard);
    },

    /** GET /api/home/blog/like */
    async mine(actor: Actor): Promise<BlogCard[]> {
      return (await repo.favoritedBy(actor.userId)).map(presentBlogCard);
    },
  };
}

export type FavoritesService = ReturnType<typeof favoritesService>;
