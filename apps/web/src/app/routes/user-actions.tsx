import { useQuery } from '@tanstack/react-query';
import { userProfileQuery } from '../../features/users/api/user-profile';
import { UserSafetyActions } from '../../features/safety/components/user-safety-actions';

/** Report and Block under a profile, once the profile (already in the cache) is known. */
export function UserActions({ login }: { login: string }) {
  const { data: profile } = useQuery(userProfileQuery(login));
  if (!profile) return null;
  return <UserSafetyActions login={profile.login} userId={profile.userId} />;
}
