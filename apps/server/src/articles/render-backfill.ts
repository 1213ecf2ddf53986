import { escapedBody, RENDER_VERSION, type StoredBody } from './article-body.js';
import type { ArticleBodiesRepository, StaleBodyRow } from './article-bodies.repository.js';
import { RenderError, RenderRefusedError, type RenderPool } from './render-pool.js';

/** The render pool's owner name for re-renders: one owner, so at most one thread of them. */
export const BACKGROUND_OWNER = 'background';

export interface RenderBackfill {
  /** A read met this article's body unrendered or from an older pipeline: re-render it soon. */
  request(articleId: number): void;
  /** Re-renders every stale body, in id order, a batch at a time; resolves when none is left. */
  runPass(): Promise<number>;
  /** Stops after the body in hand; resolves when the work has stopped. */
  stop(): Promise<void>;
}

const BATCH = 50;
/** Requests kept while busy; past it they are dropped (the next pass finds them anyway). */
const MAX_REQUESTS = 10_000;

/**
 * Brings stored renderings up to the current pipeline, never on a request's path: a pass over
 * every stale row when the server starts (rows written by seeds, demo data, older versions), and
 * lazily the rows that reads run into. Renders take the pool's "background" turn, so writers'
 * renders always have a thread. Bodies that cannot be rendered are stored as escaped text.
 */
export function createRenderBackfill(deps: {
  repo: ArticleBodiesRepository;
  pool: Pick<RenderPool, 'render'>;
  /** A requested article got its new rendering (drop cached views of it). */
  onRendered: (articleId: number) => void;
  onError: (error: unknown) => void;
  /** Wait before asking again when the pool's queue is full. */
  retryMs?: number;
}): RenderBackfill {
  const { repo, pool, onRendered, onError, retryMs = 1000 } = deps;
  const requested = new Set<number>();
  let stopped = false;
  let draining: Promise<void> | undefined;
  let pass: Promise<number> | undefined;

  /** Renders and stores one body; false when it was not stored (edited meanwhile, or stopping). */
  const renderOne = async (row: StaleBodyRow): Promise<boolean> => {
    let body: StoredBody | undefined;
    while (!body) {
      if (stopped) return false;
      try {
        body = await pool.render(row.content, BACKGROUND_OWNER);
      } catch (error) {
        if (error instanceof RenderError) {
          body = { html: escapedBody(row.content), text: '', version: RENDER_VERSION };
        } else if (error instanceof RenderRefusedError && error.reason !== 'closed') {
          // Writers filled the queue: they go first; try again shortly.
          await new Promise((resolve) => setTimeout(resolve, retryMs).unref());
        } else {
          throw error;
        }
      }
    }
    return repo.storeRenderedBody(row, body);
  };

  const drain = async () => {
    while (!stopped && requested.size > 0) {
      const ids = [...requested].slice(0, BATCH);
      for (const id of ids) requested.delete(id);
      try {
        for (const row of await repo.findStaleBodiesById(ids, RENDER_VERSION)) {
          if (stopped) return;
          if (await renderOne(row)) onRendered(row.id);
        }
      } catch (error) {
        if (!stopped) onError(error);
      }
    }
  };

  const kick = () => {
    if (draining || stopped) return;
    draining = drain().finally(() => {
      draining = undefined;
      // A request that came in as the loop was ending.
      if (requested.size > 0) kick();
    });
  };

  return {
    request(articleId) {
      if (stopped || requested.size >= MAX_REQUESTS) return;
      requested.add(articleId);
      kick();
    },

    runPass() {
      pass ??= (async () => {
        let afterId = 0;
        let done = 0;
        while (!stopped) {
          const rows = await repo.findStaleBodies({
            version: RENDER_VERSION,
            afterId,
            limit: BATCH,
          });
          if (rows.length === 0) break;
          for (const row of rows) {
            if (stopped) break;
            if (await renderOne(row)) done += 1;
            afterId = row.id;
          }
        }
        return done;
      })().finally(() => {
        pass = undefined;
      });
      return pass;
    },

    async stop() {
      stopped = true;
      requested.clear();
      await Promise.allSettled([draining, pass]);
    },
  };
}
