import { SearchResults } from '../../features/search/components/search-results';

/** /search?q=&tag=&lang=&blog=&sort=&page=: full-text search (server-rendered, shareable). */
export function SearchPage() {
  return (
    <main className="page">
      <div className="container">
        <SearchResults />
      </div>
    </main>
  );
}
