import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UiLanguage } from '@repolog/contract/locale';
import type { PageReads } from '@repolog/contract/pages';
import type { AppDeps } from '../deps.js';
import { cardStore } from './card-store.js';
import { onPrimary, recentWriter } from '../db/read-routing.js';
import { strongEtag } from '../plugins/http-cache.js';
import { assembleDocument, type RenderedDocument } from './document.js';
import { pageCache } from './page-cache.js';
import { createPageFill } from './page-fill.js';
import { pageMetaSource, type PageAddress, type PageMetaSource } from './page-meta.js';
import { completeReads, trackedReads, type Shown } from './page-reads.js';
import type { LoadedRenderer } from './page-renderer.js';
import { isBusy, renderLimit } from './render-limit.js';
import { registerPageRoutes, type DocumentSource, type PageReply } from './page-routes.js';
import { createPageStore } from './page-store.js';
import { pageStoreRepository } from './page-store.repository.js';
import { registerShareCardRoutes, shareMeta } from './share-cards.js';
import { loadShell } from './shell.js';

/**
 * A stored page was found to show what its records hold now: its data is as fresh as a page
 * rendered this moment, so the browser's query cache is told so (else it would ask the API
 * again for data older than its stale time). In the dehydrated JSON that key is only ever a key:
 * the same characters inside a string value would have their quotes escaped.
 */
function current(page: RenderedDocument): RenderedDocument {
  if (!page.state) return page;
  return {
    ...page,
    state: page.state.replace(/"dataUpdatedAt":\d+/g, `"dataUpdatedAt":${Date.now()}`),
  };
}

/** Pages kept in the database: a breakthrough's and a blog's, at their plain address. */
const STORED_PAGE = /^\/(?:breakthrough|blog)\/[1-9]\d{0,9}$/;

/**
 * Public pages rendered on the server (DESIGN.md §7): the same React components as the browser,
 * fed by the services the API routes use, as a visitor. Everyone gets the same HTML, kept per
 * instance for a second and dropped with the API views it shows. Breakthrough and blog pages are
 * also stored (page-store.ts) when first read, so the next reader of any of them gets it with
 * one query; a stored page found old is rendered again off the request's path (page-fill.ts).
 * There is no pass over every page. Also the share cards, and the pages' addresses
 * (page-routes.ts): what answers them and every other address of the web app is returned, for
 * the static files' history fallback.
 */
export function registerPagesModule(
  app: FastifyInstance,
  deps: AppDeps,
  options: { renderer: LoadedRenderer | undefined; webDist: string | undefined },
): PageReply | undefined {
  const reads = completeReads(deps.pageReads);
  const cards = cardStore({
    dir: path.join(deps.config.dataDir, 'cards'),
    objectStore: deps.objectStore,
    onError: (error) => app.log.warn({ err: error }, 'share card not kept'),
  });
  registerShareCardRoutes(app, reads, cards);
  deps.metaProviders.push(shareMeta(reads, deps.config.publicUrl));
  const meta = pageMetaSource(deps.metaProviders, deps.config.publicUrl);
  const documents = options.renderer && renderedPages(app, deps, reads, meta, options.renderer);
  const shell = options.webDist && loadShell(options.webDist, { meta, demo: deps.config.demo });
  return shell ? registerPageRoutes(app, shell, documents) : undefined;
}

/**
 * Pages rendered on the server: kept a second per instance, breakthrough and blog pages also
 * stored on first read and rendered again when a read finds them old (page-store.ts,
 * page-fill.ts).
 */
function renderedPages(
  app: FastifyInstance,
  deps: AppDeps,
  reads: PageReads,
  metaOf: PageMetaSource,
  renderer: LoadedRenderer,
): DocumentSource {
  const pages = pageCache<Awaited<ReturnType<DocumentSource>>>({
    cacheSync: deps.cacheSync,
  });
  const repo = pageStoreRepository(deps.readDb);
  const store = createPageStore({
    repo,
    cacheSync: deps.cacheSync,
    build: renderer.build,
    maxPages: deps.config.pageStore.maxPages,
    maxBytes: deps.config.pageStore.maxBytes,
    onError: (error) => app.log.warn({ err: error }, 'stored page not kept'),
  });

  const limit = renderLimit(deps.config.pageRenders);

  /** Renders a page; a breakthrough's or blog's page found whole is stored too. */
  const render = async (page: PageAddress, language: UiLanguage, tags: Set<string>) => {
    const storable = STORED_PAGE.test(page.url);
    const mark = store.mark();
    const shown: Shown = {};
    const draw = () => renderer.render(page.url, trackedReads(reads, tags, shown), language);
    // A page that will be stored reads the primary: a replica a moment behind would keep an
    // old page until the next change.
    const rendered = await limit.run(() => (storable ? onPrimary(draw) : draw()));
    if (!rendered) return undefined;
    const meta = await metaOf(page, language);
    const saved =
      storable && rendered.status === 200 && (shown.article ?? shown.blog)
        ? store.save(mark, {
            path: page.url,
            language,
            ...rendered,
            meta: JSON.stringify(meta),
            // An article page watches its blog's name instead of every signal of its blog.
            tags: shown.article ? [...tags].filter((t) => !t.startsWith('blog:')) : [...tags],
            articleId: shown.article?.id ?? null,
            blogId: shown.article ? null : (shown.blog?.id ?? null),
            watch: (shown.article ?? shown.blog)?.watch ?? '',
          })
        : undefined;
    return { page: rendered, meta, saved };
  };

  const fill = createPageFill({
    renderPage: async (url, language) => {
      const done = await render({ url, log: app.log }, language, new Set());
      await done?.saved;
    },
    onError: (error) => app.log.warn({ err: error }, 'page not rendered ahead'),
  });
  deps.onClose(async () => {
    await fill.stop();
    await store.stop();
    await store.settled();
    await renderer.close?.();
  });

  return async (request: FastifyRequest, shell, language) => {
    const url = request.url;
    const key = `${language} ${url}`;
    // A session that just wrote (DATABASE_READ_URL's read-your-writes) gets a page rendered for
    // it, on the primary: one kept here may have been rendered from a replica behind its write.
    const writer = recentWriter();
    try {
      // A page read or rendered within the second; else a stored one, which is not kept in
      // memory (on a long tail it would only be pushed out unused, and its query is cheap).
      const kept = writer ? undefined : pages.peek(key);
      if (kept) return await kept;
      if (STORED_PAGE.test(url)) {
        const stored = await store.read(url, language);
        if (stored) {
          if (stored.old) fill.refresh(url, language);
          return {
            tags: stored.tags,
            // The stored page (of this build): only its data's timestamps change between reads.
            etag: strongEtag(
              `${language}\n${stored.page.html}\n${stored.page.state ?? ''}\n${JSON.stringify(stored.meta)}`,
            ),
            status: stored.page.status,
            html: assembleDocument(shell, stored.meta, current(stored.page), language),
          };
        }
      }
      const draw = async (tags: Set<string>) => {
        const done = await render(request, language, tags);
        if (!done) return undefined;
        return {
          tags: [...tags],
          status: done.page.status,
          html: assembleDocument(shell, done.meta, done.page, language),
        };
      };
      // One render at a time per page and interface language (a writer's own aside).
      return await (writer ? draw(new Set()) : pages.get(key, draw));
    } catch (error) {
      // Past the render queue: a quick 503 the reader can retry (a shell would cost its reads too).
      if (isBusy(error)) throw error;
      // The browser can still render the page itself.
      request.log.error({ err: error, url }, 'server rendering failed; sending the app shell');
      return undefined;
    }
  };
}
