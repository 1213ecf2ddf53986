import type { RedisLink, RedisUse } from './redis.js';

/**
 * Counted slots shared by every instance (REDIS_URL): "at most `max` of these at once for this
 * key, cluster-wide". Without Redis, or while it is out, `take` always grants (each instance's
 * own bound still holds) and the fallback is counted.
 */
export interface SharedSlots {
  /** Takes a slot of `key` unless `max` are taken; resolves to a release, or undefined when full. */
  take(key: string, max: number): Promise<(() => void) | undefined>;
}

/** A slot's key lives this long after its last take: slots of a killed instance free themselves. */
const SLOT_TTL_MS = 60_000;

const TAKE = `
local taken = redis.call('INCR', KEYS[1])
if taken > tonumber(ARGV[1]) then
  redis.call('DECR', KEYS[1])
  return 0
end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

const granted = (): (() => void) => () => undefined;

/** Slots on Redis when there is one; otherwise every take is granted. `use` names the metric's label. */
export function sharedSlots(link: RedisLink | undefined, use: RedisUse): SharedSlots {
  if (!link) return { take: async () => granted() };
  return {
    async take(key, max) {
      if (!link.up()) {
        link.fellBack(use);
        return granted();
      }
      const name = `${link.prefix}slots:${key}`;
      try {
        const ok = await link.commands.eval(TAKE, 1, name, max, SLOT_TTL_MS);
        if (ok !== 1) return undefined;
      } catch (error) {
        link.fellBack(use, error);
        return granted();
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        // Lost while Redis is out: the key's expiry frees it.
        link.commands.decr(name).catch(() => undefined);
      };
    },
  };
}
