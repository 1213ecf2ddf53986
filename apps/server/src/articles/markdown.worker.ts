// Runs in the render pool's worker threads (render-pool.ts), so a pathological body can only
// stall its own thread; the pool terminates the thread when a render runs past its time limit.
import { parentPort } from 'node:worker_threads';
import type { StoredBody } from './article-body.js';
import { renderBody } from './render-body.js';

export interface RenderTask {
  /** Names the task in the "started" message, so the pool times the render, not the wait. */
  key: number;
  content: string;
}

/** Posted the moment a task starts running on this thread. */
export interface RenderStarted {
  renderStarted: number;
}

export default function render(task: RenderTask): StoredBody {
  parentPort?.postMessage({ renderStarted: task.key } satisfies RenderStarted);
  return renderBody(task.content);
}
