import { GITHUB_LOGIN } from '@repolog/contract/constants';
import type { UserProfile } from '@repolog/contract/users';
import type { MetaProvider } from '../pages/pages.public.js';
import type { UsersService } from './users.service.js';

const USER_PAGE = /^\/user\/([A-Za-z0-9-]{1,39})\/?$/;

/** "Dana Kim (dana-kim)", or the login alone: the web app titles the page the same way. */
export function profileName(profile: Pick<UserProfile, 'login' | 'name'>): string {
  const name = profile.name?.trim();
  return name && name !== profile.login ? `${name} (${profile.login})` : profile.login;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** One line for search results and link previews. */
function describe(profile: UserProfile): string {
  const wrote = `${profileName(profile)} on Repolog: ${plural(profile.counts.breakthroughs, 'breakthrough')}`;
  const names = profile.blogs.map((blog) => blog.blogName);
  if (names.length === 0) return `${wrote}.`;
  const shown = names.slice(0, 3).join(', ');
  const more = names.length > 3 ? ` and ${names.length - 3} more` : '';
  return `${wrote}, writing in ${shown}${more}.`;
}

const isMissing = (error: unknown) => (error as { status?: unknown }).status === 404;

/** Page meta for /user/{login}: the person's name, what they wrote where, a ProfilePage. */
export function userMetaProvider(users: UsersService, publicUrl: string): MetaProvider {
  return async (request) => {
    const login = USER_PAGE.exec(request.url.split('?')[0] ?? '')?.[1];
    if (!login || !GITHUB_LOGIN.test(login)) return undefined;
    let profile: UserProfile;
    try {
      profile = await users.profile(login);
    } catch (error) {
      if (!isMissing(error)) request.log.warn({ err: error }, 'profile meta unavailable');
      return undefined;
    }
    const url = `${publicUrl}/user/${profile.login}`;
    return {
      title: `${profileName(profile)} · Repolog`,
      description: describe(profile),
      url,
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'ProfilePage',
        url,
        mainEntity: {
          '@type': 'Person',
          name: profile.name ?? profile.login,
          alternateName: profile.login,
          ...(profile.avatarUrl ? { image: profile.avatarUrl } : {}),
          url,
        },
      },
    };
  };
}
