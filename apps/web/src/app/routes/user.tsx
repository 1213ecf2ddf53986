import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { UserProfile } from '../../features/users/components/user-profile';
import { authStatusQuery } from '../../lib/auth';
import { useHydrated } from '../../lib/use-hydrated';

// Report and Block are for signed-in readers: their code loads after the page is running, so
// the public page's first load stays within its budget.
const UserActions = lazy(() => import('./user-actions').then((m) => ({ default: m.UserActions })));

/** /user/{login}: a user's profile page. */
export function UserPage() {
  const { login } = useParams();
  const hydrated = useHydrated();
  // The header asks who is signed in; this page only reads the answer.
  const { data: status } = useQuery({ ...authStatusQuery, enabled: false });
  return (
    <main className="page">
      <div className="container">
        <UserProfile key={login?.toLowerCase()} login={login} />
        {hydrated && status?.loggedIn && login && (
          <Suspense fallback={null}>
            <UserActions login={login} />
          </Suspense>
        )}
      </div>
    </main>
  );
}
