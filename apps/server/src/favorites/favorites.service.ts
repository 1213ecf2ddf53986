import type { BlogCard, FavoriteResult } from '@repolog/contract/blogs';
import type { Actor } from '@repolog/contract/permissions';
import { badRequest, notFound } from '../errors.js';
import type { Outbox } from '../outbox/outbox.public.js';
import { presentBlogCard, presentFavorite } from './favorites.presenter.js';
import type { FavoritesRepository } from './favorites.repository.js';
import { microcache } from '../plugins/microcache.js';
import type { CdnPurge } from '../plugins/cdn-purge.js';

export interface FavoritesServiceDeps {
  repo: FavoritesRepository;
  outbox: Pick<Outbox, 'add' | 'deliver'>;
  /** The official blog, left out of the home strip. */
  officialBlogId: number;
  /** A favorite changes the count its blog's page and the home strip show. */
  cdn?: Pick<CdnPurge, 'purge'>;
  now?: () => Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long this instance reuses the home strip (the same for every visitor). This instance's
 * favorites clear it at once; favorites and blog changes elsewhere show within this time.
 */
export const HOME_BLOGS_TTL_MS = 2000;

/** Favoriting (following) blogs, and the blog lists built from favorites. */
export function favoritesService(deps: FavoritesServiceDeps) {
  const { repo, outbox, officialBlogId } = deps;
  const now = deps.now ?? (() => new Date());
  const topCache = microcache<BlogCard[]>({
    ttlMs: HOME_BLOGS_TTL_MS,
    maxKeys: 1,
    name: 'home_blogs',
  });

  return {
    /** PUT /api/blog/{blogId}/favorites: favorites the blog, or un-favorites it. */
    async toggle(actor: Actor, blogId: number, bodyBlogId?: number): Promise<FavoriteResult> {
      if (bodyBlogId !== undefined && bodyBlogId !== blogId) {
        throw badRequest('favorites.blogMismatch', { bodyBlogId, blogId });
      }
      if (!(await repo.blogExists(blogId))) throw notFound('blogs.notFound', { blogId });
      const { state, events } = await repo.transaction(async (tx) => {
        const toggled = await repo.toggle(actor.userId, blogId, tx);
        const added = toggled.added
          ? [await outbox.add(tx, 'blog.favorited', { blogId, userId: actor.userId })]
          : [];
        return { state: toggled, events: added };
      });
      topCache.clear();
      deps.cdn?.purge([`blog:${blogId}`, 'home']);
      await outbox.deliver(events);
      return presentFavorite(state);
    },

    /** A blog changed in a way the home strip shows (deleted): rank again on the next read. */
    forgetTop(): void {
      topCache.clear();
    },

    /** GET /api/home/blog */
    top(): Promise<BlogCard[]> {
      return topCache.get('top', async () =>
        (await repo.topBlogs(new Date(now().getTime() - DAY_MS), officialBlogId)).map(
          presentBlogCard,
        ),
      );
    },

    /** GET /api/home/blog/like */
    async mine(actor: Actor): Promise<BlogCard[]> {
      return (await repo.favoritedBy(actor.userId)).map(presentBlogCard);
    },
  };
}

export type FavoritesService = ReturnType<typeof favoritesService>;
