import { randomBytes } from 'node:crypto';

/**
 * How many message ids an instance remembers: far more than it hears while one publish waits
 * on a hung Redis (COMMAND_TIMEOUT_MS), a Set of short strings (about 2 MB when full).
 */
export const REMEMBERED_IDS = 20_000;

/** `<instance>.<counter>`: 8 base64url characters, a dot, a base-36 number. */
const ID = /^[A-Za-z0-9_-]{8}\.[0-9a-z]+$/;

/**
 * Message ids for the Redis bus, whose message can arrive twice (over Redis and over PostgreSQL,
 * when a publish to a hung Redis timed out but Redis sent it after all). `stamp` puts an id in
 * front of a payload (`<id> <payload>`, 10 to 20 bytes more: PostgreSQL's 8000-byte NOTIFY limit
 * still holds for every message under live-relay.ts's inline limit); `open` takes it off again
 * and answers undefined for an id already heard. The memory keeps the last `capacity` ids and
 * forgets the oldest first, so it never grows without bound.
 */
export function messageIds(capacity = REMEMBERED_IDS) {
  const instance = randomBytes(6).toString('base64url');
  let counter = 0;
  const heard = new Set<string>();
  return {
    stamp(payload: string): string {
      counter += 1;
      return `${instance}.${counter.toString(36)} ${payload}`;
    },
    /** The payload of a message heard for the first time; undefined for a repeat. */
    open(message: string): string | undefined {
      const space = message.indexOf(' ');
      const id = space > 0 ? message.slice(0, space) : '';
      // Without an id (an instance of an earlier version, during a rolling upgrade): as it is.
      if (!ID.test(id)) return message;
      if (heard.has(id)) return undefined;
      heard.add(id);
      if (heard.size > capacity) {
        for (const oldest of heard) {
          heard.delete(oldest);
          break;
        }
      }
      return message.slice(space + 1);
    },
  };
}
