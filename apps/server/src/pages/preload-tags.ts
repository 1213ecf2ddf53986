import { escapeHtml } from './head-tags.js';

/** One entry of the web build's Vite manifest. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** What a page needs on its first load: its route modules, and (app shell only) API calls. */
export interface PageNeeds {
  /** Route modules (Vite manifest keys). */
  modules: readonly string[];
  /** Lazily loaded parts the HTML shows (manifest keys): their styles go in, not their code. */
  islands?: readonly string[];
  /** API addresses the page asks first (preloaded with credentials, so they are waiting). */
  data?: readonly string[];
}

/**
 * Preload tags for one page: its API data, and its chunks and styles from the Vite manifest,
 * leaving out files the page template already links (the entry's own shared chunks). A page the
 * server `rendered` gets its styles as stylesheets — inlined when `readCss` knows them — since
 * the HTML needs them to look right before any code runs (and it carries its data).
 */
export function preloadTags(
  manifest: Record<string, ManifestChunk>,
  needs: PageNeeds,
  options: {
    template?: string;
    rendered?: boolean;
    readCss?: (file: string) => string | undefined;
  },
): string {
  const { template = '', rendered = false, readCss } = options;
  const seen = new Set<string>(['index.html']);
  const files: string[] = [];
  const styles: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.push(chunk.file);
    styles.push(...(chunk.css ?? []));
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const key of needs.modules) visit(key);
  // Islands: the HTML shows them, so their styles go in; their code waits for hydration.
  const codeFiles = files.length;
  for (const key of needs.islands ?? []) visit(key);
  // A rendered page's styles go into the HTML itself: no request holds up its first paint.
  const inline = (file: string) => {
    const css = readCss?.(file);
    return css === undefined
      ? `<link rel="stylesheet" crossorigin href="/${escapeHtml(file)}" />`
      : `<style data-href="/${escapeHtml(file)}">${css}</style>`;
  };
  const styleTag = rendered
    ? inline
    : (file: string) => `<link rel="preload" as="style" crossorigin href="/${escapeHtml(file)}" />`;
  return [
    ...(rendered ? [] : (needs.data ?? [])).map(
      (url) =>
        `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeHtml(url)}" />`,
    ),
    ...files
      .slice(0, codeFiles)
      .filter((file) => !template.includes(`"/${file}"`))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}" />`),
    ...styles.filter((file) => !template.includes(`"/${file}"`)).map(styleTag),
  ].join('\n    ');
}
