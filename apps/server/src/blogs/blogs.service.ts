import type { z } from 'zod';
import type {
  Blog,
  CreatedBlog,
  createBlogSchema,
  MyBlog,
  updateBlogSchema,
} from '@repolog/contract/blogs';
import { microcache, PUBLIC_VIEW_TTL_MS } from '../plugins/microcache.js';
import { limits } from '@repolog/contract/limits';
import { can, type Actor } from '@repolog/contract/permissions';
import type { Message } from '@repolog/contract/common';
import type { CodehostService } from '../codehost/codehost.public.js';
import { badRequest, conflict, forbidden, notFound } from '../errors.js';
import type { Events } from '../events.js';
import type { Outbox } from '../outbox/outbox.public.js';
import type { CacheSync } from '../plugins/cache-sync.js';
import type { GitHubUser } from '../github/github.public.js';
import type { UserAccounts } from '../users/users.public.js';
import type { BlogMembersRepository } from './blog-members.repository.js';
import { blogResource as toResource } from './blog-memberships.js';
import { presentBlog, presentMyBlog } from './blogs.presenter.js';
import type { BlogsRepository } from './blogs.repository.js';
import type { SafetyChecks } from '../safety/safety.public.js';
import { lower, refuseBlockers, rememberAccounts, uniqueLogins } from './member-accounts.js';

export type CreateBlogInput = z.output<typeof createBlogSchema>;
export type UpdateBlogInput = z.output<typeof updateBlogSchema>;

export interface BlogsServiceDeps {
  repo: BlogsRepository;
  members: BlogMembersRepository;
  users: Pick<UserAccounts, 'upsertGithubUser'>;
  codehost: CodehostService;
  events: Events;
  outbox: Pick<Outbox, 'add' | 'deliver'>;
  cacheSync: CacheSync;
  /** Nobody who blocked the actor is added to a blog by them. */
  safety: Pick<SafetyChecks, 'isBlocked'>;
}

/** GitHub user look-ups in flight at once while checking a member list. */
const LOOKUP_CONCURRENCY = 8;

export const BLOG_DELETED_MESSAGE = 'The blog has been successfully deleted.';
export const BLOG_CREATED_MESSAGE = 'The blog has been created.';

const blogNotFound = (blogId: number) => notFound('blogs.notFound', { blogId });

const repoTaken = (fullName: string) => conflict('blogs.repoTaken', { repo: fullName });

const tooManyMembers = (count: number) =>
  badRequest('blogs.tooManyMembers', { max: limits.blogMembers.max, count });

const notMember = () => forbidden('blogs.membersOnly');

