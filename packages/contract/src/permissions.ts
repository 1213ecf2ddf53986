/**
 * Who may do what (DESIGN.md §4), as one table used by the server to allow or refuse and by
 * the web to show or hide controls.
 */
export interface Actor {
  userId: number;
  userName: string;
}

export interface BlogResource {
  /** GitHub logins of the members. */
  members: readonly string[];
  /** GitHub login of the owner (the creator, or the earliest remaining member). */
  owner: string;
}

export interface ArticleResource {
  /** The author's user id; null when the author deleted their account. */
  userId: number | null;
  blog: BlogResource;
}

export interface CommentResource {
  authorId: number;
  article: { userId: number | null };
}

export interface NoticeResource {
  recipientId: number;
}

interface Resources {
  'blog.write': BlogResource;
  'blog.edit': BlogResource;
  'blog.delete': BlogResource;
  'article.edit': ArticleResource;
  'article.delete': ArticleResource;
  'comment.edit': CommentResource;
  'comment.delete': CommentResource;
  'notice.mark': NoticeResource;
}

export type Action = keyof Resources;

const sameLogin = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const isMember = (actor: Actor, blog: BlogResource) =>
  blog.members.some((login) => sameLogin(login, actor.userName));

const rules: { [A in Action]: (actor: Actor, resource: Resources[A]) => boolean } = {
  'blog.write': isMember,
  'blog.edit': isMember,
  'blog.delete': (actor, blog) => sameLogin(blog.owner, actor.userName),
  'article.edit': (actor, article) => article.userId === actor.userId,
  'article.delete': (actor, article) => article.userId === actor.userId,
  'comment.edit': (actor, comment) => comment.authorId === actor.userId,
  'comment.delete': (actor, comment) =>
    comment.authorId === actor.userId || comment.article.userId === actor.userId,
  'notice.mark': (actor, notice) => notice.recipientId === actor.userId,
};

/** True when `actor` may perform `action` on `resource`. Visitors (null) may do none of these. */
export function can<A extends Action>(
  actor: Actor | null | undefined,
  action: A,
  resource: Resources[A],
): boolean {
  if (!actor) return false;
  return rules[action](actor, resource);
}
