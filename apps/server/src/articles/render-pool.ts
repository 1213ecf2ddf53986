import { Piscina } from 'piscina';
import type { SearchDocument, SearchFields } from '../search/search.public.js';
import type { StoredBody } from './article-body.js';
import type { RenderResult, RenderStarted, RenderTask } from './markdown.worker.js';

/** What a breakthrough is found by besides its body (the body is the render's content). */
export type SearchInput = Omit<SearchFields, 'content'>;

/** The body itself cannot be rendered: nested too deeply, or slower than the time limit. */
export class RenderError extends Error {
  constructor(
    readonly reason: 'timeout' | 'failed',
    message: string,
  ) {
    super(message);
    this.name = 'RenderError';
  }
}

/**
 * The body was not rendered, through no fault of its own: its writer already has the most
 * renders waiting that one writer may have ('owner'), the pool's queue is full ('queue'), or the
 * pool is closing ('closed').
 */
export class RenderRefusedError extends Error {
  constructor(
    readonly reason: 'owner' | 'queue' | 'closed',
    message: string,
  ) {
    super(message);
    this.name = 'RenderRefusedError';
  }
}

export interface RenderPoolOptions {
  /** Worker threads (at least 2, so one writer's slow body never holds every thread). */
  threads?: number;
  /** Longest a render may run before its thread is terminated. */
  timeoutMs?: number;
  /** Renders one owner (a writer, or the background pass) may have waiting or running. */
  maxPerOwner?: number;
  /** Renders that may wait for a thread, all owners together. */
  maxQueued?: number;
  /** Longest a task may wait for a thread to start (a thread that cannot even load). */
  startTimeoutMs?: number;
}

/** What the pool is doing now (for metrics and tests). */
export interface RenderPoolStats {
  threads: number;
  /** Renders running on a thread. */
  running: number;
  /** Renders waiting for a thread. */
  queued: number;
  /** Waiting plus running renders per owner that has any. */
  perOwner: Record<string, number>;
}

export interface RenderPool {
  /**
   * Renders `content` for `owner` (e.g. `user:12`, or `background`). Rejects with RenderError
   * when the body cannot be rendered and RenderRefusedError past the queue bounds.
   */
  render(content: string, owner: string, search?: SearchInput): Promise<StoredBody>;
  /**
   * Only the search documents of breakthroughs, in order, in one task (the search index's
   * background pass: one turn and one message for a batch). One time limit covers the batch.
   */
  analyzeMany(documents: SearchFields[], owner: string): Promise<SearchDocument[]>;
  stats(): RenderPoolStats;
  /** Refuses new renders, rejects waiting ones and stops the threads. */
  close(): Promise<void>;
}

interface Job {
  key: number;
  owner: string;
  content: string;
  search: SearchInput | undefined;
  documents?: SearchFields[] | undefined;
  resolve(body: RenderResult): void;
  reject(error: Error): void;
  controller?: AbortController;
  timer?: NodeJS.Timeout;
  timedOut?: boolean;
}

const isStarted = (message: unknown): message is RenderStarted =>
  typeof message === 'object' && message !== null && 'renderStarted' in message;

export const DEFAULT_RENDER_THREADS = 2;
export const DEFAULT_RENDER_TIMEOUT_MS = 2000;
export const DEFAULT_RENDER_PER_OWNER = 4;
export const DEFAULT_RENDER_QUEUE = 64;

/**
 * The markdown pipeline on a small pool of worker threads (piscina), behind a fair scheduler:
 * owners take turns (round robin), one owner never runs on every thread at once, and both the
 * renders per owner and the renders waiting overall are bounded. A render running past the time
 * limit has its thread terminated (piscina starts a fresh one), so a pathological body costs
 * its writer a refusal and nobody else more than a turn.
 */
