// Runs in the page render pool's worker threads (page-render-pool.ts): React renders here, so a
// cold page never holds the thread that answers requests. The page's data still comes from the
// main thread's reads (the database pool, the caches and their signals live there): those it
// knew the page makes come with the task (page-prefetch.ts), any other is asked for over a port
// of the task's own.
import { pathToFileURL } from 'node:url';
import { workerData, type MessagePort } from 'node:worker_threads';
import type { UiLanguage } from '@repolog/contract/locale';
import type { PageReads, PageRenderer, RenderedPage } from '@repolog/contract/pages';
import type { ReadAnswer, ReadAsk } from './page-render-pool.js';
import { readKey, type Prefetched } from './page-prefetch.js';

export interface PageTask {
  url: string;
  language: UiLanguage;
  /** Where this render asks for its data (a MessageChannel's end, transferred with the task). */
  port: MessagePort;
  /** The page's reads done before the render, by readKey. */
  prefetched: Prefetched;
}

/** A read's failure as the web's page loader reads it (status, code, key, params, message). */
class ReadFailed extends Error {
  constructor(fields: Record<string, unknown>) {
    super(typeof fields.message === 'string' ? fields.message : 'The read failed.');
    Object.assign(this, fields);
  }
}

const { renderer } = workerData as { renderer: string };
const loaded = import(pathToFileURL(renderer).href) as Promise<{ render: PageRenderer }>;

/** The reads: a prefetched answer, else a question on the task's port for the main thread. */
function remoteReads(port: MessagePort, prefetched: Prefetched): PageReads {
  let next = 0;
  const waiting = new Map<number, { resolve(value: unknown): void; reject(e: Error): void }>();
  port.on('message', (answer: ReadAnswer) => {
    const asked = waiting.get(answer.id);
    if (!asked) return;
    waiting.delete(answer.id);
    if ('error' in answer) asked.reject(new ReadFailed(answer.error));
    else asked.resolve(answer.value);
  });
  const ask =
    (name: keyof PageReads) =>
    (...args: unknown[]) => {
      const known = prefetched[readKey(name, args)];
      if (known)
        return 'error' in known
          ? Promise.reject(new ReadFailed(known.error))
          : Promise.resolve(known.value);
      return new Promise((resolve, reject) => {
        next += 1;
        waiting.set(next, { resolve, reject });
        port.postMessage({ id: next, name, args } satisfies ReadAsk);
      });
    };
  return new Proxy({} as PageReads, {
    get: (_target, name) => ask(name as keyof PageReads),
  });
}

export default async function renderPage(task: PageTask): Promise<RenderedPage | null> {
  const { render } = await loaded;
  try {
    return await render(task.url, remoteReads(task.port, task.prefetched), task.language);
  } finally {
    task.port.close();
  }
}
