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
  /**
   * User ids of the members and the owner. The server always gives them and they decide: two
   * accounts can hold the same login for a while (a GitHub rename), an id never changes. The
   * web, which only knows logins, decides by login.
   */
  memberIds?: readonly number[];
  ownerId?: number;
}

export interface ArticleResource {
  /** The author's user id; null when the author deleted their account. */
  userId: number | null;
  blog: BlogResource;
  /** Members who wrote it with the author; while they are members they may edit it too. */
  coauthorIds?: readonly number[];
}

export interface CommentResource {
  authorId: number;
  article: { userId: number | null };
}

export interface NoticeResource {
  recipientId: number;
}

/** A draft: its blog decides who sees it; its creator may throw it away. */
export interface DraftResource {
  creatorId: number;
  blog: BlogResource;
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
  /** Open and save a draft (members only; everyone else is told it does not exist). */
  'draft.edit': DraftResource;
  /** Throw a draft away: its creator, or the blog's owner tidying up after a member. */
  'draft.delete': DraftResource;
  /** Read a breakthrough's revision history (members of its blog). */
  'article.history': ArticleResource;
  /** See how a blog and its breakthroughs are read (members of the blog). */
  'blog.stats': BlogResource;
}

export type Action = keyof Resources;

const sameLogin = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const isMember = (actor: Actor, blog: BlogResource) =>
  blog.memberIds
    ? blog.memberIds.includes(actor.userId)
    : blog.members.some((login) => sameLogin(login, actor.userName));
const isOwner = (actor: Actor, blog: BlogResource) =>
  blog.ownerId !== undefined
    ? blog.ownerId === actor.userId
    : sameLogin(blog.owner, actor.userName);

const rules: { [A in Action]: (actor: Actor, resource: Resources[A]) => boolean } = {
  'blog.write': isMember,
  'blog.edit': isMember,
  'blog.delete': isOwner,
  'article.edit': (actor, article) =>
    article.userId === actor.userId ||
    (!!article.coauthorIds?.includes(actor.userId) && isMember(actor, article.blog)),
  'article.delete': (actor, article) => article.userId === actor.userId,
  'comment.edit': (actor, comment) => comment.authorId === actor.userId,
  'comment.delete': (actor, comment) =>
    comment.authorId === actor.userId || comment.article.userId === actor.userId,
  'notice.mark': (actor, notice) => notice.recipientId === actor.userId,
  'draft.edit': (actor, draft) => isMember(actor, draft.blog),
  'draft.delete': (actor, draft) =>
    isMember(actor, draft.blog) && (draft.creatorId === actor.userId || isOwner(actor, draft.blog)),
  'article.history': (actor, article) => isMember(actor, article.blog),
  'blog.stats': isMember,
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
