import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';

/** A body took longer than the time limit or could not be rendered at all. */
export class RenderError extends Error {
  constructor(
    readonly reason: 'timeout' | 'failed',
    message: string,
  ) {
    super(message);
    this.name = 'RenderError';
  }
}

interface Job {
  id: number;
  content: string;
  resolve(html: string): void;
  reject(error: RenderError): void;
}

interface Reply {
  id: number;
  html?: string;
  error?: string;
}

export interface MarkdownRenderer {
  /** Renders in the worker (cached by content); rejects with RenderError past the limit. */
  render(content: string): Promise<string>;
  /** render(), but a body that cannot be rendered is shown as escaped text instead. */
  html(content: string): Promise<string>;
  /** Bodies waiting for the worker or being rendered (metrics). */
  stats(): { queued: number };
  close(): Promise<void>;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The markdown pipeline (@repolog/markdown) in a worker thread, one body at a time. A render
 * running past `timeoutMs` gets its worker terminated (the next job starts a fresh one), so
 * neither a deeply nested nor a quadratic body can block the server's event loop.
 */
export function createMarkdownRenderer(
  options: { timeoutMs?: number; cacheSize?: number } = {},
): MarkdownRenderer {
  const timeoutMs = options.timeoutMs ?? 2000;
  const cacheSize = options.cacheSize ?? 500;
  // Running from source (tests, dev) the worker is TypeScript and needs the tsx loader; the
  // built server has dist/markdown.worker.js beside dist/server.js.
  const fromSource = import.meta.url.endsWith('.ts');
  const workerUrl = new URL(
    fromSource ? './markdown.worker.ts' : './markdown.worker.js',
    import.meta.url,
  );

  let worker: Worker | undefined;
  let current: Job | undefined;
  let timer: NodeJS.Timeout | undefined;
  const queue: Job[] = [];
  let nextId = 0;
  let closed = false;

  const spawn = (): Worker => {
    const created = fromSource
      ? new Worker(
          `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(workerUrl.href)}); });`,
          { eval: true },
        )
      : new Worker(workerUrl);
    created.unref();
    created.on('message', (reply: Reply) => {
      if (!current || reply.id !== current.id) return;
      const job = current;
      finish();
      if (reply.html !== undefined) job.resolve(reply.html);
      else
        job.reject(new RenderError('failed', reply.error ?? 'the markdown could not be rendered'));
    });
    created.on('error', (error) => {
      if (worker === created) worker = undefined;
      const job = current;
      finish();
      job?.reject(new RenderError('failed', error.message));
    });
    created.on('exit', () => {
      if (worker === created) worker = undefined;
    });
    return created;
  };

  function finish(): void {
    if (timer) clearTimeout(timer);
    timer = undefined;
    current = undefined;
    pump();
  }

  function pump(): void {
    if (current || closed) return;
    const job = queue.shift();
    if (!job) return;
    current = job;
    worker ??= spawn();
    const running = worker;
    timer = setTimeout(() => {
      // Too slow: this worker is stuck in the render; end it and move on with a fresh one.
      worker = undefined;
      void running.terminate();
      finish();
      job.reject(new RenderError('timeout', `rendering took longer than ${timeoutMs} ms`));
    }, timeoutMs);
    timer.unref();
    running.postMessage({ id: job.id, content: job.content });
  }

  const run = (content: string) =>
    new Promise<string>((resolve, reject) => {
      if (closed) {
        reject(new RenderError('failed', 'the renderer is closed'));
        return;
      }
      nextId += 1;
      queue.push({ id: nextId, content, resolve, reject });
      pump();
    });

  // Rendered bodies by content, so a popular article is rendered once; failures are not kept.
  const cache = new Map<string, Promise<string>>();
  const render = (content: string): Promise<string> => {
    const key = createHash('sha1').update(content).digest('base64');
    const hit = cache.get(key);
    if (hit) return hit;
    const html = run(content);
    cache.set(key, html);
    if (cache.size > cacheSize) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    html.catch(() => {
      if (cache.get(key) === html) cache.delete(key);
    });
    return html;
  };

  return {
    render,
    html: (content) => render(content).catch(() => `<pre>${escapeHtml(content)}</pre>`),
    stats: () => ({ queued: queue.length + (current ? 1 : 0) }),
    async close() {
      closed = true;
      for (const job of queue.splice(0))
        job.reject(new RenderError('failed', 'the renderer is closed'));
      if (timer) clearTimeout(timer);
      await worker?.terminate();
      worker = undefined;
    },
  };
}
