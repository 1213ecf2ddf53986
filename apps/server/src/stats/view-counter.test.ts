import { describe, expect, it } from 'vitest';
import { referrerDomain } from './referrer.js';
import { createViewCounter, DEDUPE_WINDOW_MS, type StatsBatch } from './view-counter.js';

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

function counterAt(start: number) {
  let clock = start;
  const written: StatsBatch[] = [];
  const counter = createViewCounter({
    write: async (batch) => void written.push(batch),
    flushMs: 60_000,
    onError: (error) => {
      throw error;
    },
    now: () => clock,
  });
  return {
    counter,
    written,
    advance: (ms: number) => (clock += ms),
    /** Views, reads and bot views written so far, per article and day. */
    totals: () => {
      const sum: Record<string, { views: number; reads: number; bots: number }> = {};
      for (const batch of written)
        for (const c of batch.counts) {
          const entry = (sum[`${c.articleId} ${c.day}`] ??= { views: 0, reads: 0, bots: 0 });
          entry.views += c.views;
          entry.reads += c.reads;
          entry.bots += c.bots;
        }
      return sum;
    },
  };
}

const NOON = Date.parse('2026-11-20T12:00:00Z');

describe('counting views in memory', () => {
  it('counts a reader once per breakthrough in 30 minutes, then again', async () => {
    const { counter, totals, advance } = counterAt(NOON);
    const reader = { articleId: 7, address: '203.0.113.5', userAgent: CHROME };
    expect(counter.view(reader)).toBe(true);
    expect(counter.view(reader)).toBe(false);
    advance(DEDUPE_WINDOW_MS - 1000);
    expect(counter.view(reader)).toBe(false);
    // Another breakthrough, another browser at the same address, another address: new views.
    expect(counter.view({ ...reader, articleId: 8 })).toBe(true);
    expect(counter.view({ ...reader, userAgent: FIREFOX })).toBe(true);
    expect(counter.view({ ...reader, address: '203.0.113.6' })).toBe(true);
    advance(2000);
    expect(counter.view(reader)).toBe(true);
    await counter.flush();
    expect(totals()).toEqual({
      '7 2026-11-20': { views: 4, reads: 0, bots: 0 },
      '8 2026-11-20': { views: 1, reads: 0, bots: 0 },
    });
  });

  it('counts bots apart, every time, and never as readers', async () => {
    const { counter, totals } = counterAt(NOON);
    counter.view({ articleId: 7, address: '66.249.66.1', userAgent: GOOGLEBOT });
    counter.view({ articleId: 7, address: '66.249.66.1', userAgent: GOOGLEBOT });
    expect(counter.read({ articleId: 7, address: '66.249.66.1', userAgent: GOOGLEBOT })).toBe(
      false,
    );
    await counter.flush();
    expect(totals()).toEqual({ '7 2026-11-20': { views: 0, reads: 0, bots: 2 } });
  });

  it('counts reads once per reader and window, apart from views', async () => {
    const { counter, totals } = counterAt(NOON);
    const reader = { articleId: 7, address: '203.0.113.5', userAgent: CHROME };
    counter.view(reader);
    counter.read(reader);
    counter.read(reader);
    await counter.flush();
    expect(totals()).toEqual({ '7 2026-11-20': { views: 1, reads: 1, bots: 0 } });
  });

  it('puts a view on the day (UTC) it happened, even when flushed the next day', async () => {
    const { counter, totals, advance } = counterAt(Date.parse('2026-11-20T23:59:59Z'));
    counter.view({ articleId: 7, address: '203.0.113.5', userAgent: CHROME });
    advance(2000);
    counter.view({ articleId: 7, address: '203.0.113.5', userAgent: CHROME });
    await counter.flush();
    expect(totals()).toEqual({
      '7 2026-11-20': { views: 1, reads: 0, bots: 0 },
      '7 2026-11-21': { views: 1, reads: 0, bots: 0 },
    });
  });

  it('keeps a batch that failed to be written and adds it to the next one', async () => {
    let fail = true;
    const written: StatsBatch[] = [];
    const counter = createViewCounter({
      write: async (batch) => {
        if (fail) throw new Error('database away');
        written.push(batch);
      },
      flushMs: 60_000,
      onError: () => undefined,
    });
    counter.view({ articleId: 7, address: 'a', userAgent: CHROME });
    await expect(counter.flush()).rejects.toThrow('database away');
    counter.view({ articleId: 7, address: 'b', userAgent: CHROME });
    fail = false;
    await counter.flush();
    expect(written).toHaveLength(1);
    expect(written[0]?.counts.map((c) => c.views)).toEqual([2]);
    await counter.flush();
    expect(written).toHaveLength(1);
  });

  it('keeps only the referrer’s domain', () => {
    expect(referrerDomain('https://www.google.com/search?q=private+words')).toBe('google.com');
    expect(referrerDomain('https://news.ycombinator.com/item?id=1')).toBe('news.ycombinator.com');
    expect(referrerDomain('')).toBe('direct');
    expect(referrerDomain(undefined)).toBe('direct');
    expect(referrerDomain('android-app://com.slack/')).toBe('other');
    expect(referrerDomain('not a url')).toBe('other');
  });
});
