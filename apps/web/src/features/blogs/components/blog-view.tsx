import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Blog } from '@repolog/contract/blogs';
import { OFFICIAL_BLOG_ID } from '@repolog/contract/constants';
import { can } from '@repolog/contract/permissions';
import { i18n, useMessages } from '../../../i18n';
import { ApiError } from '../../../lib/api-client';
import { isValidId } from '../../../lib/format';
import { island } from '../../../lib/island';
import { useSession } from '../../../lib/use-session';
import { blogQuery } from '../../../lib/blog-record';
import { BlogHeader } from './blog-header';
import { blogTexts } from './blog-texts';
import styles from './blog-view.module.css';

// The left column (members and the repository activity, fetched in the browser) and the
// developer blogs of the official blog come in the server's HTML; their code comes in chunks
// of its own, hydrated when it arrives (islands: lib/island.tsx).
const panelSkeleton = <div className={styles.panelSkeleton} aria-busy="true" />;
const BlogSidebar = island(
  () => import('./blog-sidebar').then((m) => m.BlogSidebar),
  panelSkeleton,
);
const DeveloperBlogs = island(
  () => import('./developer-blogs').then((m) => m.DeveloperBlogs),
  panelSkeleton,
);
// The breakthroughs column too (with its relative times and counts).
const BlogArticles = island(
  () => import('./blog-articles').then((m) => m.BlogArticles),
  panelSkeleton,
);
import { useDocumentTitle } from '../../../lib/use-document-title';

const messages = i18n('blogView', {
  title: 'Blog',
  notFoundTitle: 'Blog not found',
  loading: 'Loading…',
});

/**
 * The blog page of spec §2, shared by /blog/{blogId} and /workspace/myblog/{blog_id}.
 * Fallbacks in order: loading, the error text, 'Blog not found.'.
 */
export function BlogView({
  blogId,
  forMembers,
}: {
  blogId: number;
  /** What members see above the breakthroughs (the page adds the drafts being written). */
  forMembers?: (blogId: number) => ReactNode;
}) {
  const t = useMessages(messages);
  const texts = useMessages(blogTexts);
  const session = useSession();
  const viewer = session.status === 'in' ? session.userId : null;
  const {
    data: blog,
    error,
    isPending,
    isPlaceholderData,
  } = useQuery({
    ...blogQuery(blogId, viewer),
    // Asked once the session is known, so fav_button is this reader's; the server's HTML comes
    // with the visitor's view, which stays on screen while a signed-in reader's own loads.
    enabled: isValidId(blogId) && session.status !== 'unknown',
    placeholderData: keepPreviousData,
  });
  useDocumentTitle(blog?.blog_name ?? (isPending ? t.title : t.notFoundTitle));

  if (!isValidId(blogId)) return <Fallback text={texts.notFound} />;
  if (isPending) return <BlogSkeleton />;
  if (error && !(error instanceof ApiError && error.status === 404)) {
    return <Fallback text={texts.loadFailed} alert />;
  }
  if (!blog) return <Fallback text={texts.notFound} />;
  return (
    <LoadedBlog
      blog={blog}
      personal={viewer !== null && !isPlaceholderData}
      forMembers={forMembers}
    />
  );
}

function LoadedBlog({
  blog,
  personal,
  forMembers,
}: {
  blog: Blog;
  personal: boolean;
  forMembers: ((blogId: number) => ReactNode) | undefined;
}) {
  const session = useSession();
  const actor = session.status === 'in' ? session : null;
  const official = blog.blog_id === OFFICIAL_BLOG_ID;
  const isMember = can(actor, 'blog.write', blog);

  return (
    <div className={styles.blog}>
      <BlogHeader
        blog={blog}
        personal={personal}
        official={official}
        canEdit={can(actor, 'blog.edit', blog)}
        canDelete={can(actor, 'blog.delete', blog)}
      />
      <div className={styles.columns}>
        <div className={styles.left}>
          {official ? (
            <DeveloperBlogs />
          ) : (
            <BlogSidebar
              blogId={blog.blog_id}
              isMember={isMember}
              members={blog.members}
              owner={blog.owner}
              repoUrl={blog.git_repo_url}
            />
          )}
        </div>
        <div className={styles.right}>
          <BlogArticles
            blog={blog}
            official={official}
            isMember={isMember}
            forMembers={isMember && forMembers ? forMembers(blog.blog_id) : null}
          />
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
  const t = useMessages(messages);
  return (
    <div className={styles.blog} aria-busy="true">
      <div className={`${styles.header} ${styles.headerSkeleton}`}>
        <p role="status" className={styles.loading}>
          {t.loading}
        </p>
      </div>
      <div className={styles.columns} aria-hidden="true">
        <div className={`${styles.left} ${styles.panelSkeleton}`} />
        <div className={`${styles.right} ${styles.panelSkeleton}`} />
      </div>
    </div>
  );
}
