import type { UseQueryResult } from '@tanstack/react-query';
import type { HomeArticle } from '@repolog/contract/articles';
import type { BlogCard } from '@repolog/contract/blogs';
import { HOME_TOP } from '@repolog/contract/constants';
import { ListCounts } from '../../../components/ui/list-counts';
import { TimeAgo } from '../../../components/ui/time-ago';
import { TopStrip } from './top-strip';

/** Loading text while fetching, 'Error: {message}' on failure (spec §2, §8). */
function statusOf(query: UseQueryResult<unknown>) {
  if (query.isPending) return <span role="status">Loading…</span>;
  if (query.error) return <span role="alert">Error: {query.error.message}</span>;
  return undefined;
}

/**
 * The two top-10 strips of /home (spec §2): breakthrough cards with title, 'createdAt |
 * blogName' (the time as "3 hours ago"), likes and comments; blog cards with name and
 * description.
 */
export function TopStrips({
  articles,
  blogs,
}: {
  articles: UseQueryResult<HomeArticle[]>;
  blogs: UseQueryResult<BlogCard[]>;
}) {
  return (
    <>
      <TopStrip
        id="top-breakthroughs"
        title="Top 10 of Today's Breakthroughs"
        status={statusOf(articles)}
        empty="There is no Breakthrough!"
        cards={articles.data?.slice(0, HOME_TOP).map((article) => ({
          key: article.articleId,
          to: `/breakthrough/${article.articleId}`,
          title: article.title,
          detail: (
            <>
              <TimeAgo iso={article.createdAt} /> | {article.blogName}
            </>
          ),
          stats: <ListCounts likes={article.likeCount} comments={article.commentCount} />,
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
    </>
  );
}
