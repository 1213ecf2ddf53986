import { useParams } from 'react-router';
import { UserProfile } from '../../features/users/components/user-profile';

/** /user/{login}: a user's profile page. */
export function UserPage() {
  const { login } = useParams();
  return (
    <main className="page">
      <div className="container">
        <UserProfile key={login?.toLowerCase()} login={login} />
      </div>
    </main>
  );
}
