import type { FastifyInstance } from 'fastify';
import { articleIdParamsSchema, articleRepoRefsSchema } from '@repolog/contract/articles';
import type { ArticleRepoRefs } from '@repolog/contract/articles';
import type { Actor } from '@repolog/contract/permissions';
import { refOf } from '@repolog/contract/repo-import';
import { requireActor, signedInRoutes } from '../auth/auth.public.js';
import type { BlogMemberships } from '../blogs/blogs.public.js';
import { forbidden, notFound } from '../errors.js';
import type { ArticlesRepository } from './articles.repository.js';
import { ARTICLE_NOT_FOUND } from './articles.service.js';

/**
 * A breakthrough's repository references for its blog's members (issue 20): the shared article
 * answer shows nobody a private repository's numbers and links, so the article page asks this,
 * a personal answer, when its reader is a member. Anyone else: 403.
 */
export function repoRefsReader(deps: {
  repo: Pick<ArticlesRepository, 'findDetail'>;
  memberships: Pick<BlogMemberships, 'find'>;
}) {
  return async (actor: Actor, articleId: number): Promise<ArticleRepoRefs> => {
    const row = await deps.repo.findDetail(articleId);
    if (!row) throw notFound(ARTICLE_NOT_FOUND);
    const blog = await deps.memberships.find(row.blogId);
    if (!blog?.members.some((member) => member.userId === actor.userId)) {
      throw forbidden('items.membersOnly');
    }
    return {
      problemRef: refOf(row.problemRef, row.gitRepoUrl),
      solutionRef: refOf(row.solutionRef, row.gitRepoUrl),
    };
  };
}

export function registerRepoRefsRoute(
  app: FastifyInstance,
  read: ReturnType<typeof repoRefsReader>,
): void {
  signedInRoutes(app, (s) => {
    s.get(
      '/api/article/:articleId/repo-refs',
      { schema: { params: articleIdParamsSchema, response: { 200: articleRepoRefsSchema } } },
      async (request, reply) => {
        // Personal: a member's answer never lands in a cache another reader is served from.
        reply.header('Cache-Control', 'private, no-store');
        return read(requireActor(request), request.params.articleId);
      },
    );
  });
}
