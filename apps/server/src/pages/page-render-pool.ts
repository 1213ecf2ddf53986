import { AsyncResource } from 'node:async_hooks';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { PageReads, PageRenderer, RenderedPage } from '@repolog/contract/pages';
import type { PageTask } from './page.worker.js';
import { errorFields, prefetchReads, type ErrorFields } from './page-prefetch.js';

/** A worker's question for one of a render's reads. */
export interface ReadAsk {
  id: number;
  name: keyof PageReads;
  args: unknown[];
}

/** The main thread's answer: the read's value, or its failure's fields (an AppError's). */
export type ReadAnswer = { id: number; value: unknown } | { id: number; error: ErrorFields };

/**
 * Answers a render's reads on the main thread, until the render closes its port. Each read runs
 * in the context of the request the page is rendered for (AsyncResource.bind), so it follows
 * that request's read routing (read-routing.ts): the replica for a visitor, the primary for a
 * writer's own reads right after a write and for a page about to be stored.
 */
function serveReads(port: MessagePort, reads: PageReads): void {
  // Each read by its name, with the arguments the worker's page loader gave it.
  const byName = reads as unknown as Record<
    keyof PageReads,
    (...args: unknown[]) => Promise<unknown>
  >;
  port.on(
    'message',
    AsyncResource.bind((ask: ReadAsk) => {
      byName[ask.name](...ask.args).then(
        (value) => port.postMessage({ id: ask.id, value } satisfies ReadAnswer),
        (error: unknown) => port.postMessage({ id: ask.id, error: errorFields(error) }),
      );
    }),
  );
}

export interface PageRenderPool {
  /** Renders a page on a worker thread, its reads answered here. */
  render: PageRenderer;
  /** Renders running on a thread or waiting for one (metrics, tests). */
  stats(): { threads: number; running: number };
  close(): Promise<void>;
}

/**
 * The web app's server renderer on worker threads (piscina): React's work — the page tree, the
 * HTML, the dehydrated data — runs off the thread that answers requests and on every core, so a
 * cold page never holds up anyone else's request. Reads stay on the main thread (its database
 * pool and caches): the ones a page is known to make are done at once before the render and go
 * with its task (page-prefetch.ts); any other is answered over a MessageChannel of the render's
 * own. A thread renders
 * several pages at once, since each mostly waits for its reads; the render limit in front of the
 * pool (render-limit.ts) bounds how many are running and waiting.
 */
export function createPageRenderPool(options: {
  /** The built renderer (apps/web/dist-ssr/entry-server.js). */
  renderer: string;
  threads: number;
  /** Renders at once over all threads. */
  concurrency: number;
}): PageRenderPool {
  const threads = Math.max(1, options.threads);
  // From source (tests, `npm run dev`) the worker is TypeScript and its thread needs the tsx
  // loader; the built server has dist/page.worker.js beside dist/server.js.
  const fromSource = import.meta.url.endsWith('.ts');
  const piscina = new Piscina<PageTask, RenderedPage | null>({
    filename: new URL(fromSource ? './page.worker.ts' : './page.worker.js', import.meta.url).href,
    ...(fromSource ? { execArgv: ['--import', 'tsx'] } : {}),
    workerData: { renderer: options.renderer },
    // The built server starts its threads with it (loading React takes a while); from source,
    // on first use, so the many apps tests build start none they do not render with.
    minThreads: fromSource ? 0 : threads,
    maxThreads: threads,
    idleTimeout: fromSource ? 30_000 : Number.POSITIVE_INFINITY,
    concurrentTasksPerWorker: Math.max(1, Math.ceil(options.concurrency / threads)),
  });
  let running = 0;

  return {
    async render(url, reads, language = 'en') {
      running += 1;
      const { port1, port2 } = new MessageChannel();
      try {
        const prefetched = await prefetchReads(url, reads);
        serveReads(port1, reads);
        return await piscina.run({ url, language, port: port2, prefetched } satisfies PageTask, {
          transferList: [port2],
        });
      } finally {
        running -= 1;
        port1.close();
      }
    },
    stats: () => ({ threads, running }),
    close: () => piscina.destroy(),
  };
}
