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
  /** A connected repository's pull request was merged (its blog may get a draft). */
  'pull.merged': {
    blogId: number;
    repoKey: string;
    number: number;
    /** The pull request's author on GitHub. */
    author: string | null;
    authorId: number | null;
  };
  /** A merged pull request left a draft; its author (if a member) or every member is told. */
  'draft.leftForPull': {
    draftId: number;
    blogId: number;
    pullNumber: number;
    instigatorId: number;
    recipientIds: number[];
  };
  /** A breakthrough was posted, edited or deleted (the App's comments follow it). */
  'article.written': { articleId: number; blogId: number | null; deleted: boolean };
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
  'pull.merged',
  'draft.leftForPull',
  'article.written',
];
