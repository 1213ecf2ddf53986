import type { FastifyInstance } from 'fastify';
import { LIVE_CLOSE } from '@repolog/contract/live';
import type { ArticlesModule } from '../articles/articles.public.js';
import type { AppDeps } from '../deps.js';
import type { MediaReferenceSource } from '../media/media.public.js';
import { draftDocsRepository } from './draft-docs.repository.js';
import { draftsRepository } from './drafts.repository.js';
import { registerDraftsRoutes } from './drafts.routes.js';
import { draftsService } from './drafts.service.js';
import { createLiveDrafts } from './live-drafts.js';
import { registerLiveDraftsRoute } from './live-drafts.routes.js';

/** What the app uses of drafts: the media clean-up asks which images they show; live relay. */
export interface DraftsModule {
  mediaReferences: MediaReferenceSource;
  /** Starts relaying live changes between instances (the message bus). */
  start(): Promise<void>;
}

/** Registers drafts: the write and edit pages save into them; publishing posts through articles. */
export function registerDraftsModule(
  app: FastifyInstance,
  deps: AppDeps,
  articles: ArticlesModule,
  options: { liveKeepaliveMs?: number } = {},
): DraftsModule {
  const repo = draftsRepository(deps.db);
  const docs = draftDocsRepository(deps.db);
  const live = createLiveDrafts({
    repo: docs,
    bus: deps.bus,
    onError: (error) => app.log.error({ err: error }, 'live draft'),
    ...(options.liveKeepaliveMs ? { keepaliveMs: options.liveKeepaliveMs } : {}),
  });
  const service = draftsService({
    repo,
    docs,
    live,
    articles: articles.service,
    memberships: deps.memberships,
  });
  registerDraftsRoutes(app, service);
  registerLiveDraftsRoute(app, live, {
    publicUrl: deps.config.publicUrl,
    // Live typing is writing: a suspended member may read the draft but not edit it.
    admit: async (actor, draftId) =>
      (await deps.safety.isSuspended(actor.userId))
        ? { ok: false, close: LIVE_CLOSE.suspended }
        : service.admitLive(actor, draftId),
  });
  // A blog's members changed (here or on another instance): removed members are disconnected.
  deps.cacheSync.on('blog', (key) => {
    live
      .recheckBlog(key === '' ? undefined : Number(key), (blogId, actor) =>
        service.mayEditLive(blogId, actor),
      )
      .catch((error: unknown) => app.log.error({ err: error }, 'live draft membership'));
  });
  deps.sessionEnds.on((end) => live.endSessions(end));
  deps.metrics.gauge(
    'repolog_live_draft_connections',
    'Open live co-editing connections (WebSockets) on this instance',
    () => live.stats().connections,
  );
  deps.metrics.gauge(
    'repolog_live_draft_documents',
    'Draft documents held in memory for live co-editing on this instance',
    () => live.stats().documents,
  );
  deps.onClose(() => live.stop());
  return {
    start: () => live.start(),
    mediaReferences: {
      name: 'drafts',
      referenced: async (hashes) => new Set(await repo.mediaReferencedByDrafts(hashes)),
    },
  };
}