/** Blogs: create, read, edit (with member sync), delete. */
export function blogsService(deps: BlogsServiceDeps) {
  const { repo, members, users, codehost, events, outbox } = deps;

  /**
   * The GitHub accounts of `logins`, in order; a login GitHub does not know is a 400 naming
   * it, and GitHub being down is the 502 the codehost throws.
   */
  async function lookUpMembers(actor: Actor, logins: string[]): Promise<GitHubUser[]> {
    const found: GitHubUser[] = [];
    for (let i = 0; i < logins.length; i += LOOKUP_CONCURRENCY) {
      const batch = logins.slice(i, i + LOOKUP_CONCURRENCY);
      const accounts = await Promise.all(batch.map((login) => codehost.findUser(login, actor)));
      accounts.forEach((account, j) => {
        if (!account) {
          throw badRequest('blogs.memberNotFound', { login: batch[j] ?? '' });
        }
        found.push(account);
      });
    }
    // Two spellings GitHub resolves to one account count once.
    const byId = new Map(found.map((account) => [account.id, account]));
    return [...byId.values()];
  }

  async function load(blogId: number): Promise<Blog> {
    const row = await repo.findDetail(blogId);
    if (!row) throw blogNotFound(blogId);
    return presentBlog(row);
  }

  // What a visitor (fav_button false) sees of a blog is reused for a second; local edits and
  // deletes refresh it. A signed-in reader gets the same view with their star and the favorite
  // count (which their own toggles change) looked up fresh.
  const publicViews = microcache<Blog>({
    ttlMs: PUBLIC_VIEW_TTL_MS,
    maxKeys: 512,
    name: 'blog_views',
  });
  deps.cacheSync.on('blog', (key) => publicViews.delete(key));
  const forgetView = (blogId: number) => deps.cacheSync.changed('blog', String(blogId));
  const detail = async (blogId: number, viewer: Actor | null): Promise<Blog> => {
    const shared = publicViews.get(String(blogId), () => load(blogId));
    if (!viewer) return shared;
    const [view, mine] = await Promise.all([shared, repo.findViewerState(blogId, viewer.userId)]);
    if (!mine) throw blogNotFound(blogId);
    return { ...view, fav_count: mine.favCount, fav_button: mine.favorited };
  };

  return {
    /** GET /api/blog/{blogId} and GET /api/blog/non-member/{blogId} */
    detail,

    /** Its breakthroughs changed: the next read of the blog page builds it again. */
    forgetView,

    /** GET /api/blog: blogs the actor is a member of, newest first. */
    async listMine(actor: Actor): Promise<MyBlog[]> {
      return (await repo.listForMember(actor.userId)).map(presentMyBlog);
    },

    /** POST /api/blog */
    async create(actor: Actor, input: CreateBlogInput): Promise<CreatedBlog> {
      const ref = codehost.parseRepoUrl(input.gitRepoUrl, 'gitRepoUrl');
      if (await repo.findIdByRepoKey(ref.key)) throw repoTaken(`${ref.owner}/${ref.name}`);

      const others = uniqueLogins(input.blogMember).filter(
        (login) => lower(login) !== lower(actor.userName),
      );
      if (others.length + 1 > limits.blogMembers.max) throw tooManyMembers(others.length + 1);

      const repository = await codehost.findRepoForUser(actor, input.gitRepoUrl, 'gitRepoUrl');
      if (!repository) {
        throw badRequest('blogs.repoNotFound', { repo: `${ref.owner}/${ref.name}` });
      }
      if (!repository.permissions?.push && !repository.permissions?.admin) {
        throw forbidden('blogs.cannotPush', { repo: repository.fullName });
      }
      const accounts = (await lookUpMembers(actor, others)).filter(
        (account) => lower(account.login) !== lower(actor.userName),
      );

      const created = await repo.transaction(async (tx) => {
        const blog = await repo.insert(
          {
            name: input.blogName,
            description: input.description,
            gitRepoUrl: repository.htmlUrl,
            repoKey: repository.fullName.toLowerCase(),
            repoPrivate: repository.private,
            ownerId: actor.userId,
          },
          tx,
        );
        if (!blog) return undefined;
        const ids = await rememberAccounts(users, accounts, tx);
        const memberIds = [...new Set([actor.userId, ...ids.values()])];
        await repo.addMembers(blog.id, memberIds, new Date(), tx);
        const added = memberIds.filter((id) => id !== actor.userId);
        await refuseBlockers(deps.safety, actor.userId, added, ids, tx);
        const events =
          added.length > 0
            ? [
                await outbox.add(tx, 'blog.membersAdded', {
                  blogId: blog.id,
                  instigatorId: actor.userId,
                  userIds: added,
                }),
              ]
            : [];
        return { blogId: blog.id, events };
      });
      if (!created) throw repoTaken(repository.fullName);
      await outbox.deliver(created.events);
      return { blog_id: created.blogId, message: BLOG_CREATED_MESSAGE };
    },

    /** PUT /api/blog/{blogId}: name, description and members; the repository stays. */
    async update(actor: Actor, blogId: number, input: UpdateBlogInput): Promise<Blog> {
      const current = await members.find({ blogId });
      if (!current) throw blogNotFound(blogId);
      if (!can(actor, 'blog.edit', toResource(current))) {
        throw notMember();
      }
      if (input.gitRepoUrl) {
        const ref = codehost.parseRepoUrl(input.gitRepoUrl, 'gitRepoUrl');
        if (ref.key !== current.repoKey) {
          throw badRequest('blogs.repoFixed', { repo: current.repoKey });
        }
      }

      // The owner is always a member, whether or not the list names them.
      const wanted = uniqueLogins([current.ownerLogin, ...input.blogMember]);
      if (wanted.length > limits.blogMembers.max) throw tooManyMembers(wanted.length);
      const known = new Map(current.members.map((m) => [lower(m.login), m.userId]));
      const accounts = await lookUpMembers(
        actor,
        wanted.filter((login) => !known.has(lower(login))),
      );

      const added = await repo.transaction(async (tx) => {
        const locked = await members.find({ blogId }, tx, true);
        if (!locked) throw blogNotFound(blogId);
        // A concurrent edit may have removed the actor meanwhile.
        if (!can(actor, 'blog.edit', toResource(locked))) throw notMember();
        const ids = new Map([
          ...known,
          ...(await rememberAccounts(users, accounts, tx)),
          ...locked.members.map((m) => [lower(m.login), m.userId] as const),
        ]);
        const wantedIds = new Set<number>([locked.ownerId]);
        for (const login of wanted) {
          const id = ids.get(lower(login));
          if (id !== undefined) wantedIds.add(id);
        }
        const currentIds = new Set(locked.members.map((m) => m.userId));
        await refuseBlockers(
          deps.safety,
          actor.userId,
          [...wantedIds].filter((id) => !currentIds.has(id)),
          ids,
          tx,
        );
        await repo.removeMembers(
          blogId,
          [...currentIds].filter((id) => !wantedIds.has(id)),
          tx,
        );
        const newIds = await repo.addMembers(
          blogId,
          [...wantedIds].filter((id) => !currentIds.has(id)),
          new Date(),
          tx,
        );
        await repo.updateText(blogId, { name: input.blogName, description: input.description }, tx);
        const invited = newIds.filter((id) => id !== actor.userId);
        return invited.length > 0
          ? [
              await outbox.add(tx, 'blog.membersAdded', {
                blogId,
                instigatorId: actor.userId,
                userIds: invited,
              }),
            ]
          : [];
      });
      await outbox.deliver(added);
      forgetView(blogId);
      // The blog's name shows in breakthrough list rows and matches searches.
      deps.cacheSync.changed('breakthroughLists');
      return detail(blogId, actor);
    },

    /** DELETE /api/blog/{blogId}: the owner only; articles and favorites go with it. */
    async remove(actor: Actor, blogId: number): Promise<Message> {
      const current = await members.find({ blogId });
      if (!current) throw blogNotFound(blogId);
      if (!can(actor, 'blog.delete', toResource(current))) {
        throw forbidden('blogs.ownerOnlyDelete');
      }
      if (!(await repo.delete(blogId))) throw blogNotFound(blogId);
      forgetView(blogId);
      await events.emit('blog.deleted', { blogId });
      return { message: BLOG_DELETED_MESSAGE };
    },

    /** Title and description for the /blog/{blogId} page's meta tags. */
    summary: (blogId: number) => repo.findSummary(blogId),
  };
}

export type BlogsService = ReturnType<typeof blogsService>;
