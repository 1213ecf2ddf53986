import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Article } from '@repolog/contract/articles';
import { can } from '@repolog/contract/permissions';
import { lazy, Suspense, useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { Link } from 'react-router';
import { TimeAgo } from '../../../components/ui/time-ago';
import { ApiError } from '../../../lib/api-client';
import { isValidId } from '../../../lib/format';
import { i18n, useMessages } from '../../../i18n';
import { articleQuery } from '../../../lib/article-record';
import { blogQuery } from '../../../lib/blog-record';
import { useSession, viewerOf } from '../../../lib/use-session';
import { RelatedIsland, SeriesIsland } from './companion-islands';
import { ArticleFacts } from './article-facts';
import { ArticleSkeleton } from './article-skeleton';
import { GoToBlogCard } from './go-to-blog-card';
import { MarkdownView } from '../../../components/markdown-view';
import styles from './article-view.module.css';
import { useDocumentTitle } from '../../../lib/use-document-title';

const messages = i18n('articleView', {
  title: 'Breakthrough',
  notFoundTitle: 'Breakthrough not found',
  notFound: 'Breakthrough not found.',
  loadFailed: 'This breakthrough could not be loaded.',
  retry: 'Try again',
  by: 'by ',
  with: ' with ',
  editedBefore: 'Edited ',
  editedAfter: '',
  history: 'History',
  stats: 'Stats',
  tags: 'Tags',
});

// The author's menu is theirs alone: its code (menu, dialog) loads when it is needed.
const ArticleOptions = lazy(() =>
  import('./article-options').then((m) => ({ default: m.ArticleOptions })),
);
// The heart comes in the server's HTML; its code arrives in a chunk of its own once the
// article's is running, and React hydrates it then (a click before that is replayed), so
// reading starts sooner on slow phones. The page's comments (its `comments` part) do the same.
const LikeButton = lazy(() => import('./like-button').then((m) => ({ default: m.LikeButton })));
// The repository cards are not in the server's HTML: their code and their items' states load
// after the page runs, so the first load of the page stays within its budget.
const RepoRefCards = lazy(() =>
  import('./repo-ref-cards').then((m) => ({ default: m.RepoRefCards })),
);

const noSubscription = () => () => undefined;
const inBrowser = () => true;
const onServer = () => false;

/** What the page shows under an article: its comments (composed by the route). */
/** The comments block; `closing`: whether they are closed, and whether the reader may change it. */
type CommentsPart = (
  articleId: number,
  closing: { locked: boolean; canLock: boolean },
) => ReactNode;

/** The article page of spec §2: loading placeholder, then the article and its companions. */
export function ArticleView({
  articleId,
  comments,
}: {
  articleId: number;
  comments: CommentsPart;
}) {
  const t = useMessages(messages);
  const valid = isValidId(articleId);
  const session = useSession();
  const viewer = session.status === 'in' ? session.userId : null;
  const {
    data: article,
    error,
    isPending,
    isPlaceholderData,
    refetch,
  } = useQuery({
    ...articleQuery(articleId, viewer),
    // Asked once the session is known, so the answer is this reader's; the server's HTML comes
    // with the visitor's view, which stays on screen while a signed-in reader's own loads.
    enabled: valid && session.status !== 'unknown',
    placeholderData: keepPreviousData,
  });
  const missing = !valid || (error instanceof ApiError && error.status === 404);
  useDocumentTitle(article?.title ?? (missing ? t.notFoundTitle : t.title));

  useEffect(() => {
    // Spec §8: a failed article load is only logged.
    if (error) console.error('loading the article failed', error);
  }, [error]);

  if (!valid) return <ArticleMissing />;
  if (isPending) return <ArticleSkeleton />;
  if (error) {
    const missing = error instanceof ApiError && error.status === 404;
    if (missing) return <ArticleMissing />;
    return (
      <div className={styles.article}>
        <p className={styles.failed}>{t.loadFailed}</p>
        <button type="button" className={styles.retry} onClick={() => void refetch()}>
          {t.retry}
        </button>
      </div>
    );
  }
  return (
    <LoadedArticle
      key={article.articleId}
      article={article}
      personal={viewer !== null && !isPlaceholderData}
      comments={comments}
    />
  );
}

/** A name in the byline: a link to their profile. */
const UserName = ({ login }: { login: string }) => <Link to={`/user/${login}`}>{login}</Link>;

function ArticleMissing() {
  const t = useMessages(messages);
  return (
    <div className={styles.article}>
      <p className={styles.failed}>{t.notFound}</p>
    </div>
  );
}

/** `personal`: the likeButton and likeCount are the signed-in reader's own. */
function LoadedArticle({
  article,
  personal,
  comments,
}: {
  article: Article;
  personal: boolean;
  comments: CommentsPart;
}) {
  const t = useMessages(messages);
  // False on the server and while hydrating; true in the browser after that.
  const hydrated = useSyncExternalStore(noSubscription, inBrowser, onServer);
  const session = useSession();
  // Spec §2: the options menu is the author's (the article's userId is the reader's).
  const isAuthor = session.status === 'in' && article.userId === session.userId;
  const actor = session.status === 'in' ? session : null;
  // Members of the blog may read the history; visitors never ask who they are.
  const blog = useQuery({
    ...blogQuery(article.blogId, viewerOf(session)),
    enabled: actor !== null,
  });
  const resource = blog.data && {
    userId: article.userId,
    blog: blog.data,
    coauthorIds: article.coauthors.map((coauthor) => coauthor.userId),
  };
  const member = resource !== undefined && can(actor, 'article.history', resource);
  // A co-author who is still a member may edit too (the author alone deletes).
  const coauthorEdits = !isAuthor && resource !== undefined && can(actor, 'article.edit', resource);
  // updated_at moves only when the breakthrough is edited.
  const edited = Date.parse(article.updatedAt) > Date.parse(article.createdAt);
  const bodyRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const body = bodyRef.current;
    if (!body) return;
    // The beacons' code is a small chunk of its own, fetched once the page is running.
    let stop: (() => void) | undefined;
    let left = false;
    void import('../lib/reading-beacon').then((beacon) => {
      if (!left) stop = beacon.watchReading(article.articleId, body);
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [article.articleId]);

  return (
    <article className={styles.article}>
      <header className={styles.header}>
        <div className={styles.titleRow}>
          <h1 className={styles.title}>{article.title}</h1>
          {(isAuthor || coauthorEdits) && (
            <Suspense fallback={null}>
              <ArticleOptions
                articleId={article.articleId}
                blogId={article.blogId}
                mayDelete={isAuthor}
              />
            </Suspense>
          )}
        </div>
        <p className={styles.meta}>
          <Link to={`/blog/${article.blogId}`} className={styles.blogName}>
            {article.blogName}
          </Link>
          <span aria-hidden="true"> · </span>
          <TimeAgo iso={article.createdAt} />
          <span aria-hidden="true"> · </span>
          <span>
            {t.by}
            {/* No profile to link to once the author deleted their account. */}
            {article.userId === null ? article.userName : <UserName login={article.userName} />}
            {article.coauthors.map((coauthor, index) => (
              <span key={coauthor.userId}>
                {index ? ', ' : t.with}
                <UserName login={coauthor.userName} />
              </span>
            ))}
          </span>
          {edited && (
            <>
              <span aria-hidden="true"> · </span>
              <span>
                {t.editedBefore}
                <TimeAgo iso={article.updatedAt} />
                {t.editedAfter}
              </span>
            </>
          )}
          {member && (
            <>
              <span aria-hidden="true"> · </span>
              <Link to={`/breakthrough/${article.articleId}/history`}>{t.history}</Link>
              <span aria-hidden="true"> · </span>
              <Link to={`/breakthrough/${article.articleId}/stats`}>{t.stats}</Link>
            </>
          )}
        </p>
        <ArticleFacts article={article} />
        {article.tags.length > 0 && (
          <ul className={styles.tags} aria-label={t.tags}>
            {article.tags.map((tag) => (
              <li key={tag}>
                <Link to={`/tag/${encodeURIComponent(tag)}`}>#{tag}</Link>
              </li>
            ))}
          </ul>
        )}
        {hydrated &&
          (article.problemRef ||
            article.solutionRef ||
            (member && (article.problem || article.solution))) && (
            <Suspense fallback={null}>
              {/* A member also sees a private repository's items (a personal call). */}
              <RepoRefCards article={article} memberId={member ? (actor?.userId ?? null) : null} />
            </Suspense>
          )}
        <SeriesIsland articleId={article.articleId} />
      </header>
      <div ref={bodyRef}>
        <MarkdownView html={article.contentHtml} />
      </div>
      <div className={styles.like}>
        <Suspense fallback={<div className={styles.likeSkeleton} />}>
          <LikeButton article={article} personal={personal} />
        </Suspense>
      </div>
      <RelatedIsland articleId={article.articleId} />
      <Suspense fallback={<div className={styles.commentsSkeleton} aria-busy="true" />}>
        {comments(article.articleId, {
          locked: !!article.commentsLocked,
          canLock: personal && !!article.commentsLockButton,
        })}
      </Suspense>
      <GoToBlogCard blogId={article.blogId} blogName={article.blogName} />
    </article>
  );
}
