import type { CheckUser } from '@repolog/contract/users';
import { api } from '../../../lib/api-client';

/** GET /api/check-user?username= — whether a GitHub account with this login exists. */
export async function checkGithubUser(username: string): Promise<boolean> {
  const result = await api<CheckUser>(`/api/check-user?username=${encodeURIComponent(username)}`);
  return result.isexists;
}
