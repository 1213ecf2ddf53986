import { useQuery } from '@tanstack/react-query';
import { useHydrated } from './use-hydrated';
import { authStatusQuery } from './auth';

export type SessionState =
  { status: 'unknown' } | { status: 'out' } | { status: 'in'; userId: number; userName: string };

/** The signed-in reader's id, or null: whose copy of a personal query to read. */
export const viewerOf = (session: SessionState): number | null =>
  session.status === 'in' ? session.userId : null;

/**
 * Who is signed in, as decided by the status call at app start (spec §4). While a part of a
 * server-rendered page hydrates it is 'unknown', as it was on the server (everyone gets the same
 * HTML), even if the status call has answered meanwhile; the reader's own parts follow right
 * after.
 */
export function useSession(): SessionState {
  const hydrated = useHydrated();
  const { data, isError } = useQuery(authStatusQuery);
  if (!hydrated) return { status: 'unknown' };
  // A failed status call counts as signed out (SessionSync handles the expiry alert).
  if (isError) return { status: 'out' };
  if (!data) return { status: 'unknown' };
  if (data.loggedIn && data.userId !== undefined && data.userName !== undefined) {
    return { status: 'in', userId: data.userId, userName: data.userName };
  }
  return { status: 'out' };
}
