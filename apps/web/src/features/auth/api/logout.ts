import { api } from '../../../lib/api-client';
import { LOGGED_IN_COOKIE, removeCookie } from '../../../lib/cookies';

/** POST /api/auth/logout, then forget the session and land on /login (spec §4). */
export async function logout(): Promise<void> {
  try {
    await api('/api/auth/logout', { method: 'POST', noRefresh: true });
  } catch (error) {
    console.error('logout failed', error);
  }
  removeCookie(LOGGED_IN_COOKIE);
  window.location.assign('/login');
}

/** DELETE /api/auth/delete-account, then the logout of spec §2. */
export async function deleteAccount(): Promise<void> {
  try {
    await api('/api/auth/delete-account', { method: 'DELETE' });
  } catch (error) {
    console.error('account deletion failed', error);
    return;
  }
  removeCookie(LOGGED_IN_COOKIE);
  window.location.assign('/login');
}
