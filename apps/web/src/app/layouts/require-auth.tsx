import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../../lib/use-session';

/** Protected routes: visitors go to /login; nothing renders while the session is unknown. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'unknown') return <main className="page" aria-busy="true" />;
  if (session.status === 'out')
    return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
