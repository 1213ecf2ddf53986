import type { FastifyInstance } from 'fastify';
import type { ArticlesModule } from '../articles/articles.module.js';
import type { AppDeps } from '../deps.js';
import type { MediaReferenceSource } from '../media/media.public.js';
import { draftsRepository } from './drafts.repository.js';
import { registerDraftsRoutes } from './drafts.routes.js';
import { draftsService } from './drafts.service.js';

/** What other features may use of drafts: the media clean-up asks which images they show. */
export interface DraftsModule {
  mediaReferences: MediaReferenceSource;
}

/** Registers drafts: the write and edit pages save into them; publishing posts through articles. */
export function registerDraftsModule(
  app: FastifyInstance,
  deps: AppDeps,
  articles: ArticlesModule,
): DraftsModule {
  const repo = draftsRepository(deps.db);
  registerDraftsRoutes(app, draftsService({ repo, articles: articles.service }));
  return {
    mediaReferences: {
      name: 'drafts',
      referenced: async (hashes) => new Set(await repo.mediaReferencedByDrafts(hashes)),
    },
  };
}
