import { dehydrate, QueryClient } from '@tanstack/react-query';
import type { PageRenderer, RenderedPage } from '@repolog/contract/pages';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProviders } from './app/app';
import { AppRoutes } from './app/router';
import { findServerPage } from './app/server-pages';

/**
 * Renders a public page on the server (the server imports this module's build): the page's
 * loader fills a fresh query cache through the server's in-process reads, React renders the
 * same tree the browser hydrates, and the cache goes along as JSON. Everyone gets the same HTML:
 * nothing here knows who asked (personal parts fill in after hydration).
 */
export const render: PageRenderer = async (url, reads): Promise<RenderedPage | null> => {
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
    const { prelude } = await prerender(
      <AppProviders client={client}>
        <StaticRouter location={`${address.pathname}${address.search}`}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>,
      // Every boundary in place: React would otherwise move large ones to the end of the HTML
      // with an inline script to put them back, which the Content-Security-Policy forbids.
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    const html = await new Response(prelude).text();
    return {
      status: loaded.status,
      html,
      state: loaded.hydrate ? JSON.stringify(dehydrate(client)) : null,
      modules: [found.page.module],
      islands: found.page.islands ?? [],
    };
  } finally {
    client.clear();
  }
};
