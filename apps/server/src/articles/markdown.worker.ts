// Runs in the render pool's worker threads (render-pool.ts), so a pathological body can only
// stall its own thread; the pool terminates the thread when a render runs past its time limit.
import { parentPort } from 'node:worker_threads';
import { buildSearchDocument } from '../search/search.public.js';
import type { StoredBody } from './article-body.js';
import type { SearchInput } from './render-pool.js';
import { renderBody } from './render-body.js';

export interface RenderTask {
  /** Names the task in the "started" message, so the pool times the render, not the wait. */
  key: number;
  content: string;
  /** The other fields search reads: with them, the search document is made too. */
  search?: SearchInput | undefined;
  /** Only the search document (html and text stay empty, version 0). */
  searchOnly?: boolean;
}

/** Posted the moment a task starts running on this thread. */
export interface RenderStarted {
  renderStarted: number;
}

export default function render(task: RenderTask): StoredBody {
  parentPort?.postMessage({ renderStarted: task.key } satisfies RenderStarted);
  const search = task.search
    ? buildSearchDocument({ ...task.search, content: task.content })
    : undefined;
  if (task.searchOnly) return { html: '', text: '', version: 0, search };
  return { ...renderBody(task.content), ...(search ? { search } : {}) };
}
