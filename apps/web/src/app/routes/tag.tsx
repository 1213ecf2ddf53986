import { TagResults } from '../../features/search/components/tag-results';

/** /tag/{name}?sort=&page=: a tag's breakthroughs (server-rendered, with its RSS feed). */
export function TagPage() {
  return (
    <main className="page">
      <div className="container">
        <TagResults />
      </div>
    </main>
  );
}
