import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageRenderer } from '@repolog/contract/pages';

/** The web app's server renderer, built beside the web app (apps/web/dist-ssr). */
export function findPageRenderer(webDist: string): string | undefined {
  const file = path.resolve(webDist, '../dist-ssr/entry-server.js');
  return existsSync(file) ? file : undefined;
}

/** Imports the built server renderer (`npm run build` makes it with the web app). */
export async function loadPageRenderer(file: string): Promise<PageRenderer> {
  const module = (await import(pathToFileURL(file).href)) as { render?: unknown };
  if (typeof module.render !== 'function') {
    throw new Error(`${file} does not export render(): rebuild the web app (npm run build).`);
  }
  return module.render as PageRenderer;
}
