import type { UseQueryResult } from '@tanstack/react-query';
import type { HomeArticle } from '@repolog/contract/articles';
import type { BlogCard } from '@repolog/contract/blogs';
import { HOME_TOP } from '@repolog/contract/constants';
import { ListCounts } from '../../../components/ui/list-counts';
import { TimeAgo } from '../../../components/ui/time-ago';
import { i18n, params, useMessages } from '../../../i18n';
import { TopStrip } from './top-strip';

const messages = i18n('topStrips', {
  loading: 'Loading…',
  error: params('Error: {message}'),
  articlesTitle: "Top 10 of Today's Breakthroughs",
  articlesEmpty: 'There is no Breakthrough!',
  blogsTitle: "Top 10 of Today's Blog",
  blogsEmpty: 'There is no Blog!',
});

/** Loading text while fetching, 'Error: {message}' on failure (spec §2, §8). */
function statusOf(query: UseQueryResult<unknown>, t: ReturnType<typeof messages.get>) {
  if (query.isPending) return <span role="status">{t.loading}</span>;
  if (query.error) return <span role="alert">{t.error({ message: query.error.message })}</span>;
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
  const t = useMessages(messages);
  return (
    <>
      <TopStrip
        id="top-breakthroughs"
        title={t.articlesTitle}
        status={statusOf(articles, t)}
        empty={t.articlesEmpty}
        cards={articles.data?.slice(0, HOME_TOP).map((article) => ({
          key: article.articleId,
          to: `/breakthrough/${article.articleId}`,
          title: article.title,
          detail: (
            <>
              <TimeAgo iso={article.createdAt} /> | {article.blogName}
              {article.tags.length > 0 && ` · ${article.tags.map((tag) => `#${tag}`).join(' ')}`}
            </>
          ),
          stats: <ListCounts likes={article.likeCount} comments={article.commentCount} />,
        }))}
      />
      <TopStrip
        id="top-blogs"
        title={t.blogsTitle}
        status={statusOf(blogs, t)}
        empty={t.blogsEmpty}
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
