import { useQuery } from '@tanstack/react-query';
import type { Blog } from '@repolog/contract/blogs';
import { OFFICIAL_BLOG_ID } from '@repolog/contract/constants';
import { can } from '@repolog/contract/permissions';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../auth/hooks/use-session';
import { blogQuery } from '../api/blog';
import { BlogArticles } from './blog-articles';
import { BlogHeader } from './blog-header';
import { BlogMembers } from './blog-members';
import { BLOG_LOAD_FAILED, BLOG_NOT_FOUND } from './blog-texts';
import { DeveloperBlogs } from './developer-blogs';
import { RepositoryActivity } from './repository-activity';
import styles from './blog-view.module.css';
import { isValidId } from '../../../lib/format';

/**
 * The blog page of spec §2, shared by /blog/{blogId} and /workspace/myblog/{blog_id}.
 * Fallbacks in order: loading, the error text, 'Blog not found.'.
 */
export function BlogView({ blogId }: { blogId: number }) {
  const {
    data: blog,
    error,
    isPending,
  } = useQuery({
    ...blogQuery(blogId),
    enabled: isValidId(blogId),
  });

  if (!isValidId(blogId)) return <Fallback text={BLOG_NOT_FOUND} />;
  if (isPending) return <BlogSkeleton />;
  if (error && !(error instanceof ApiError && error.status === 404)) {
    return <Fallback text={BLOG_LOAD_FAILED} alert />;
  }
  if (!blog) return <Fallback text={BLOG_NOT_FOUND} />;
  return <LoadedBlog blog={blog} />;
}

function LoadedBlog({ blog }: { blog: Blog }) {
  const session = useSession();
  const actor = session.status === 'in' ? session : null;
  const official = blog.blog_id === OFFICIAL_BLOG_ID;

  return (
    <div className={styles.blog}>
      <BlogHeader
        blog={blog}
        official={official}
        canEdit={can(actor, 'blog.edit', blog)}
        canDelete={can(actor, 'blog.delete', blog)}
      />
      <div className={styles.columns}>
        <div className={styles.left}>
          {official ? (
            <DeveloperBlogs />
          ) : (
            <>
              <BlogMembers members={blog.members} owner={blog.owner} />
              <RepositoryActivity repoUrl={blog.git_repo_url} />
            </>
          )}
        </div>
        <div className={styles.right}>
          <BlogArticles blog={blog} official={official} isMember={can(actor, 'blog.write', blog)} />
        </div>
      </div>
    </div>
  );
}

function Fallback({ text, alert }: { text: string; alert?: boolean }) {
  return (
    <div className={styles.fallback}>
      <p role={alert ? 'alert' : undefined}>{text}</p>
    </div>
  );
}

function BlogSkeleton() {
  return (
    <div className={styles.blog} aria-busy="true">
      <div className={`${styles.header} ${styles.headerSkeleton}`}>
        <p role="status" className={styles.loading}>
          Loading…
        </p>
      </div>
      <div className={styles.columns} aria-hidden="true">
        <div className={`${styles.left} ${styles.panelSkeleton}`} />
        <div className={`${styles.right} ${styles.panelSkeleton}`} />
      </div>
    </div>
  );
}
