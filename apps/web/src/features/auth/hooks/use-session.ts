import { useQuery } from '@tanstack/react-query';
import { authStatusQuery } from '../api/auth-status';

export type SessionState =
  { status: 'unknown' } | { status: 'out' } | { status: 'in'; userId: number; userName: string };

/** Who is signed in, as decided by the status call at app start (spec §4). */
export function useSession(): SessionState {
  const { data, isError } = useQuery(authStatusQuery);
  // A failed status call counts as signed out (SessionSync handles the expiry alert).
  if (isError) return { status: 'out' };
  if (!data) return { status: 'unknown' };
  if (data.loggedIn && data.userId !== undefined && data.userName !== undefined) {
    return { status: 'in', userId: data.userId, userName: data.userName };
  }
  return { status: 'out' };
}
