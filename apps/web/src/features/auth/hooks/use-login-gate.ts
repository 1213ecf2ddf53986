import { useNavigate } from 'react-router';
import { useSession } from './use-session';

export const LOGIN_TO_USE_ALERT = 'Please log in to use this feature.';

/**
 * For actions only signed-in users may take (like, favorite): a visitor gets the spec's alert
 * and goes to /login. The returned check is true when the action may go ahead (false while the
 * session is still unknown, too).
 */
export function useLoginGate(): () => boolean {
  const session = useSession();
  const navigate = useNavigate();
  return () => {
    if (session.status === 'out') {
      window.alert(LOGIN_TO_USE_ALERT);
      void navigate('/login');
      return false;
    }
    return session.status === 'in';
  };
}
