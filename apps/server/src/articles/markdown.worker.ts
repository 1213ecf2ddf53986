// Runs in the render pool's worker threads (render-pool.ts), so a pathological body can only
// stall its own thread; the pool terminates the thread when a render runs past its time limit.
import { parentPort } from 'node:worker_threads';
import {
  buildSearchDocument,
  type SearchDocument,
  type SearchFields,
} from '../search/search.public.js';
import type { StoredBody } from './article-body.js';
import type { SearchInput } from './render-pool.js';
import { renderBody } from './render-body.js';

export interface RenderTask {
  /** Names the task in the "started" message, so the pool times the render, not the wait. */
  key: number;
  content: string;
  /** The other fields search reads: with them, the search document is made too. */
  search?: SearchInput | undefined;
  /** Only the search documents of these breakthroughs (html and text stay empty, version 0). */
  documents?: SearchFields[] | undefined;
}

/** What a task answers: the rendered body, and the documents of a batch when asked. */
export type RenderResult = StoredBody & { documents?: SearchDocument[] };

/** Posted the moment a task starts running on this thread. */
export interface RenderStarted {
  renderStarted: number;
}

export default function render(task: RenderTask): RenderResult {
  parentPort?.postMessage({ renderStarted: task.key } satisfies RenderStarted);
  if (task.documents) {
    return { html: '', text: '', version: 0, documents: task.documents.map(buildSearchDocument) };
  }
  const search = task.search
    ? buildSearchDocument({ ...task.search, content: task.content })
    : undefined;
  return { ...renderBody(task.content), ...(search ? { search } : {}) };
}
