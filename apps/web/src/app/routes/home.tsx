import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { HOME_TOP } from '@repolog/contract/constants';
import { useSession } from '../../features/auth/hooks/use-session';
import { homeArticlesQuery, homeBlogsQuery } from '../../features/home/api/home-lists';
import { BannerCarousel } from '../../features/home/components/banner-carousel';
import { FavoritesSection } from '../../features/home/components/favorites-section';
import { TopStrip } from '../../features/home/components/top-strip';
import styles from '../../features/home/components/home.module.css';
import { useFormatDate } from '../../lib/use-format-date';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Loading text while fetching, 'Error: {message}' on failure (spec §2, §8). */
function statusOf(query: UseQueryResult<unknown>) {
  if (query.isPending) return <span role="status">Loading…</span>;
  if (query.error) return <span role="alert">Error: {query.error.message}</span>;
  return undefined;
}

/** /home: banners, today's top breakthroughs and blogs, and the signed-in favorites. */
export function HomePage() {
  useDocumentTitle('Home');
  const session = useSession();
  const formatDate = useFormatDate();
  const articles = useQuery(homeArticlesQuery);
  const blogs = useQuery(homeBlogsQuery);

  return (
    <main className="page">
      <div className={`container ${styles.home}`}>
        <h1 className="visually-hidden">Repolog home</h1>
        <BannerCarousel />
        <TopStrip
          id="top-breakthroughs"
          title="Top 10 of Today's Breakthroughs"
          status={statusOf(articles)}
          empty="There is no Breakthrough!"
          cards={articles.data?.slice(0, HOME_TOP).map((article) => ({
            key: article.articleId,
            to: `/breakthrough/${article.articleId}`,
            title: article.title,
            detail: `${formatDate(article.createdAt)} | ${article.blogName}`,
          }))}
        />
        <TopStrip
          id="top-blogs"
          title="Top 10 of Today's Blog"
          status={statusOf(blogs)}
          empty="There is no Blog!"
          cards={blogs.data?.slice(0, HOME_TOP).map((blog) => ({
            key: blog.blog_id,
            to: `/blog/${blog.blog_id}`,
            title: blog.blog_name,
            detail: blog.description,
          }))}
        />
        {session.status === 'in' && <FavoritesSection />}
      </div>
    </main>
  );
}
