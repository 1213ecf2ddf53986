import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blogIdParamsSchema } from '@repolog/contract/repo-items';
import {
  breakthroughRefListSchema,
  repoConnectionSchema,
  type BreakthroughRef,
  repoSettingsInputSchema,
  type RepoConnection,
} from '@repolog/contract/repo-connection';
import { can, type Actor } from '@repolog/contract/permissions';
import { signedInRoutes } from '../auth/auth.public.js';
import { blogResource, type BlogMemberships } from '../blogs/blogs.public.js';
import { forbidden, notFound } from '../errors.js';
import { APP_SETUP_PATH, type GitHubApp } from '../github/github.public.js';
import { CLOSE_LOOP_PERMISSION } from './close-loop.js';
import type { ConnectionsRepository } from './connections.repository.js';

/** What the App needs to read a repository; close-the-loop adds issues: write. */
const READ_PERMISSIONS = [
  { name: 'issues', level: 'read' },
  { name: 'pull_requests', level: 'read' },
  { name: 'contents', level: 'read' },
];
const LEVELS: Record<string, number> = { read: 1, write: 2, admin: 3 };

/** A blog's repository connection: state, the install page, its choices, missing permissions. */
export function connectionService(deps: {
  repo: ConnectionsRepository;
  app: GitHubApp | undefined;
  memberships: Pick<BlogMemberships, 'find'>;
}) {
  const { repo, app, memberships } = deps;

  async function memberBlog(actor: Actor | null, blogId: number) {
    const blog = await memberships.find(blogId);
    if (!blog) throw notFound('blogs.notFound', { blogId });
    if (!can(actor, 'blog.edit', blogResource(blog))) throw forbidden('connections.membersOnly');
    return blog;
  }

  async function state(actor: Actor | null, blogId: number): Promise<RepoConnection> {
    const blog = await memberBlog(actor, blogId);
    const settings = await repo.settings(blog.id);
    const connection = app ? await repo.connectionOf(blog.repoKey) : undefined;
    const connected = connection?.connected === true && connection.installationLive;
    const wanted = [...READ_PERMISSIONS, ...(settings.closeLoop ? [CLOSE_LOOP_PERMISSION] : [])];
    const granted = connection?.permissions ?? {};
    return {
      configured: app !== undefined,
      state: connected ? 'connected' : connection ? 'removed' : 'not_connected',
      installUrl: app ? app.installUrl(`blog-${blog.id}`) : null,
      settings,
      missingPermissions: connected
        ? wanted.filter((p) => (LEVELS[granted[p.name] ?? ''] ?? 0) < (LEVELS[p.level] ?? 1))
        : [],
    };
  }

  return {
    state,

    /** Which repository items the blog's breakthroughs are about (a private one's: members). */
    async breakthroughRefs(actor: Actor | null, blogId: number): Promise<BreakthroughRef[]> {
      const blog = await memberships.find(blogId);
      if (!blog) throw notFound('blogs.notFound', { blogId });
      if (blog.repoPrivate && !can(actor, 'blog.write', blogResource(blog))) {
        throw forbidden('github.privateActivity');
      }
      const rows = await repo.breakthroughRefs(blog.id);
      return rows.flatMap((row) =>
        [...new Set([row.problemRef, row.solutionRef])]
          .filter((ref): ref is string => ref !== null)
          .map((ref) => ({ ref, articleId: row.articleId, title: row.title })),
      );
    },
    async saveSettings(
      actor: Actor | null,
      blogId: number,
      input: { mergedPullDrafts?: boolean | undefined; closeLoop?: boolean | undefined },
    ): Promise<RepoConnection> {
      const blog = await memberBlog(actor, blogId);
      const current = await repo.settings(blog.id);
      await repo.saveSettings(blog.id, {
        mergedPullDrafts: input.mergedPullDrafts ?? current.mergedPullDrafts,
        closeLoop: input.closeLoop ?? current.closeLoop,
      });
      return state(actor, blogId);
    },
  };
}

export type ConnectionService = ReturnType<typeof connectionService>;

const setupQuerySchema = z.object({
  state: z.string().max(100).optional(),
  installation_id: z.string().max(30).optional(),
  setup_action: z.string().max(30).optional(),
});

export function registerConnectionRoutes(app: FastifyInstance, service: ConnectionService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/blogs/:blogId/repository-connection',
    { schema: { params: blogIdParamsSchema, response: { 200: repoConnectionSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return service.state(request.actor, request.params.blogId);
    },
  );
  signedInRoutes(app, (s) => {
    s.put(
      '/api/blogs/:blogId/repository-connection',
      {
        schema: {
          params: blogIdParamsSchema,
          body: repoSettingsInputSchema,
          response: { 200: repoConnectionSchema },
        },
      },
      async (request) => service.saveSettings(request.actor, request.params.blogId, request.body),
    );
  });
  r.get(
    '/api/blogs/:blogId/breakthrough-refs',
    { schema: { params: blogIdParamsSchema, response: { 200: breakthroughRefListSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return service.breakthroughRefs(request.actor, request.params.blogId);
    },
  );
  // The App's Setup URL: GitHub sends the browser back here after an installation. Nothing is
  // trusted from it (the installation event says what was installed); it only leads home.
  r.get(APP_SETUP_PATH, { schema: { querystring: setupQuerySchema } }, async (request, reply) => {
    const blogId = /^blog-([1-9]\d{0,9})$/.exec(request.query.state ?? '')?.[1];
    return reply.redirect(blogId ? `/blog/${blogId}?connected=1` : '/workspace', 302);
  });
}
