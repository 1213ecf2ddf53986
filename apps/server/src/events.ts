/**
 * Typed in-process events. Services emit after their transaction commits; listeners (the
 * notifications module) react. `emit` waits for every listener, so a response is sent only
 * once its side effects are written; a failing listener is logged, never fails the emitter.
 */
export interface EventMap {
  /** Users were added to a blog's members (on create or edit). */
  'blog.membersAdded': { blogId: number; instigatorId: number; userIds: number[] };
  /** A blog was deleted with its articles (caches of public lists drop it). */
  'blog.deleted': { blogId: number };
  /** A user favorited a blog (not emitted on un-favorite). */
  'blog.favorited': { blogId: number; userId: number };
  /** A breakthrough was posted, edited or deleted (its blog's page lists it). */
  'article.changed': { articleId: number; blogId: number };
  /** A user liked an article (not emitted on unlike). */
  'article.liked': { articleId: number; userId: number };
  /** A comment was written. */
  'comment.created': { commentId: number; articleId: number; userId: number };
}

export type EventName = keyof EventMap;
type Listener<E extends EventName> = (payload: EventMap[E]) => Promise<void> | void;

export interface Events {
  on<E extends EventName>(event: E, listener: Listener<E>): void;
  emit<E extends EventName>(event: E, payload: EventMap[E]): Promise<void>;
}

export function createEvents(onError: (error: unknown, event: EventName) => void): Events {
  const listeners = new Map<EventName, Listener<EventName>[]>();
  return {
    on(event, listener) {
      const list = listeners.get(event) ?? [];
      list.push(listener as Listener<EventName>);
      listeners.set(event, list);
    },
    async emit(event, payload) {
      for (const listener of listeners.get(event) ?? []) {
        try {
          await listener(payload);
        } catch (error) {
          onError(error, event);
        }
      }
    },
  };
}
