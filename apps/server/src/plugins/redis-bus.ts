import type { Db, Unlisten } from '../db/client.js';
import { afterCommit } from '../db/transaction.js';
import type { MessageBus } from './message-bus.js';
import { messageIds } from './message-ids.js';
import { COMMAND_TIMEOUT_MS, within, type RedisLink } from './redis.js';

/**
 * Messages between instances over Redis pub/sub (REDIS_URL): PostgreSQL no longer carries
 * them, so its connections serve queries. While Redis is out a message goes through `fallback`
 * (LISTEN/NOTIFY) instead, with a warning and a count (RedisLink.fellBack), never an error to
 * the request that caused it. Every instance therefore hears each channel on both transports.
 *
 * A message can travel both: a publish to a hung (not dead) Redis times out and goes through
 * PostgreSQL, and Redis may send it after all once it resumes. Each message therefore carries an
 * id (message-ids.ts) and each instance passes an id on to its listeners once: every instance
 * hears every message exactly once, as long as the copy that comes second arrives within the
 * last REMEMBERED_IDS messages the instance heard.
 *
 * A message that must wait for its transaction (publishOnCommit) is published right after the
 * commit: no instance hears of a change that was not stored, as with NOTIFY; a process killed
 * between its commit and the publish loses only that announcement (the stored change stays,
 * and readers load it on their next read or reconnect).
 */
export function redisBus(
  link: RedisLink,
  fallback: MessageBus,
  onError: (error: unknown) => void,
): MessageBus {
  const ids = messageIds();
  /** This instance's listeners by channel, and the channel's subscriptions on both transports. */
  const channels = new Map<
    string,
    { handlers: Set<(payload: string) => void>; subscribed: Promise<Unlisten> }
  >();
  /** Unsubscribes under way, by channel. */
  const stopping = new Map<string, Promise<unknown>>();
  const channelOf = (name: string) => `${link.prefix}${name}`;
  const deliver = (channel: string, message: string) => {
    const payload = ids.open(message);
    if (payload === undefined) return;
    for (const handler of channels.get(channel)?.handlers ?? []) handler(payload);
  };
  link.subscriber.on('message', (name: string, message: string) => {
    if (name.startsWith(link.prefix)) deliver(name.slice(link.prefix.length), message);
  });

  const publish = async (channel: string, payload: string): Promise<void> => {
    const message = ids.stamp(payload);
    if (link.up()) {
      try {
        await link.commands.publish(channelOf(channel), message);
        return;
      } catch (error) {
        link.fellBack('messages', error);
      }
    } else {
      link.fellBack('messages');
    }
    await fallback.publish(channel, message);
  };

  /** Subscribes `channel` on PostgreSQL and on Redis; resolves with how to stop both. */
  const subscribeBoth = async (channel: string): Promise<Unlisten> => {
    const stopFallback = await fallback.subscribe(channel, (message) => deliver(channel, message));
    const name = channelOf(channel);
    // While Redis is out the subscription is queued and made on reconnect; a hung Redis holds
    // it until it answers again. Either way PostgreSQL carries the channel meanwhile.
    const subscribing = link.subscriber.subscribe(name);
    subscribing.catch(() => undefined);
    if (link.up() && link.subscriber.status === 'ready') {
      await within(subscribing, COMMAND_TIMEOUT_MS).catch((error: unknown) =>
        link.fellBack('messages', error),
      );
    }
    return async () => {
      await stopFallback();
      await link.subscriber.unsubscribe(name).catch(() => undefined);
    };
  };

  return {
    transport: () => (link.up() ? 'redis' : 'postgres'),
    publish,
    async publishOnCommit(tx: Db, channel: string, payload: string): Promise<void> {
      afterCommit(tx, () => {
        // Nothing awaits a message sent after the commit: a failure of both transports is logged.
        publish(channel, payload).catch(onError);
      });
    },
    async subscribe(channel, onMessage): Promise<Unlisten> {
      let entry = channels.get(channel);
      if (!entry) {
        // After the channel's last unsubscribe, if one is under way (never the other way round).
        const after = stopping.get(channel) ?? Promise.resolve();
        const created = {
          handlers: new Set<(payload: string) => void>(),
          subscribed: after.then(() => subscribeBoth(channel)),
        };
        channels.set(channel, created);
        created.subscribed.catch(() => {
          if (channels.get(channel) === created) channels.delete(channel);
        });
        entry = created;
      }
      const current = entry;
      await current.subscribed;
      current.handlers.add(onMessage);
      return async () => {
        current.handlers.delete(onMessage);
        if (current.handlers.size > 0 || channels.get(channel) !== current) return;
        channels.delete(channel);
        const stop = current.subscribed.then((unsubscribe) => unsubscribe());
        const settled = stop.catch(() => undefined);
        stopping.set(channel, settled);
        try {
          await stop;
        } finally {
          if (stopping.get(channel) === settled) stopping.delete(channel);
        }
      };
    },
    close: () => fallback.close(),
  };
}
