// Renders markdown off the main thread, so a pathological body cannot stall the server; the
// parent kills this worker when a render runs past its time limit.
import { parentPort } from 'node:worker_threads';
import { renderMarkdown } from '@repolog/markdown/render';

interface Job {
  id: number;
  content: string;
}

parentPort?.on('message', (job: Job) => {
  try {
    parentPort?.postMessage({ id: job.id, html: renderMarkdown(job.content) });
  } catch (error) {
    parentPort?.postMessage({
      id: job.id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
});
