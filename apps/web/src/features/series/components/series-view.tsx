import { useQuery } from '@tanstack/react-query';
import { can } from '@repolog/contract/permissions';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ArticleListSkeleton } from '../../../components/article-list';
import { ListCounts } from '../../../components/ui/list-counts';
import { i18n, params, useMessages } from '../../../i18n';
import { ApiError } from '../../../lib/api-client';
import { blogQuery } from '../../../lib/blog-record';
import { isValidId } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSession, viewerOf } from '../../../lib/use-session';
import { seriesQuery } from '../api/series';
import styles from './series.module.css';

// Only members edit: the editor's code loads when one opens it.
const SeriesEditor = lazy(() =>
  import('./series-editor').then((m) => ({ default: m.SeriesEditor })),
);

const messages = i18n('seriesView', {
  title: 'Series',
  inBlog: params('A series of {blog}'),
  parts: params('{count} parts'),
  empty: 'This series has no breakthroughs yet.',
  notFound: 'This series does not exist.',
  edit: 'Edit series',
  error: params('Error: {message}'),
});

/** /blog/{blogId}/series/{seriesId}: the series' breakthroughs in reading order. */
export function SeriesView() {
  const t = useMessages(messages);
  const { blogId: blogParam, seriesId: seriesParam } = useParams();
  const blogId = Number(blogParam);
  const seriesId = Number(seriesParam);
  const valid = isValidId(blogId) && isValidId(seriesId);
  const session = useSession();
  const [editing, setEditing] = useState(false);
  const { data, error, isPending } = useQuery({ ...seriesQuery(seriesId), enabled: valid });
  const blog = useQuery({
    ...blogQuery(blogId, viewerOf(session)),
    enabled: valid && session.status === 'in',
  });
  useDocumentTitle(data?.name ?? t.title);
  const actor = session.status === 'in' ? session : null;
  const member = blog.data !== undefined && can(actor, 'blog.write', blog.data);

  const missing =
    !valid ||
    (error instanceof ApiError && error.status === 404) ||
    (data?.blogId !== undefined && data.blogId !== blogId);
  if (missing) return <p role="alert">{t.notFound}</p>;
  if (isPending) return <ArticleListSkeleton rows={3} />;
  if (error) return <p role="alert">{t.error({ message: error.message })}</p>;

  return (
    <section className={styles.series} aria-labelledby="series-title">
      <p className={styles.blog}>
        <Link to={`/blog/${data.blogId}`}>{t.inBlog({ blog: data.blogName })}</Link>
      </p>
      <h1 id="series-title">{data.name}</h1>
      <p className={styles.count}>{t.parts({ count: data.items.length })}</p>
      {member && !editing && (
        <button type="button" className={styles.button} onClick={() => setEditing(true)}>
          {t.edit}
        </button>
      )}
      {editing && blog.data ? (
        <Suspense fallback={<ArticleListSkeleton rows={data.items.length || 1} />}>
          <SeriesEditor series={data} blog={blog.data} onDone={() => setEditing(false)} />
        </Suspense>
      ) : data.items.length === 0 ? (
        <p>{t.empty}</p>
      ) : (
        <ol className={styles.parts}>
          {data.items.map((item) => (
            <li key={item.articleId}>
              <Link to={`/breakthrough/${item.articleId}`} className={styles.partTitle}>
                {item.title}
              </Link>
              <ListCounts likes={item.likeCount} comments={item.commentCount} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
