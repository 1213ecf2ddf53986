import { AppError } from '../errors.js';

/** Seconds a refused reader is told to wait before asking again. */
export const BUSY_RETRY_S = 2;

/**
 * Bounds the server renders of pages: at most `concurrency` at once, at most `maxQueued`
 * waiting; past that a render is refused at once with a keyed 503 (`pages.busy`), so a burst of
 * cold pages costs the readers past the queue a quick refusal and nobody else a long wait.
 */
export function renderLimit(options: { concurrency: number; maxQueued: number }) {
  const { concurrency, maxQueued } = options;
  let running = 0;
  const waiting: (() => void)[] = [];

  const release = () => {
    running -= 1;
    const next = waiting.shift();
    if (next) {
      running += 1;
      next();
    }
  };

  return {
    async run<T>(render: () => Promise<T>): Promise<T> {
      if (running >= concurrency) {
        if (waiting.length >= maxQueued) {
          throw new AppError('service_unavailable', 'pages.busy', { seconds: BUSY_RETRY_S });
        }
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running += 1;
      }
      try {
        return await render();
      } finally {
        release();
      }
    },
    /** Renders running and waiting (metrics, tests). */
    stats: () => ({ running, waiting: waiting.length }),
  };
}

export type RenderLimit = ReturnType<typeof renderLimit>;

/** True for the refusal of a full render queue. */
export const isBusy = (error: unknown): error is AppError =>
  error instanceof AppError && error.key === 'pages.busy';
