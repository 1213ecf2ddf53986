import type { ArticleListItem } from '@repolog/contract/articles';
import type { UserProfile } from '@repolog/contract/users';
import type { ArticleLists } from '../articles/articles.public.js';
import type { BlogMemberships } from '../blogs/blogs.public.js';
import { notFound } from '../errors.js';
import { microcache, PUBLIC_VIEW_TTL_MS } from '../plugins/microcache.js';
import { presentProfile } from './users.presenter.js';
import type { UserRow, UsersRepository } from './users.repository.js';

export interface UsersServiceDeps {
  repo: UsersRepository;
  /** The breakthroughs a profile lists. */
  articles: Pick<ArticleLists, 'authoredBy'>;
  /** The blogs a profile names. */
  memberships: Pick<BlogMemberships, 'blogsOf'>;
}

/** Profiles: who someone is on Repolog, their blogs and what they wrote. Public reads. */
export function usersService({ repo, articles, memberships }: UsersServiceDeps) {
  /** The account behind a login, whatever its case (GitHub logins ignore case). */
  const find = async (login: string): Promise<UserRow> => {
    const user = await repo.findByLogin(login);
    if (!user) throw notFound('users.notFound', { login });
    return user;
  };

  // A profile page asks twice (its meta tags and its HTML) and is the same for everyone: one
  // load serves both, and a burst of views, for a second.
  const profiles = microcache<UserProfile>({
    ttlMs: PUBLIC_VIEW_TTL_MS,
    maxKeys: 256,
    name: 'user_profiles',
  });

  return {
    /** GET /api/user/{login} */
    async profile(login: string): Promise<UserProfile> {
      return profiles.get(login.toLowerCase(), async () => {
        const user = await find(login);
        const [blogs, counts] = await Promise.all([
          memberships.blogsOf(user.id),
          repo.countsOf(user.id),
        ]);
        return presentProfile(user, blogs, counts);
      });
    },

    /** Something a profile shows changed (a breakthrough, a blog, a comment): load afresh. */
    forgetProfiles(): void {
      profiles.clear();
    },

    /** GET /api/user/{login}/breakthroughs: what the user wrote, newest first. */
    async breakthroughs(
      login: string,
      window: { offset: number; limit: number },
    ): Promise<{ items: ArticleListItem[]; total: number }> {
      const user = await find(login);
      return articles.authoredBy(user.id, window);
    },
  };
}

export type UsersService = ReturnType<typeof usersService>;
