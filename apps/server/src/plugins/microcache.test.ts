import { describe, expect, it } from 'vitest';
import { microcache } from './microcache.js';

describe('microcache', () => {
  it('shares one load between concurrent callers and keeps it for ttlMs', async () => {
    let clock = 0;
    const cache = microcache<number>({ ttlMs: 1000, now: () => clock });
    let loads = 0;
    const load = async () => {
      loads += 1;
      return loads;
    };
    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual([1, 1]);
    clock = 999;
    expect(await cache.get('k', load)).toBe(1);
    clock = 1000;
    expect(await cache.get('k', load)).toBe(2);
    cache.clear();
    expect(await cache.get('k', load)).toBe(3);
  });

  it('does not keep a failed load, and drops the oldest key past maxKeys', async () => {
    const cache = microcache<string>({ ttlMs: 60_000, maxKeys: 2 });
    await expect(cache.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('a', async () => 'up')).toBe('up');

    await cache.get('b', async () => 'b1');
    await cache.get('c', async () => 'c1');
    expect(await cache.get('a', async () => 'reloaded')).toBe('reloaded');
    expect(await cache.get('c', async () => 'c2')).toBe('c1');
  });
});

describe('forgetting one key', () => {
  it('reloads only the key that was deleted', async () => {
    const cache = microcache<string>({ ttlMs: 60_000 });
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    cache.delete('a');
    expect(await cache.get('a', async () => 'a2')).toBe('a2');
    expect(await cache.get('b', async () => 'b2')).toBe('b1');
  });
});

describe('serving a stale value while it reloads', () => {
  it('answers the expired value at once, reloads it once in the background, then answers the new one', async () => {
    let clock = 0;
    const cache = microcache<string>({ ttlMs: 1000, staleMs: 5000, now: () => clock });
    let release: (value: string) => void = () => undefined;
    let loads = 0;
    const slow = () => {
      loads += 1;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const first = cache.get('k', slow);
    release('v1');
    expect(await first).toBe('v1');

    clock = 1500;
    expect(await cache.get('k', slow)).toBe('v1');
    expect(await cache.get('k', slow)).toBe('v1');
    expect(loads).toBe(2);
    release('v2');
    await Promise.resolve();
    expect(await cache.get('k', slow)).toBe('v2');
    expect(loads).toBe(2);
  });

  it('does not serve stale after a write dropped the key, nor past the stale window', async () => {
    let clock = 0;
    const cache = microcache<string>({ ttlMs: 1000, staleMs: 5000, now: () => clock });
    await cache.get('k', async () => 'v1');
    clock = 1500;
    cache.delete('k');
    expect(await cache.get('k', async () => 'after write')).toBe('after write');
    clock = 10_000;
    expect(await cache.get('k', async () => 'long idle')).toBe('long idle');
  });

  it('keeps answering the stale value when the background reload fails, and retries it', async () => {
    let clock = 0;
    const cache = microcache<string>({ ttlMs: 1000, staleMs: 5000, now: () => clock });
    await cache.get('k', async () => 'v1');
    clock = 1500;
    expect(await cache.get('k', () => Promise.reject(new Error('down')))).toBe('v1');
    await Promise.resolve();
    expect(await cache.get('k', async () => 'v2')).toBe('v1');
    await Promise.resolve();
    expect(await cache.get('k', async () => 'v3')).toBe('v2');
  });
});

describe('changing loaded values in place', () => {
  it('applies the change to loaded values and drops values still loading', async () => {
    const clock = 0;
    const cache = microcache<number[]>({ ttlMs: 1000, staleMs: 5000, now: () => clock });
    await cache.get('a', async () => [1, 2]);
    let finish: (value: number[]) => void = () => undefined;
    void cache.get('b', () => new Promise((resolve) => (finish = resolve)));
    cache.update((_key, ids) => [0, ...ids]);
    finish([9]);
    expect(await cache.get('a', async () => [])).toEqual([0, 1, 2]);
    // 'b' was loading when the change came: it is read again.
    expect(await cache.get('b', async () => [0, 9])).toEqual([0, 9]);
  });

  it('lets no reload that began before the change overwrite it', async () => {
    let clock = 0;
    const cache = microcache<number[]>({ ttlMs: 1000, staleMs: 5000, now: () => clock });
    await cache.get('a', async () => [1]);
    clock = 1500;
    let finish: (value: number[]) => void = () => undefined;
    // Expired: answered stale while a reload runs...
    expect(await cache.get('a', () => new Promise((resolve) => (finish = resolve)))).toEqual([1]);
    // ...which the change drops; the next read loads afresh.
    cache.update((_key, ids) => [0, ...ids]);
    finish([1]);
    await Promise.resolve();
    expect(await cache.get('a', async () => [0, 1, 'fresh'.length])).toEqual([0, 1, 5]);
  });
});
