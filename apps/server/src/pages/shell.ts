import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Shell } from './document.js';
import type { PageMetaSource } from './page-meta.js';
import type { ManifestChunk } from './preload-tags.js';

/**
 * Reads the built web app's index.html, Vite manifest and (on demand, once each) stylesheets;
 * undefined when the web app is not built. In demo mode every page says so (DESIGN.md §2),
 * through a marker the app reads.
 */
export function loadShell(
  webDist: string,
  options: { meta: PageMetaSource; demo: boolean },
): Shell | undefined {
  const indexFile = path.join(webDist, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  const built = readFileSync(indexFile, 'utf8');
  const template = options.demo
    ? built.replace('</head>', '  <meta name="repolog-demo" content="on" />\n  </head>')
    : built;
  const manifestFile = path.join(webDist, '.vite', 'manifest.json');
  const manifest = existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>)
    : {};
  const stylesheets = new Map<string, string | undefined>();
  const css = (file: string) => {
    if (!stylesheets.has(file)) {
      const full = path.join(webDist, file);
      stylesheets.set(
        file,
        file.endsWith('.css') && existsSync(full) ? readFileSync(full, 'utf8') : undefined,
      );
    }
    return stylesheets.get(file);
  };
  return { template, manifest, meta: options.meta, css };
}
