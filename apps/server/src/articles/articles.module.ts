import type { FastifyInstance } from 'fastify';
import { LIST_PAGE_SIZE } from '@repolog/contract/constants';
import type { AppDeps } from '../deps.js';
import { createImageSizer } from '../media/media.public.js';
import { articleBodiesRepository } from './article-bodies.repository.js';
import { articleLists, type ArticleLists } from './article-lists.js';
import { articleListsRepository } from './article-lists.repository.js';
import { announceWrites } from './article-announce.js';
import { articlesRepository } from './articles.repository.js';
import { registerArticlesRoutes } from './articles.routes.js';
import { articlesService, type ArticlesService } from './articles.service.js';
import { createRenderBackfill } from './render-backfill.js';
import { createRenderPool, RenderRefusedError, type RenderPool } from './render-pool.js';
import { listFilters } from './list-filters.js';
import { registerRepoRefsRoute, repoRefsReader } from './repo-refs.routes.js';
import { registerRevisionsRoutes } from './revisions.routes.js';
import { revisionsRepository } from './revisions.repository.js';
import { revisionsService } from './revisions.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The markdown render pool: stats() for metrics; tests close it to prove reads never render. */
    renderPool: RenderPool;
  }
}

/**
 * Longest the server waits, at start, for stored bodies to be rendered before it answers: well
 * inside Fastify's 10 s limit for an onReady hook (on a loaded machine the wait ran out with the
 * limit and the start failed).
 */
const STARTUP_RENDER_WAIT_MS = 7_000;

/** What other features may use of the articles feature (drafts publish through it). */
export interface ArticlesModule {
  service: ArticlesService;
  /** Breakthrough lists other features show (profiles, liked lists, the home ranking). */
  lists: ArticleLists;
  /** Breakthroughs' search documents, a batch per render pool task (search's background pass). */
  analyzeMany: RenderPool['analyzeMany'];
}

/**
 * Registers the articles feature: breakthrough list, page, write, edit and delete, and the
 * history of each breakthrough (its revisions).
 */
export function registerArticlesModule(app: FastifyInstance, deps: AppDeps): ArticlesModule {
  const repo = articlesRepository(deps.readDb);
  const listQueries = articleListsRepository(deps.readDb);
  const revisions = revisionsRepository(deps.db);
  const renderPool = createRenderPool(deps.config.render);
  const sizeImages = createImageSizer(deps.db);
  const { maxPerOwner } = deps.config.render;
  // What is stored for a body: the pool's rendering, with stored images given their sizes. A
  // writer's renders are bounded on every instance together too (deps.slots: Redis).
  const renderer: Pick<RenderPool, 'render'> = {
    async render(content, owner, search) {
      // The background pass is each instance's own; a writer's bound is the cluster's.
      const release = owner.startsWith('user:')
        ? await deps.slots.take(`render:${owner}`, maxPerOwner)
        : () => undefined;
      if (!release) {
        throw new RenderRefusedError(
          'owner',
          `you already have ${maxPerOwner} breakthroughs being rendered; wait for them to finish and try again`,
        );
      }
      try {
        const body = await renderPool.render(content, owner, search);
        return { ...body, html: await sizeImages(body.html) };
      } finally {
        release();
      }
    },
  };
  const backfill = createRenderBackfill({
    repo: articleBodiesRepository(deps.db),
    pool: renderer,
    onRendered: (articleId) => deps.cacheSync.changed('article', String(articleId)),
    onError: (error) => app.log.warn({ err: error }, 're-rendering a stored body failed'),
  });
  // Closers run last-registered first: the backfill stops before the pool does.
  deps.onClose(() => renderPool.close());
  deps.onClose(() => backfill.stop());
  app.decorate('renderPool', renderPool);

  deps.metrics.gauge(
    'repolog_markdown_render_queue',
    'Markdown bodies waiting for a render thread on this instance.',
    () => renderPool.stats().queued,
  );
  deps.metrics.gauge(
    'repolog_markdown_render_running',
    'Markdown bodies being rendered on this instance.',
    () => renderPool.stats().running,
  );

  const service = announceWrites(
    articlesService({
      repo,
      lists: listQueries,
      officialBlogId: deps.config.officialBlogId,
      renderPool: renderer,
      backfill,
      events: deps.events,
      cacheSync: deps.cacheSync,
      revisions,
      memberships: deps.memberships,
      safety: deps.safety,
    }),
    deps.outbox,
  );
  deps.events.on('blog.deleted', () => service.forgetLists());
  registerArticlesRoutes(app, service, deps.config.publicUrl);

  // Bodies stored without a rendering (seeds, demo data) or by an older pipeline are rendered
  // by a pass at start, never on a read. A small backlog (demo data, a fresh seed) is done
  // before the server answers; a large one (a pipeline upgrade over many rows) goes on in the
  // background while reads show those bodies as escaped text.
  app.addHook('onReady', async () => {
    const pass = backfill.runPass().then(
      (count) => {
        if (count > 0) app.log.info(`rendered ${count} stored breakthrough bodies`);
      },
      (error: unknown) => app.log.warn({ err: error }, 'the background render pass stopped'),
    );
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      pass,
      new Promise((resolve) => {
        timer = setTimeout(resolve, STARTUP_RENDER_WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
  });
  deps.pageReads.article = (articleId) => service.get(articleId, null);
  deps.pageReads.breakthroughs = ({ page, q, lang, sort }) =>
    service.listBreakthroughs(listFilters({ q, lang }), sort, {
      offset: (page - 1) * LIST_PAGE_SIZE,
      limit: LIST_PAGE_SIZE,
    });
  registerRevisionsRoutes(
    app,
    revisionsService({
      repo: revisions,
      articlesRepo: repo,
      articles: service,
      memberships: deps.memberships,
    }),
  );
  registerRepoRefsRoute(app, repoRefsReader({ repo, memberships: deps.memberships }));
  return {
    service,
    lists: articleLists(listQueries),
    analyzeMany: (documents, owner) => renderPool.analyzeMany(documents, owner),
  };
}
