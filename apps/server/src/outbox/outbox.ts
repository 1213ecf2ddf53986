import type { Database, Db, Unlisten } from '../db/client.js';
import type { OutboxEventMap, OutboxEventName } from './outbox.events.js';
import { OUTBOX_CHANNEL, type OutboxRepository, type OutboxRow } from './outbox.repository.js';

/** What a handler learns besides the payload. */
export interface DeliveryContext {
  /** The delivery's transaction: handlers write with it, and only with it. */
  tx: Db;
  /** When the action happened (the event was written). */
  occurredAt: Date;
}

/**
 * Delivers one event inside the delivery's transaction. What it returns runs once that
 * transaction has committed (dropping caches, say): work that cannot be undone.
 */
export type OutboxHandler<E extends OutboxEventName> = (
  payload: OutboxEventMap[E],
  context: DeliveryContext,
) => Promise<void | (() => void)> | void | (() => void);

/** Test hooks: `beforeDelivery` runs after an event is claimed, before its handlers. */
export interface OutboxHooks {
  beforeDelivery?: (event: { id: number; type: string }) => Promise<void> | void;
}

export interface OutboxDeps {
  repo: OutboxRepository;
  database: Pick<Database, 'listen'>;
  onError: (error: unknown, event: { id: number; type: string }) => void;
  now?: () => Date;
  /** How often every instance looks for events due (retries, and those a crash left). */
  pollMs?: number;
  /** After another instance's write, how long to leave its writer to deliver it first. */
  wakeDelayMs?: number;
  hooks?: OutboxHooks;
}

/** Attempts before an event is given up (about 9 hours of back-off in all). */
export const MAX_ATTEMPTS = 12;
/** Back-off after the n-th failed attempt: 1 s, 2 s, 4 s … capped at two hours. */
export const retryDelayMs = (attempts: number): number =>
  Math.min(1000 * 2 ** (attempts - 1), 2 * 60 * 60 * 1000);

const KEEP_DELIVERED_MS = 7 * 24 * 60 * 60 * 1000;
const BATCH = 50;

/**
 * The transactional outbox (Outline's stored events, fastify's outbox pattern): an action
 * writes its events in its own transaction with `add`, then asks for them to be delivered at
 * once with `deliver`. Each delivery claims its row (`FOR UPDATE`), runs every handler in one
 * transaction and marks the row delivered in that same transaction — so an event is delivered
 * exactly once whichever instance does it, and a crash between the action's commit and the
 * delivery loses nothing: the poller of any instance (woken by NOTIFY, or every `pollMs`)
 * delivers what is left, retrying failures with back-off.
 */
