import { MEMBER_PAGE_ROUTES, type MemberPagePath } from '@repolog/contract/page-routes';
import { matchPath, type Params } from 'react-router';
import { draftPaths } from '../features/editor/api/draft-paths';
import { adminPaths } from '../features/safety/api/admin-paths';
import { MY_BLOGS_PATH } from '../features/workspace/api/my-blogs';
import { readEarly } from '../lib/api-client';
import { articlePath } from '../lib/article-record';
import { SESSION_PATH } from '../lib/auth';
import { blogPath } from '../lib/blog-record';
import { isLoggedInCookieSet } from '../lib/cookies';
import { isValidId } from '../lib/format';

/** A positive id from the address, else null (the page then asks nothing). */
const idOf = (value: string | null | undefined): number | null => {
  const id = Number(value);
  return value && isValidId(id) ? id : null;
};

type FirstReads = (params: Params, search: URLSearchParams) => string[];

/**
 * What a signed-in member's page asks the API first, by its address: started when the app's code
 * runs, beside the page's own code (preloadPage) and the session, instead of each after the
 * other (session, then the page's code, then its record, then its lists).
 */
const MEMBER_READS: Record<MemberPagePath, FirstReads> = {
  // The write page: the blog record, and the draft it resumes or else the drafts it offers.
  '/blog/:blogId/breakthrough/write': (params, search) => {
    const blogId = idOf(params.blogId);
    if (blogId === null) return [];
    const draftId = idOf(search.get('draft'));
    return [
      blogPath(blogId),
      draftId === null ? draftPaths.ofBlog(blogId) : draftPaths.one(draftId),
    ];
  },
  // The edit page: the breakthrough (its blog, drafts and pending edit follow from it).
  '/breakthrough/:articleId/edit': (params) => {
    const articleId = idOf(params.articleId);
    return articleId === null ? [] : [articlePath(articleId)];
  },
  // The workspace: the member's blogs (each one's drafts follow from them).
  '/workspace': () => [MY_BLOGS_PATH],
  // The moderators' queue and log.
  '/admin': () => [adminPaths.reports, adminPaths.audit],
};

/**
 * Starts the first reads of the page the browser renders at `location` (readEarly: the page's
 * queries take their answers when they run). Only for a page the browser renders itself: a page
 * the server rendered carries its data.
 */
export function startPageReads(location: Pick<Location, 'pathname' | 'search'>): void {
  readEarly(SESSION_PATH);
  // A visitor is sent to /login from the members' pages: nothing else to ask.
  if (!isLoggedInCookieSet()) return;
  for (const { path } of MEMBER_PAGE_ROUTES) {
    const match = matchPath(path, location.pathname);
    if (!match) continue;
    const search = new URLSearchParams(location.search);
    for (const read of MEMBER_READS[path](match.params, search)) readEarly(read);
  }
}
