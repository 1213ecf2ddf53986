import { Link } from 'react-router';

export function NotFoundPage() {
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
