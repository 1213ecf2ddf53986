import { GITHUB_LOGIN } from '@repolog/contract/constants';
import type { UserProfile } from '@repolog/contract/users';
import { isValidId } from '../../../lib/format';

/** Whether an address's login could be a GitHub login (else the page is not found). */
export const isLogin = (login: string | undefined): login is string =>
  login !== undefined && GITHUB_LOGIN.test(login);

/** The list page in the address (?page=), 1 when absent or not a page number. */
export function readPage(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return isValidId(page) ? page : 1;
}

/** "Dana Kim (dana-kim)", or the login alone: the server titles the page the same way. */
export function profileName(profile: Pick<UserProfile, 'login' | 'name'>): string {
  const name = profile.name?.trim();
  return name && name !== profile.login ? `${name} (${profile.login})` : profile.login;
}
