import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <main className="page">
      <div className="container">
        <h1>Page not found</h1>
        <p>There is nothing at this address.</p>
        <p>
          <Link to="/home">Go to Home</Link>
        </p>
      </div>
    </main>
  );
}
