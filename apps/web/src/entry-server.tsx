import { dehydrate, QueryClient } from '@tanstack/react-query';
import type { UiLanguage } from '@repolog/contract/locale';
import type { PageRenderer, RenderedPage } from '@repolog/contract/pages';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProviders } from './app/app';
import { AppRoutes } from './app/router';
import { findServerPage } from './app/server-pages';
import { locale, provideCatalog } from './i18n';
import { ko, tellMessage } from './i18n/ko';

/** Lazily loaded parts of every page's frame (app/layouts/root-layout.tsx). */
const LAYOUT_ISLANDS = ['src/app/layouts/site-footer.tsx'];

// The server renders either language from the start.
provideCatalog('ko', ko, tellMessage);

/**
 * The interface language is one atom for the whole process, so renders take turns by language:
 * any number of renders in the same language at once, another language once they are done.
 */
let current: UiLanguage = 'en';
let running = 0;
const waiting: (() => void)[] = [];
async function inLanguage<T>(language: UiLanguage, work: () => Promise<T>): Promise<T> {
  while (running > 0 && current !== language) {
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  current = language;
  locale.set(language);
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    if (running === 0) for (const wake of waiting.splice(0)) wake();
  }
}

/** A boundary rendered as its fallback, to be filled by the browser (React's marker). */
const UNFINISHED = '<!--$!-->';

/**
 * The page's whole HTML. Once every lazily loaded part it shows has loaded (after the first
 * pages), React renders it synchronously into a string — a third of the cost of its streaming
 * renderer. A part still loading leaves its boundary unfinished; then the page is rendered
 * again waiting for everything (and the part is loaded for the pages after it).
 */
async function renderWhole(app: ReactNode): Promise<string> {
  const html = renderToString(app);
  if (!html.includes(UNFINISHED)) return html;
  const { prelude } = await prerenderToNodeStream(app, {
    // Every boundary in place: React would otherwise move large ones to the end of the HTML
    // with an inline script to put them back, which the Content-Security-Policy forbids.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Renders a public page on the server (the server imports this module's build): the page's
 * loader fills a fresh query cache through the server's in-process reads, React renders the
 * same tree the browser hydrates, and the cache goes along as JSON. Everyone who reads the same
 * language gets the same HTML:
 * nothing here knows who asked (personal parts fill in after hydration).
 */
export const render: PageRenderer = async (
  url,
  reads,
  language = 'en',
): Promise<RenderedPage | null> => {
  const address = new URL(url, 'http://localhost');
  const found = findServerPage(address.pathname);
  if (!found) return null;
  // The server's cache lives for one render: no retries, no garbage-collection timers.
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity, staleTime: Infinity } },
  });
  try {
    const loaded = (await found.page.load?.({
      client,
      params: found.params,
      search: address.searchParams,
      reads,
    })) ?? { status: 200, hydrate: true };
    const app = (
      <AppProviders client={client}>
        <StaticRouter location={`${address.pathname}${address.search}`}>
          <AppRoutes only={found.page.path} />
        </StaticRouter>
      </AppProviders>
    );
    // Read whole inside the language's turn: nothing of it is rendered in the other language.
    const html = await inLanguage(language, () => renderWhole(app));
    return {
      status: loaded.status,
      html,
      state: loaded.hydrate ? JSON.stringify(dehydrate(client)) : null,
      modules: [found.page.module],
      islands: [...(found.page.islands ?? []), ...LAYOUT_ISLANDS],
    };
  } finally {
    client.clear();
  }
};
