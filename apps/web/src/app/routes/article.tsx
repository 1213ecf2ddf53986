import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { ArticleView } from '../../features/articles/components/article-view';
import type { CommentsPart } from '../../features/articles/components/reader-islands';
import { authStatusQuery } from '../../lib/auth';
import { loadedComponent } from '../../lib/island';
import { useHydrated } from '../../lib/use-hydrated';

// The comments come in the server's HTML; their code arrives in a chunk of its own once the
// article's is running, and React hydrates them then.
const { Code: CommentsSection, code: loadComments } = loadedComponent(() =>
  import('../../features/comments/components/comments-section').then((m) => m.CommentsSection),
);

// Report (and, for its author, why it is hidden) is for signed-in readers: loaded after the page.
const ArticleSafety = lazy(() =>
  import('../../components/article-safety').then((m) => ({ default: m.ArticleSafety })),
);

const comments: CommentsPart = {
  render: (articleId, closing) => <CommentsSection articleId={articleId} {...closing} />,
  load: loadComments,
};

/** /breakthrough/{articleId}: the article reading page, with its comments. */
export function ArticlePage() {
  const articleId = Number(useParams().articleId);
  const hydrated = useHydrated();
  // The header asks who is signed in; this page only reads the answer.
  const { data: status } = useQuery({ ...authStatusQuery, enabled: false });
  return (
    <main className="page">
      <div className="container">
        {hydrated && status?.loggedIn && (
          <Suspense fallback={null}>
            <ArticleSafety articleId={articleId} />
          </Suspense>
        )}
        <ArticleView key={articleId} articleId={articleId} comments={comments} />
      </div>
    </main>
  );
}
