/**
 * The addresses of the drafts API. A module of their own: the app's
 * entry starts the write page's reads (app/page-reads.ts) without carrying the drafts API's code.
 */
export const draftPaths = {
  /** GET: a blog's drafts (members only); POST: a new one. */
  ofBlog: (blogId: number) => `/api/blog/${blogId}/drafts`,
  /** GET, PUT, DELETE: one draft. */
  one: (draftId: number) => `/api/draft/${draftId}`,
};
