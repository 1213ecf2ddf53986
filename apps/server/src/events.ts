/**
 * Typed in-process events, for this instance's own caches: services emit after their
 * transaction commits, listeners drop what went stale (other instances hear it through
 * cache-sync). `emit` waits for every listener; a failing listener is logged, never fails the
 * emitter. Side effects that must not be lost — notifications — are outbox events instead
 * (outbox/outbox.events.ts).
 */
export interface EventMap {
  /** A blog was deleted with its articles (caches of public lists drop it). */
  'blog.deleted': { blogId: number };
  /** A breakthrough was posted, edited or deleted (its blog's page lists it). */
  'article.changed': { articleId: number; blogId: number };
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
