import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageRenderer } from '@repolog/contract/pages';
import { createPageRenderPool } from './page-render-pool.js';

/** The web app's server renderer, built beside the web app (apps/web/dist-ssr). */
export function findPageRenderer(webDist: string): string | undefined {
  const file = path.resolve(webDist, '../dist-ssr/entry-server.js');
  return existsSync(file) ? file : undefined;
}

/** A loaded renderer and the build it is: pages stored by another build are rendered again. */
export interface LoadedRenderer {
  render: PageRenderer;
  build: string;
  /** Stops its worker threads, if it has any. */
  close?: () => Promise<void>;
}

/** A digest of every file of the renderer's build (its folder). */
export function rendererBuild(file: string): string {
  const hash = createHash('sha256');
  const folder = path.dirname(file);
  const files = readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  for (const name of files) hash.update(path.relative(folder, name)).update(readFileSync(name));
  return hash.digest('base64url').slice(0, 16);
}

/**
 * The built server renderer (`npm run build` makes it with the web app): on `threads` worker
 * threads (page-render-pool.ts), or with none imported here and run on the main thread.
 */
export async function loadPageRenderer(
  file: string,
  options: { threads: number; concurrency: number } = { threads: 0, concurrency: 1 },
): Promise<LoadedRenderer> {
  const build = rendererBuild(file);
  if (options.threads > 0) {
    const pool = createPageRenderPool({ renderer: file, ...options });
    return { render: pool.render, build, close: () => pool.close() };
  }
  const module = (await import(pathToFileURL(file).href)) as { render?: unknown };
  if (typeof module.render !== 'function') {
    throw new Error(`${file} does not export render(): rebuild the web app (npm run build).`);
  }
  return { render: module.render as PageRenderer, build };
}
