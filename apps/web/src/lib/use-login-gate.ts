import { useNavigate } from 'react-router';
import { i18n } from '../i18n';
import { useSession } from './use-session';

/** The spec's alert (English; Korean readers see its translation). */
export const LOGIN_TO_USE_ALERT = 'Please log in to use this feature.';

const messages = i18n('useLoginGate', { loginToUse: LOGIN_TO_USE_ALERT });

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
      window.alert(messages.get().loginToUse);
      void navigate('/login');
      return false;
    }
    return session.status === 'in';
  };
}
