import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageRenderer } from '@repolog/contract/pages';

/** The web app's server renderer, built beside the web app (apps/web/dist-ssr). */
export function findPageRenderer(webDist: string): string | undefined {
  const file = path.resolve(webDist, '../dist-ssr/entry-server.js');
  return existsSync(file) ? file : undefined;
}

/** A loaded renderer and the build it is: pages stored by another build are rendered again. */
export interface LoadedRenderer {
  render: PageRenderer;
  build: string;
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

/** Imports the built server renderer (`npm run build` makes it with the web app). */
export async function loadPageRenderer(file: string): Promise<LoadedRenderer> {
  const module = (await import(pathToFileURL(file).href)) as { render?: unknown };
  if (typeof module.render !== 'function') {
    throw new Error(`${file} does not export render(): rebuild the web app (npm run build).`);
  }
  return { render: module.render as PageRenderer, build: rendererBuild(file) };
}
