import { queryOptions } from '@tanstack/react-query';
import type { AuthStatus } from '@repolog/contract/auth';
import { api, ApiError } from '../../../lib/api-client';

export const LOGGED_OUT_STATUS: AuthStatus = {
  loggedIn: false,
  message: 'Access token is missing',
};

/** GET /api/auth/status; a 401 counts as logged out (spec §7). */
export async function getAuthStatus(): Promise<AuthStatus> {
  try {
    return await api<AuthStatus>('/api/auth/status');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return LOGGED_OUT_STATUS;
    throw error;
  }
}

export const authStatusQuery = queryOptions({
  queryKey: ['auth', 'status'],
  queryFn: getAuthStatus,
  staleTime: Infinity,
  retry: false,
});
