import { lazy } from 'react';
import { useParams } from 'react-router';
import { ArticleView } from '../../features/articles/components/article-view';

// The comments come in the server's HTML; their code arrives in a chunk of its own once the
// article's is running, and React hydrates them then.
const CommentsSection = lazy(() =>
  import('../../features/comments/components/comments-section').then((m) => ({
    default: m.CommentsSection,
  })),
);

const comments = (articleId: number) => <CommentsSection articleId={articleId} />;

/** /breakthrough/{articleId}: the article reading page, with its comments. */
export function ArticlePage() {
  const articleId = Number(useParams().articleId);
  return (
    <main className="page">
      <div className="container">
        <ArticleView key={articleId} articleId={articleId} comments={comments} />
      </div>
    </main>
  );
}
