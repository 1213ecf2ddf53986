/**
 * What other features may use of blogs: who belongs to a blog (the one membership read, handed
 * to them in deps as `memberships`) and the blog as can() sees it.
 */
export {
  blogResource,
  type BlogMembership,
  type BlogMemberships,
  type MemberBlog,
} from './blog-memberships.js';
