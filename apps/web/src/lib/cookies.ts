/** The SPA's own, readable login marker (spec §3): value true, 7 days, path /. */
export const LOGGED_IN_COOKIE = 'isLoggedIn';

export function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export function setLoggedInCookie(): void {
  document.cookie = `${LOGGED_IN_COOKIE}=true; Max-Age=${7 * 24 * 60 * 60}; path=/; SameSite=Lax`;
}

export function removeCookie(name: string): void {
  document.cookie = `${name}=; Max-Age=0; path=/`;
}

export const isLoggedInCookieSet = () => readCookie(LOGGED_IN_COOKIE) === 'true';
