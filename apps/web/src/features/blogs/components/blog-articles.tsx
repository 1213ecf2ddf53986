import type { Blog } from '@repolog/contract/blogs';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { ListCounts } from '../../../components/ui/list-counts';
import { TimeAgo } from '../../../components/ui/time-ago';
import { i18n, params, useMessages } from '../../../i18n';
import styles from './blog-view.module.css';

const messages = i18n('blogArticles', {
  notice: params('Notice ({count})'),
  breakthroughs: params('The Breakthroughs ({count})'),
  write: 'Go To Write',
  shareInvite: 'Share your breakthroughs with us!',
  postOwn: 'Post my own breakthroughs',
  empty: 'There is no Breakthrough',
});

interface BlogArticlesProps {
  blog: Pick<Blog, 'blog_id' | 'article_count' | 'break_throughs'>;
  official: boolean;
  isMember: boolean;
  /** Shown to members under the heading (the drafts being written). */
  forMembers?: ReactNode;
}

/**
 * The right column: 'The Breakthroughs (n)' ('Notice (n)' on the official blog), the newest 15,
 * and the member's write button or the empty states of spec §2.
 */
export function BlogArticles({ blog, official, isMember, forMembers }: BlogArticlesProps) {
  const t = useMessages(messages);
  const writePath = `/blog/${blog.blog_id}/breakthrough/write`;
  const articles = blog.break_throughs;
  const heading = (official ? t.notice : t.breakthroughs)({ count: blog.article_count });

  return (
    <section className={styles.panel} aria-labelledby="blog-articles">
      <div className={styles.panelHead}>
        <h2 id="blog-articles" className={styles.panelTitle}>
          {heading}
        </h2>
        {isMember && articles.length > 0 && (
          <ButtonLink to={writePath} className={styles.writeButton}>
            {t.write}
          </ButtonLink>
        )}
      </div>
      {forMembers}
      {articles.length > 0 ? (
        <ul className={styles.articles}>
          {articles.map((article) => (
            <li key={article.articleId}>
              <Link to={`/breakthrough/${article.articleId}`} className={styles.articleRow}>
                <span className={`${styles.articleTitle} clamp-2`}>{article.articleTitle}</span>{' '}
                <span className={styles.articleStats}>
                  <ListCounts likes={article.likeCount} comments={article.commentCount} />
                </span>{' '}
                <TimeAgo iso={article.createdAt} className={styles.articleDate} />
              </Link>
            </li>
          ))}
        </ul>
      ) : isMember ? (
        <div className={styles.empty}>
          <p>{t.shareInvite}</p>
          <ButtonLink to={writePath}>{t.postOwn}</ButtonLink>
        </div>
      ) : (
        <div className={styles.empty}>
          <p>{t.empty}</p>
        </div>
      )}
    </section>
  );
}
