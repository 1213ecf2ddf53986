import { useParams } from 'react-router';
import { ArticleView } from '../../features/articles/components/article-view';

/** /breakthrough/{articleId}: the article reading page. */
export function ArticlePage() {
  const articleId = Number(useParams().articleId);
  return (
    <main className="page">
      <div className="container">
        <ArticleView key={articleId} articleId={articleId} />
      </div>
    </main>
  );
}
