import type { FastifyInstance } from 'fastify';
import { LIST_PAGE_SIZE } from '@repolog/contract/constants';
import type { ArticleLists } from '../articles/articles.public.js';
import type { AppDeps } from '../deps.js';
import { userMetaProvider } from './users.meta.js';
import { usersRepository } from './users.repository.js';
import { registerUsersRoutes } from './users.routes.js';
import { usersService } from './users.service.js';

/** Registers the users feature: profile pages' calls, their meta tags and server reads. */
export function registerUsersModule(
  app: FastifyInstance,
  deps: AppDeps,
  articles: ArticleLists,
): void {
  const service = usersService({
    repo: usersRepository(deps.db),
    articles,
    memberships: deps.memberships,
  });
  // Here and on every other instance (the cached profiles' counts and blog names).
  for (const scope of ['breakthroughLists', 'blog', 'comments'] as const) {
    deps.cacheSync.on(scope, () => service.forgetProfiles());
  }
  registerUsersRoutes(app, service, deps.config.publicUrl);
  deps.pageReads.user = (login) => service.profile(login);
  deps.pageReads.userBreakthroughs = (login, page) =>
    service.breakthroughs(login, { offset: (page - 1) * LIST_PAGE_SIZE, limit: LIST_PAGE_SIZE });
  deps.metaProviders.push(userMetaProvider(service, deps.config.publicUrl));
}
