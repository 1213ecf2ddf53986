import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { StatsDashboard } from '../../features/stats/components/stats-dashboard';
import { myBlogsQuery } from '../../features/workspace/api/my-blogs';
import { i18n, params, useMessages } from '../../i18n';
import { articleQuery } from '../../lib/article-record';
import { blogQuery } from '../../lib/blog-record';
import { isValidId } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSession, viewerOf } from '../../lib/use-session';
import styles from './stats.module.css';

const messages = i18n('statsPage', {
  title: 'Stats',
  of: params('Stats of {name}'),
  yourBlogs: 'Your blogs',
  noBlogs: 'You run no blog yet: stats appear here once you do.',
  loading: 'Loading your blogs…',
  notFound: 'There is nothing here.',
  blogStats: 'Open this blog’s stats',
  counted:
    'A view is one reader opening a breakthrough (counted once per reader in 30 minutes); a read is a reader who stayed and scrolled past most of it. Known bots are counted apart.',
});

function StatsFrame({ heading, children }: { heading: string; children: ReactNode }) {
  const t = useMessages(messages);
  useDocumentTitle(heading);
  return (
    <main className="page">
      <title>{`${heading} · Repolog`}</title>
      <div className="container">
        <h1>{heading}</h1>
        <p className={styles.note}>{t.counted}</p>
        {children}
      </div>
    </main>
  );
}

/** /workspace/stats: the stats of the blogs the user runs, one blog at a time. */
export function WorkspaceStatsPage() {
  const t = useMessages(messages);
  const blogs = useQuery(myBlogsQuery);
  const [search, setSearch] = useSearchParams();
  const chosen = Number(search.get('blog'));
  const blog = blogs.data?.find((b) => b.blogId === chosen) ?? blogs.data?.[0];
  return (
    <StatsFrame heading={t.title}>
      {blogs.isPending ? (
        <p role="status">{t.loading}</p>
      ) : blogs.isError ? (
        <p role="alert">{blogs.error.message}</p>
      ) : !blog ? (
        <p>{t.noBlogs}</p>
      ) : (
        <>
          <nav aria-label={t.yourBlogs}>
            <ul className={styles.tabs}>
              {blogs.data.map((b) => (
                <li key={b.blogId}>
                  <button
                    type="button"
                    aria-pressed={b.blogId === blog.blogId}
                    onClick={() => setSearch({ blog: String(b.blogId) })}
                  >
                    {b.blogName}
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          <h2>{t.of({ name: blog.blogName })}</h2>
          <p>
            <Link to={`/blog/${blog.blogId}/stats`}>{t.blogStats}</Link>
          </p>
          <StatsDashboard key={blog.blogId} target={{ blogId: blog.blogId }} />
        </>
      )}
    </StatsFrame>
  );
}

/** /blog/{blogId}/stats: one blog's stats, for its members. */
export function BlogStatsPage() {
  const t = useMessages(messages);
  const blogId = Number(useParams().blogId);
  const session = useSession();
  const valid = isValidId(blogId);
  const blog = useQuery({ ...blogQuery(blogId, viewerOf(session)), enabled: valid });
  const name = blog.data?.blog_name;
  return (
    <StatsFrame heading={name ? t.of({ name }) : t.title}>
      {valid ? <StatsDashboard target={{ blogId }} /> : <p>{t.notFound}</p>}
    </StatsFrame>
  );
}

/** /breakthrough/{articleId}/stats: one breakthrough's stats, for its blog's members. */
export function ArticleStatsPage() {
  const t = useMessages(messages);
  const articleId = Number(useParams().articleId);
  const valid = isValidId(articleId);
  const article = useQuery({ ...articleQuery(articleId), enabled: valid });
  const title = article.data?.title;
  return (
    <StatsFrame heading={title ? t.of({ name: title }) : t.title}>
      {article.data && (
        <p>
          <Link to={`/breakthrough/${articleId}`}>{article.data.title}</Link>
        </p>
      )}
      {valid ? <StatsDashboard target={{ articleId }} /> : <p>{t.notFound}</p>}
    </StatsFrame>
  );
}
