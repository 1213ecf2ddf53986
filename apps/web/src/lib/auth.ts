import { queryOptions } from '@tanstack/react-query';
import type { AuthStatus } from '@repolog/contract/auth';
import { api, ApiError } from './api-client';

export const LOGGED_OUT_STATUS: AuthStatus = {
  loggedIn: false,
  message: 'Access token is missing',
};

/** Who is signed in: every page the browser renders asks it first (the header, members' pages). */
export const SESSION_PATH = '/api/auth/status';

/** GET /api/auth/status; a 401 counts as logged out (spec §7). */
export async function getAuthStatus(): Promise<AuthStatus> {
  try {
    return await api<AuthStatus>(SESSION_PATH);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return LOGGED_OUT_STATUS;
    throw error;
  }
}

/** Query keys of the session: the ones a wide write keeps (stale-reads.ts). */
export const authKeys = { all: ['auth'], status: ['auth', 'status'] } as const;

/** Who is signed in (spec §4): asked once at app start and after signing in. */
export const authStatusQuery = queryOptions({
  queryKey: authKeys.status,
  queryFn: getAuthStatus,
  staleTime: Infinity,
  retry: false,
});
