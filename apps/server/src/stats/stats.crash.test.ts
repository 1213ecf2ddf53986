import { describe, expect, it } from 'vitest';
import type { Stats } from '@repolog/contract/stats';
import { TEST_ORIGIN } from '../test/app.js';
import { crashDatabase, freePort, killNow, startChild } from '../test/children.js';
import { createArticle, createBlog, createUser, signIn } from '../test/factories.js';

const FLUSH_MS = 300;

describe('a server killed (SIGKILL) while counting views', () => {
  const db = crashDatabase();

  it('loses at most the last interval and never counts a view twice', async () => {
    const { session, article, secret } = await db.prepare(async (t) => {
      const writer = await createUser(t);
      const blog = await createBlog(t, { owner: writer });
      return {
        session: await signIn(t, writer),
        article: await createArticle(t, { blog, author: writer }),
      };
    });

    const env = { ...db.childEnv(secret), CHILD_STATS_FLUSH_MS: String(FLUSH_MS) };
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let reader = 0;
    const views = (count: number) =>
      Promise.all(
        Array.from({ length: count }, async () => {
          reader += 1;
          const res = await fetch(`${base}/api/stats/view`, {
            method: 'POST',
            headers: {
              origin: TEST_ORIGIN,
              'content-type': 'application/json',
              'user-agent': `Mozilla/5.0 (X11; Linux x86_64) Firefox/${reader}.0`,
            },
            body: JSON.stringify({ articleId: article.id }),
          });
          expect(res.status).toBe(204);
        }),
      );
    const counted = async () => {
      const res = await fetch(`${base}/api/stats/articles/${article.id}?days=7`, {
        headers: { cookie: session.cookie },
      });
      const stats = (await res.json()) as Stats;
      return stats.days.reduce((sum, day) => sum + day.views, 0);
    };

    const first = await startChild(env, port);
    await views(30);
    await expect.poll(counted, { timeout: 10_000 }).toBe(30);
    // Counted in memory, then the process dies at once: these may be lost, and only these.
    await views(20);
    await killNow(first);

    await startChild(env, port);
    const survived = await counted();
    expect(survived).toBeGreaterThanOrEqual(30);
    expect(survived).toBeLessThanOrEqual(50);
    // Counting goes on from what was stored, exactly.
    await views(10);
    await expect.poll(counted, { timeout: 10_000 }).toBe(survived + 10);
    // Two server starts (each opening the database anew) on a busy machine take time.
  }, 120_000);
});
