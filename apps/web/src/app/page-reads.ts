import { matchPath, type Params } from 'react-router';
import { draftPaths } from '../features/editor/api/draft-paths';
import { adminPaths } from '../features/safety/api/admin-paths';
import { MY_BLOGS_PATH } from '../features/workspace/api/my-blogs';
import { readEarly } from '../lib/api-client';
import { articlePath } from '../lib/article-record';
import { blogPath } from '../lib/blog-record';
import { isLoggedInCookieSet } from '../lib/cookies';
import { isValidId } from '../lib/format';

/** The session: every page the browser renders asks it first (the header, the protected routes). */
const SESSION = '/api/auth/status';

/** A positive id from the address, else null (the page then asks nothing). */
const idOf = (value: string | null | undefined): number | null => {
  const id = Number(value);
  return value && isValidId(id) ? id : null;
};

/**
 * What a signed-in member's page asks the API first, by its address: started when the app's code
 * runs, beside the page's own code (preloadPage) and the session, instead of each after the
 * other (session, then the page's code, then its record, then its lists).
 */
const MEMBER_READS: {
  path: string;
  reads: (params: Params, search: URLSearchParams) => string[];
}[] = [
  {
    // The write page: the blog record, and the draft it resumes or else the drafts it offers.
    path: '/blog/:blogId/breakthrough/write',
    reads: (params, search) => {
      const blogId = idOf(params.blogId);
      if (blogId === null) return [];
      const draftId = idOf(search.get('draft'));
      return [
        blogPath(blogId),
        draftId === null ? draftPaths.ofBlog(blogId) : draftPaths.one(draftId),
      ];
    },
  },
  {
    // The edit page: the breakthrough (its blog, drafts and pending edit follow from it).
    path: '/breakthrough/:articleId/edit',
    reads: (params) => {
      const articleId = idOf(params.articleId);
      return articleId === null ? [] : [articlePath(articleId)];
    },
  },
  // The workspace: the member's blogs (each one's drafts follow from them).
  { path: '/workspace', reads: () => [MY_BLOGS_PATH] },
  // The moderators' queue and log.
  { path: '/admin', reads: () => [adminPaths.reports, adminPaths.audit] },
];

/**
 * Starts the first reads of the page the browser renders at `location` (readEarly: the page's
 * queries take their answers when they run). Only for a page the browser renders itself: a page
 * the server rendered carries its data.
 */
export function startPageReads(location: Pick<Location, 'pathname' | 'search'>): void {
  readEarly(SESSION);
  // A visitor is sent to /login from the members' pages: nothing else to ask.
  if (!isLoggedInCookieSet()) return;
  for (const { path, reads } of MEMBER_READS) {
    const match = matchPath(path, location.pathname);
    if (match)
      for (const read of reads(match.params, new URLSearchParams(location.search))) readEarly(read);
  }
}