export function createOutbox(deps: OutboxDeps) {
  const { repo, hooks } = deps;
  const now = deps.now ?? (() => new Date());
  const handlers = new Map<string, OutboxHandler<OutboxEventName>[]>();
  const stats = { delivered: new Map<string, number>(), failed: new Map<string, number>() };
  const bump = (counts: Map<string, number>, type: string) =>
    counts.set(type, (counts.get(type) ?? 0) + 1);

  let timer: NodeJS.Timeout | undefined;
  let wakeTimer: NodeJS.Timeout | undefined;
  let unlisten: Unlisten | undefined;
  let draining: Promise<void> | undefined;
  let again = false;
  let stopped = true;
  let lastPrune = 0;

  async function attempt(id: number, skipLocked: boolean): Promise<void> {
    const after: (() => void)[] = [];
    let claimed: OutboxRow | undefined;
    try {
      const delivered = await repo.transaction(async (tx) => {
        claimed = await repo.claim(id, { skipLocked, now: now() }, tx);
        if (!claimed) return false;
        await hooks?.beforeDelivery?.({ id, type: claimed.type });
        for (const handler of handlers.get(claimed.type) ?? []) {
          const then = await handler(claimed.payload as never, {
            tx,
            occurredAt: claimed.createdAt,
          });
          if (then) after.push(then);
        }
        await repo.markDelivered(id, now(), tx);
        return true;
      });
      if (!delivered || !claimed) return;
      bump(stats.delivered, claimed.type);
      for (const then of after) {
        try {
          then();
        } catch (error) {
          deps.onError(error, { id, type: claimed.type });
        }
      }
    } catch (error) {
      const type = claimed?.type ?? 'unknown';
      deps.onError(error, { id, type });
      if (!claimed) return;
      bump(stats.failed, type);
      const attempts = claimed.attempts + 1;
      const at = now();
      await repo
        .markAttemptFailed(id, {
          attempts,
          error: error instanceof Error ? error.message : String(error),
          retryAt:
            attempts >= MAX_ATTEMPTS ? null : new Date(at.getTime() + retryDelayMs(attempts)),
          at,
        })
        .catch((markError: unknown) => deps.onError(markError, { id, type }));
    }
  }

  async function drainOnce(): Promise<void> {
    for (let round = 0; round < 100; round += 1) {
      const ids = await repo.due(now(), BATCH);
      for (const id of ids) await attempt(id, true);
      if (ids.length < BATCH) break;
    }
    if (now().getTime() - lastPrune > 60 * 60 * 1000) {
      lastPrune = now().getTime();
      await repo.pruneDelivered(new Date(now().getTime() - KEEP_DELIVERED_MS));
    }
  }

  /** Delivers every event due; concurrent calls share one pass (and ask for one more). */
  function drain(): Promise<void> {
    if (draining) {
      again = true;
      return draining;
    }
    draining = (async () => {
      try {
        do {
          again = false;
          await drainOnce();
        } while (again && !stopped);
      } catch (error) {
        deps.onError(error, { id: 0, type: 'drain' });
      } finally {
        draining = undefined;
      }
    })();
    return draining;
  }

  async function deliver(ids: readonly number[]): Promise<void> {
    for (const id of ids) await attempt(id, false);
  }

  const wake = () => {
    if (stopped || wakeTimer) return;
    wakeTimer = setTimeout(() => {
      wakeTimer = undefined;
      void drain();
    }, deps.wakeDelayMs ?? 250);
    wakeTimer.unref();
  };

  return {
    /**
     * Writes an event in the action's transaction; returns its id for `deliver`. `availableAt`:
     * not delivered before then (a batch that waits).
     */
    add<E extends OutboxEventName>(
      tx: Db,
      event: E,
      payload: OutboxEventMap[E],
      options: { availableAt?: Date } = {},
    ): Promise<number> {
      return repo.insert(event, payload, now(), tx, options.availableAt);
    },

    /** Every event of this name is handed to `handler` (all handlers in one transaction). */
    handle<E extends OutboxEventName>(event: E, handler: OutboxHandler<E>): void {
      handlers.set(event, [
        ...(handlers.get(event) ?? []),
        handler as unknown as OutboxHandler<OutboxEventName>,
      ]);
    },

    /**
     * Delivers events its caller has just committed, before the caller answers its request.
     * Never throws: the action stands, and what failed is retried by the poller.
     */
    deliver,

    /** Writes one event in a transaction of its own and delivers it. */
    async emit<E extends OutboxEventName>(event: E, payload: OutboxEventMap[E]): Promise<void> {
      const id = await repo.transaction((tx) => repo.insert(event, payload, now(), tx));
      await deliver([id]);
    },

    drain,

    /** Delivered and failed attempts since start, by event name (metrics). */
    stats: (): {
      delivered: ReadonlyMap<string, number>;
      failed: ReadonlyMap<string, number>;
    } => stats,

    countPending: () => repo.countPending(),

    /** Listens for other instances' events, polls, and delivers what a crash left behind. */
    async start(): Promise<void> {
      stopped = false;
      unlisten = await deps.database.listen(OUTBOX_CHANNEL, wake);
      timer = setInterval(() => void drain(), deps.pollMs ?? 5000);
      timer.unref();
      void drain();
    },

    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearInterval(timer);
      if (wakeTimer) clearTimeout(wakeTimer);
      timer = undefined;
      wakeTimer = undefined;
      await unlisten?.();
      unlisten = undefined;
      await draining;
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
