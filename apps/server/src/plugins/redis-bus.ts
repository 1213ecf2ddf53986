import type { Db, Unlisten } from '../db/client.js';
import { afterCommit } from '../db/transaction.js';
import type { MessageBus } from './message-bus.js';
import type { RedisLink } from './redis.js';

/**
 * Messages between instances over Redis pub/sub (REDIS_URL): PostgreSQL no longer carries
 * them, so its connections serve queries. While Redis is out a message goes through `fallback`
 * (LISTEN/NOTIFY) instead, with a warning and a count (RedisLink.fellBack), never an error to
 * the request that caused it. Every instance therefore hears each channel on both transports;
 * a message takes exactly one of them.
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
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const channelOf = (name: string) => `${link.prefix}${name}`;
  link.subscriber.on('message', (channel: string, payload: string) => {
    for (const handler of handlers.get(channel) ?? []) handler(payload);
  });

  const publish = async (channel: string, payload: string): Promise<void> => {
    if (link.up()) {
      try {
        await link.commands.publish(channelOf(channel), payload);
        return;
      } catch (error) {
        link.fellBack('messages', error);
      }
    } else {
      link.fellBack('messages');
    }
    await fallback.publish(channel, payload);
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
      const stopFallback = await fallback.subscribe(channel, onMessage);
      const name = channelOf(channel);
      let set = handlers.get(name);
      if (!set) {
        set = new Set();
        handlers.set(name, set);
        // While Redis is out the subscription is queued and made on reconnect.
        const subscribing = link.subscriber.subscribe(name);
        if (link.subscriber.status === 'ready') await subscribing;
        else subscribing.catch(() => undefined);
      }
      set.add(onMessage);
      return async () => {
        await stopFallback();
        set.delete(onMessage);
        if (set.size === 0 && handlers.get(name) === set) {
          handlers.delete(name);
          await link.subscriber.unsubscribe(name).catch(() => undefined);
        }
      };
    },
    close: () => fallback.close(),
  };
}
