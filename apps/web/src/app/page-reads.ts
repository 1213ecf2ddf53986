import { matchPath } from 'react-router';
import { draftPaths } from '../features/editor/api/draft-paths';
import { readEarly } from '../lib/api-client';
import { blogPath } from '../lib/blog-record';
import { isLoggedInCookieSet } from '../lib/cookies';
import { isValidId } from '../lib/format';

/** The session: every page the browser renders asks it first (the header, the protected routes). */
const SESSION = '/api/auth/status';

/**
 * What a signed-in member's page asks the API first, by its address: started when the app's code
 * runs, beside the page's own code (preloadPage) and the session, instead of each after the
 * other (session, then the page's code, then its record, then its lists).
 */
const MEMBER_READS: { path: string; reads: (params: URLSearchParams, id: number) => string[] }[] = [
  {
    // The write page: the blog record, and the draft it resumes or else the drafts it offers.
    path: '/blog/:id/breakthrough/write',
    reads: (params, blogId) => {
      const draftId = Number(params.get('draft'));
      return [
        blogPath(blogId),
        params.get('draft') !== null && isValidId(draftId)
          ? draftPaths.one(draftId)
          : draftPaths.ofBlog(blogId),
      ];
    },
  },
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
    const id = Number(matchPath(path, location.pathname)?.params.id);
    if (!isValidId(id)) continue;
    for (const read of reads(new URLSearchParams(location.search), id)) readEarly(read);
  }
}