export function createRenderPool(options: RenderPoolOptions = {}): RenderPool {
  const threads = Math.max(2, options.threads ?? DEFAULT_RENDER_THREADS);
  const timeoutMs = options.timeoutMs ?? DEFAULT_RENDER_TIMEOUT_MS;
  const maxPerOwner = options.maxPerOwner ?? DEFAULT_RENDER_PER_OWNER;
  const maxQueued = options.maxQueued ?? DEFAULT_RENDER_QUEUE;
  const startTimeoutMs = options.startTimeoutMs ?? 30_000;
  const runningPerOwnerMax = threads - 1;

  // From source (tests, `npm run dev`) the worker is TypeScript and its thread needs the tsx
  // loader; the built server has dist/markdown.worker.js beside dist/server.js.
  const fromSource = import.meta.url.endsWith('.ts');
  const piscina = new Piscina<RenderTask, RenderResult>({
    filename: new URL(fromSource ? './markdown.worker.ts' : './markdown.worker.js', import.meta.url)
      .href,
    ...(fromSource ? { execArgv: ['--import', 'tsx'] } : {}),
    // Threads start on the first write and stay while writes keep coming.
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 60_000,
  });

  /** Waiting jobs per owner; the Map's order is the round-robin turn order. */
  const waiting = new Map<string, Job[]>();
  const runningPerOwner = new Map<string, number>();
  const started = new Map<number, Job>();
  let queued = 0;
  let running = 0;
  let nextKey = 0;
  let closed = false;

  // The worker says when a render really starts: the time limit counts the render, not the
  // wait for a thread (or for a fresh thread to load the pipeline).
  piscina.on('message', (message: unknown) => {
    if (!isStarted(message)) return;
    const job = started.get(message.renderStarted);
    if (!job?.controller) return;
    clearTimeout(job.timer);
    const controller = job.controller;
    job.timer = setTimeout(() => {
      job.timedOut = true;
      controller.abort();
    }, timeoutMs);
  });

  const inFlight = (owner: string) =>
    (waiting.get(owner)?.length ?? 0) + (runningPerOwner.get(owner) ?? 0);

  function run(job: Job): void {
    const controller = new AbortController();
    job.controller = controller;
    // Until the worker reports the start: a generous limit on waiting for a loadable thread.
    job.timer = setTimeout(() => controller.abort(), startTimeoutMs);
    started.set(job.key, job);
    running += 1;
    runningPerOwner.set(job.owner, (runningPerOwner.get(job.owner) ?? 0) + 1);
    piscina
      .run(
        {
          key: job.key,
          content: job.content,
          search: job.search,
          documents: job.documents,
        },
        { signal: controller.signal },
      )
      .then(
        (body) => job.resolve(body),
        (error: unknown) => {
          if (job.timedOut) {
            job.reject(new RenderError('timeout', `rendering took longer than ${timeoutMs} ms`));
          } else if (closed) {
            job.reject(new RenderRefusedError('closed', 'the renderer is shutting down'));
          } else {
            const message = error instanceof Error ? error.message : String(error);
            job.reject(new RenderError('failed', message));
          }
        },
      )
      .finally(() => {
        clearTimeout(job.timer);
        started.delete(job.key);
        running -= 1;
        const left = (runningPerOwner.get(job.owner) ?? 1) - 1;
        if (left === 0) runningPerOwner.delete(job.owner);
        else runningPerOwner.set(job.owner, left);
        pump();
      });
  }

  /** Starts waiting jobs while threads are free, taking owners in turn. */
  function pump(): void {
    while (!closed && running < threads) {
      let next: Job | undefined;
      for (const [owner, jobs] of waiting) {
        if ((runningPerOwner.get(owner) ?? 0) >= runningPerOwnerMax) continue;
        next = jobs.shift();
        // Served: to the back of the turn order (or out of it, with nothing left waiting).
        waiting.delete(owner);
        if (jobs.length > 0) waiting.set(owner, jobs);
        break;
      }
      if (!next) return;
      queued -= 1;
      run(next);
    }
  }

  const enqueue = (
    content: string,
    owner: string,
    search: SearchInput | undefined,
    documents?: SearchFields[],
  ): Promise<RenderResult> => {
    if (closed) {
      return Promise.reject(new RenderRefusedError('closed', 'the renderer is shutting down'));
    }
    if (inFlight(owner) >= maxPerOwner) {
      return Promise.reject(
        new RenderRefusedError(
          'owner',
          `you already have ${maxPerOwner} breakthroughs being rendered; wait for them to finish and try again`,
        ),
      );
    }
    if (queued >= maxQueued) {
      return Promise.reject(
        new RenderRefusedError(
          'queue',
          'the server is busy rendering other breakthroughs; try again in a few seconds',
        ),
      );
    }
    return new Promise<RenderResult>((resolve, reject) => {
      nextKey += 1;
      const job: Job = { key: nextKey, owner, content, search, documents, resolve, reject };
      const jobs = waiting.get(owner);
      if (jobs) jobs.push(job);
      else waiting.set(owner, [job]);
      queued += 1;
      pump();
    });
  };

  return {
    render: (content, owner, search) => enqueue(content, owner, search),

    async analyzeMany(documents, owner) {
      const body = await enqueue('', owner, undefined, documents);
      if (body.documents?.length !== documents.length) {
        throw new RenderError('failed', 'the search documents were not made');
      }
      return body.documents;
    },

    stats() {
      const perOwner: Record<string, number> = {};
      for (const owner of new Set([...waiting.keys(), ...runningPerOwner.keys()])) {
        perOwner[owner] = inFlight(owner);
      }
      return { threads, running, queued, perOwner };
    },

    async close() {
      if (closed) return;
      closed = true;
      for (const jobs of waiting.values()) {
        for (const job of jobs) {
          job.reject(new RenderRefusedError('closed', 'the renderer is shutting down'));
        }
      }
      waiting.clear();
      queued = 0;
      for (const job of started.values()) job.controller?.abort();
      await piscina.destroy();
    },
  };
}
