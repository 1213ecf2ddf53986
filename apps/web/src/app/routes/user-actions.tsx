import { useQuery } from '@tanstack/react-query';
import { userProfileQuery } from '../../features/users/api/user-profile';
import { isLogin } from '../../features/users/lib/profile-page';
import { UserSafetyActions } from '../../features/safety/components/user-safety-actions';
import { useSession } from '../../lib/use-session';

/** Report and Block under a profile, for signed-in readers, once the profile is known. */
export function UserActions({ login }: { login: string }) {
  const signedIn = useSession().status === 'in';
  const { data: profile } = useQuery({
    ...userProfileQuery(login),
    enabled: signedIn && isLogin(login),
  });
  if (!signedIn || !profile) return null;
  return <UserSafetyActions login={profile.login} userId={profile.userId} />;
}
