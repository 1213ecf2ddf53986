/**
 * Events that must not be lost: each is written to the outbox in the transaction of the action
 * that causes it and delivered afterwards, exactly once, to every handler (outbox.ts).
 */
export interface OutboxEventMap {
  /** Users were added to a blog's members (on create or edit). */
  'blog.membersAdded': { blogId: number; instigatorId: number; userIds: number[] };
  /** A user favorited a blog (not written on un-favorite). */
  'blog.favorited': { blogId: number; userId: number };
  /** A user liked an article (not written on unlike). */
  'article.liked': { articleId: number; userId: number };
  /** A comment was written. */
  'comment.created': { commentId: number; articleId: number; userId: number };
  /** One email to one person; `key` is its idempotency key (never sent twice). */
  'email.send': { key: string; userId: number; email: EmailJob };
  /** A digest's period began (written once per period, by whichever instance came first). */
  'email.digest': { period: 'daily' | 'weekly'; key: string; since: string };
}

/** What an email is about: read again when it is sent (names, titles, the address). */
export type EmailJob =
  | { kind: 'comment'; articleId: number; commentId: number; actorId: number }
  | { kind: 'invitation'; blogId: number; actorId: number }
  | { kind: 'favorite'; blogId: number; actorId: number }
  | { kind: 'likes'; articleId: number }
  | { kind: 'daily' }
  | { kind: 'weekly'; since: string }
  | { kind: 'verify'; address: string };

export type OutboxEventName = keyof OutboxEventMap;

export const OUTBOX_EVENT_NAMES: readonly OutboxEventName[] = [
  'blog.membersAdded',
  'blog.favorited',
  'article.liked',
  'comment.created',
  'email.send',
  'email.digest',
];
