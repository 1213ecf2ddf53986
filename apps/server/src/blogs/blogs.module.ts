import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { blogMembersRepository } from './blog-members.repository.js';
import { blogMetaProvider } from './blogs.meta.js';
import { blogsRepository } from './blogs.repository.js';
import { registerBlogsRoutes } from './blogs.routes.js';
import { blogsService } from './blogs.service.js';

/** Registers the blogs feature: its routes and the blog page's meta tags. */
export function registerBlogsModule(app: FastifyInstance, deps: AppDeps): void {
  const service = blogsService({
    repo: blogsRepository(deps.readDb),
    members: blogMembersRepository(deps.db),
    users: deps.users,
    codehost: deps.codehost,
    events: deps.events,
    outbox: deps.outbox,
    cacheSync: deps.cacheSync,
    safety: deps.safety,
  });
  deps.events.on('article.changed', ({ blogId }) => service.forgetView(blogId));
  registerBlogsRoutes(app, service);
  deps.pageReads.blog = (blogId) => service.detail(blogId, null);
  deps.metaProviders.push(blogMetaProvider(service, deps.config.publicUrl));
}
