import { afterAll, describe, expect, it } from 'vitest';
import { RENDER_VERSION } from './article-body.js';
import { createRenderPool, RenderError, RenderRefusedError } from './render-pool.js';

/** Quadratic for the parser: runs into any time limit below several seconds. */
const SLOW = '*a'.repeat(50_000);

/** Settles to 'pending' when `promise` has not settled yet. */
const peek = (promise: Promise<unknown>) =>
  Promise.race([
    promise.then(
      () => 'fulfilled',
      () => 'rejected',
    ),
    new Promise((resolve) => setImmediate(() => resolve('pending'))),
  ]);

const pool = createRenderPool({ threads: 2, timeoutMs: 1500, maxPerOwner: 3, maxQueued: 8 });
afterAll(() => pool.close());

describe('the render pool', () => {
  it('renders a body to stored HTML, plain text and the pipeline version', async () => {
    expect(
      await pool.render('# Hi\n\nSome `code` and [a link](https://example.com).', 'u1'),
    ).toEqual({
      html: '<h1>Hi</h1>\n<p>Some <code>code</code> and <a href="https://example.com" rel="nofollow ugc">a link</a>.</p>',
      text: 'Hi Some code and a link.',
      version: RENDER_VERSION,
    });
  });

  it('refuses a body nested deeper than the renderer goes, and renders the next one', async () => {
    const error = await pool.render('>'.repeat(300), 'u1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RenderError);
    expect(error).toMatchObject({ reason: 'failed' });
    expect((await pool.render('after', 'u1')).html).toBe('<p>after</p>');
  });

  it('ends a render past the time limit without blocking this thread', async () => {
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 50);
    const error = await pool.render(SLOW, 'u1').catch((e: unknown) => e);
    clearInterval(ticker);
    expect(error).toBeInstanceOf(RenderError);
    expect(error).toMatchObject({ reason: 'timeout' });
    // The event loop kept running the whole time.
    expect(ticks).toBeGreaterThan(10);
    expect((await pool.render('still here', 'u1')).html).toBe('<p>still here</p>');
  });

  it("bounds one owner's renders and lets another owner through while they run", async () => {
    // Both threads up and loaded first, so what follows measures turns, not thread start-up.
    await Promise.all([pool.render('warm', 'w1'), pool.render('warm', 'w2')]);
    const slow = [pool.render(SLOW, 'hog'), pool.render(SLOW, 'hog'), pool.render(SLOW, 'hog')];
    const settled = slow.map((p) => p.catch((e: unknown) => e));
    // A fourth render from the same owner is refused at once, naming the reason.
    const fourth = await pool.render('ok', 'hog').catch((e: unknown) => e);
    expect(fourth).toBeInstanceOf(RenderRefusedError);
    expect(fourth).toMatchObject({ reason: 'owner' });
    expect(pool.stats()).toMatchObject({ threads: 2, perOwner: { hog: 3 } });
    // One thread is the hog's at most: someone else's body renders while all three wait/run.
    expect((await pool.render('quick', 'other')).html).toBe('<p>quick</p>');
    expect(await Promise.all(slow.map(peek))).toEqual(['pending', 'pending', 'pending']);
    expect(pool.stats().running).toBe(1);
    for (const error of await Promise.all(settled))
      expect(error).toMatchObject({ reason: 'timeout' });
    expect(pool.stats()).toEqual({ threads: 2, running: 0, queued: 0, perOwner: {} });
  }, 30_000);

  it('answers "busy" once the overall queue is full', async () => {
    const small = createRenderPool({ threads: 2, timeoutMs: 1000, maxPerOwner: 2, maxQueued: 2 });
    try {
      // Two running (one thread per owner at most), two waiting: the queue is full.
      const taken = ['a', 'b', 'c', 'd'].map((owner) =>
        small.render(SLOW, owner).catch((e: unknown) => e),
      );
      expect(small.stats()).toMatchObject({ running: 2, queued: 2 });
      const refused = await small.render('ok', 'e').catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(RenderRefusedError);
      expect(refused).toMatchObject({ reason: 'queue' });
      await small.close();
      // Closing refuses what waits and ends what runs.
      for (const error of await Promise.all(taken)) {
        expect(error).toBeInstanceOf(Error);
      }
      expect(await small.render('late', 'a').catch((e: unknown) => e)).toMatchObject({
        reason: 'closed',
      });
    } finally {
      await small.close();
    }
  }, 30_000);
});
