import type { Activity, ActivityTitle, RepoOption } from '@repolog/contract/codehost';
import { GITHUB_LOGIN } from '@repolog/contract/users';
import type { Message } from '@repolog/contract/messages';
import type { Actor } from '@repolog/contract/permissions';
import type { BlogMemberships } from '../blogs/blogs.public.js';
import { AppError, forbidden, notFound } from '../errors.js';
import {
  type GitHubClient,
  type GitHubCommit,
  type GitHubIssue,
  type GitHubRepo,
  type GitHubUser,
} from '../github/github.public.js';
import type { Db } from '../db/client.js';
import type { Outbox } from '../outbox/outbox.public.js';
import type { CacheEntry, CodehostRepository } from './codehost.repository.js';
import { mergeWatch } from './merged-pulls.js';
import { mergeActivity } from './merge-activity.js';
import {
  ACTIVITY_NOTICES,
  failureReason,
  REPOS_NOTICES,
  REVALIDATE_AFTER_MS,
  type Notices,
  type WithFreshness,
} from './freshness.js';
import { parseRepoUrl, type RepoRef } from './repo-url.js';

export interface CodehostDeps {
  github: GitHubClient;
  repo: CodehostRepository;
  /** Who belongs to the blog of a repository (its members see a private one's activity). */
  memberships: Pick<BlogMemberships, 'findByRepo' | 'find'>;
  /** The user's decrypted GitHub token, if stored. */
  tokenOf: (userId: number) => Promise<string | undefined>;
  /** The GitHub App's token for a connected repository (owner/name); undefined: not connected. */
  appToken?: (repoKey: string) => Promise<string | undefined>;
  webUrl: string;
  /** Where a poll that sees a pull request newly merged writes `pull.merged` (a draft follows). */
  outbox?: Pick<Outbox, 'add'>;
  now?: () => Date;
}

/**
 * Whether GitHub lets the token's user push to (or administer) the repository: only they may
 * turn it into a blog, so nobody can take a repository's blog before its own team.
 */
export const mayCreateBlog = (repo: Pick<GitHubRepo, 'permissions'>): boolean =>
  !repo.permissions || repo.permissions.push || repo.permissions.admin;

/** Everything Repolog asks GitHub, with caching and graceful failure. */
export function codehostService(deps: CodehostDeps) {
  const { github, repo, memberships, tokenOf, webUrl } = deps;
  const now = deps.now ?? (() => new Date());
  const watchMerges = deps.outbox && mergeWatch({ repo, outbox: deps.outbox });
  /** The App's token for a connected repository (failing that, the member's, the owner's). */
  const readToken = async (repoKey: string, member: Actor | null, ownerId: number) =>
    (await deps.appToken?.(repoKey).catch(() => undefined)) ??
    (member ? await tokenOf(member.userId) : undefined) ??
    (await tokenOf(ownerId));

  const requireToken = async (actor: Actor): Promise<string> => {
    const token = await tokenOf(actor.userId);
    if (!token) throw new AppError('unauthenticated', 'auth.githubTokenMissing');
    return token;
  };

  /**
   * Serves a cached GitHub list, revalidating it (conditional request) at most once a
   * minute. On failure: the cached copy marked stale, else an empty list marked unavailable.
   */
  async function cachedList<T>(
    key: string,
    resource: string,
    fetcher: (
      etag: string | null,
    ) => Promise<{ modified: true; data: T[]; etag: string | null } | { modified: false }>,
    notices: Notices,
    /** Runs in the transaction that saves a changed list, with the copy it replaces. */
    onChange?: (tx: Db, before: CacheEntry<T[]> | undefined, after: T[]) => Promise<void>,
  ): Promise<WithFreshness<T[]>> {
    const at = now();
    const cached = await repo.get<T[]>(key, resource);
    if (cached) {
      const staleBefore = new Date(at.getTime() - REVALIDATE_AFTER_MS);
      if (cached.checkedAt >= staleBefore || !(await repo.claim(key, resource, at, staleBefore))) {
        return { items: cached.payload, freshness: { status: 'fresh' } };
      }
    }
    try {
      const result = await fetcher(cached?.etag ?? null);
      if (!result.modified) return { items: cached?.payload ?? [], freshness: { status: 'fresh' } };
      await repo.transaction(async (tx) => {
        await repo.save(key, resource, result.etag, result.data, at, tx);
        await onChange?.(tx, cached, result.data);
      });
      return { items: result.data, freshness: { status: 'fresh' } };
    } catch (error) {
      const reason = failureReason(error);
      if (cached) {
        const until = cached.fetchedAt.toISOString();
        return {
          items: cached.payload,
          freshness: {
            status: 'stale',
            message: { key: notices.stale, params: { reason, until } } as Message,
          },
        };
      }
      return {
        items: [],
        freshness: {
          status: 'unavailable',
          message: { key: notices.unavailable, params: { reason } } as Message,
        },
      };
    }
  }

  /** Who may read a linked repository's activity, and with whose token GitHub is asked. */
  async function activityAccess(actor: Actor | null, ref: RepoRef): Promise<string | undefined> {
    const blog = await memberships.findByRepo(ref.key);
    const access = blog && {
      private: blog.repoPrivate,
      ownerId: blog.ownerId,
      memberIds: blog.members.map((member) => member.userId),
    };
    if (!access) throw notFound('github.noBlog', { repo: `${ref.owner}/${ref.name}` });
    const isMember = actor !== null && access.memberIds.includes(actor.userId);
    if (access.private && !isMember) {
      throw forbidden('github.privateActivity');
    }
    return readToken(ref.key, isMember ? actor : null, access.ownerId);
  }

  /** The repository's newest issues and commits from the cache (revalidated once a minute). */
  async function repositoryLists(ref: RepoRef, token: string | undefined) {
    const [issues, commits] = await Promise.all([
      cachedList<GitHubIssue>(
        ref.key,
        'issues',
        (etag) => github.listIssues(ref.owner, ref.name, token, etag),
        ACTIVITY_NOTICES,
        watchMerges && ((tx, before, after) => watchMerges(tx, ref.key, before, after)),
      ),
      cachedList<GitHubCommit>(
        ref.key,
        'commits',
        (etag) => github.listCommits(ref.owner, ref.name, token, etag),
        ACTIVITY_NOTICES,
      ),
    ]);
    const worst = [issues.freshness, commits.freshness].find((f) => f.status === 'unavailable') ??
      [issues.freshness, commits.freshness].find((f) => f.status === 'stale') ?? {
        status: 'fresh' as const,
      };
    return { issues: issues.items, commits: commits.items, freshness: worst };
  }

  async function loadActivity(
    actor: Actor | null,
    htmlUrl: string,
  ): Promise<WithFreshness<Activity[]>> {
    const ref = parseRepoUrl(htmlUrl, webUrl, 'html_url');
    const token = await activityAccess(actor, ref);
    const lists = await repositoryLists(ref, token);
    return { items: mergeActivity(lists.issues, lists.commits), freshness: lists.freshness };
  }

  /** The GitHub account of a login; null when none exists; 502 when GitHub cannot say. */
  async function findUser(login: string, actor: Actor | null): Promise<GitHubUser | null> {
    if (!GITHUB_LOGIN.test(login)) return null;
    const token = actor ? await tokenOf(actor.userId) : undefined;
    try {
      return await github.getUser(login, token);
    } catch (error) {
      throw new AppError('github_unavailable', 'github.userUnchecked', {
        reason: failureReason(error),
        login,
      });
    }
  }

  return {
    parseRepoUrl: (htmlUrl: string, field?: string) => parseRepoUrl(htmlUrl, webUrl, field),

    /** GET /api/repos */
    async listRepos(actor: Actor): Promise<WithFreshness<RepoOption[]>> {
      const token = await requireToken(actor);
      const result = await cachedList<GitHubRepo>(
        `user:${actor.userId}`,
        'repos',
        async () => ({ modified: true, data: await github.listViewerRepos(token), etag: null }),
        REPOS_NOTICES,
      );
      // Only repositories the user could create a blog for (repositories cached before
      // permissions were kept have none and stay listed); those that have a blog say which.
      const mayUse = result.items.filter(mayCreateBlog);
      const made = await repo.blogsOf(mayUse.map((r) => r.fullName.toLowerCase()));
      return {
        items: mayUse.map((r) => ({
          html_url: r.htmlUrl,
          full_name: r.fullName,
          private: r.private,
          description: r.description,
          blogId: made.get(r.fullName.toLowerCase()) ?? null,
        })),
        freshness: result.freshness,
      };
    },

    /** GET /api/check-user */
    async checkUser(actor: Actor | null, login: string): Promise<boolean> {
      return (await findUser(login, actor)) !== null;
    },

    findUser,

    repositoryLists,

    /**
     * The blog's repository as `actor` may read it, and the token to ask GitHub with (theirs
     * when a member, else the owner's). A private one's items are for members only.
     */
    async blogRepository(actor: Actor | null, blogId: number) {
      const blog = await memberships.find(blogId);
      if (!blog) throw notFound('blogs.notFound', { blogId });
      const isMember = actor !== null && blog.members.some((m) => m.userId === actor.userId);
      if (blog.repoPrivate && !isMember) throw forbidden('items.membersOnly');
      const [owner = '', name = ''] = blog.repoKey.split('/');
      const token = await readToken(blog.repoKey, isMember ? actor : null, blog.ownerId);
      const ref: RepoRef = { owner, name, key: blog.repoKey, htmlUrl: `${webUrl}/${blog.repoKey}` };
      return { ref, token, isMember };
    },

    /** The repository as the actor sees it on GitHub; null when it does not exist for them. */
    async findRepoForUser(
      actor: Actor,
      htmlUrl: string,
      field = 'gitRepoUrl',
    ): Promise<GitHubRepo | null> {
      const ref = parseRepoUrl(htmlUrl, webUrl, field);
      const token = await requireToken(actor);
      try {
        return await github.getRepo(ref.owner, ref.name, token);
      } catch (error) {
        throw new AppError('github_unavailable', 'github.repoUnchecked', {
          reason: failureReason(error),
        });
      }
    },

    /** GET /api/issues-and-commits */
    activity: loadActivity,

    /** GET /api/issues-and-commits/title */
    async activityTitles(
      actor: Actor | null,
      htmlUrl: string,
    ): Promise<WithFreshness<ActivityTitle[]>> {
      const result = await loadActivity(actor, htmlUrl);
      return {
        items: result.items.map((item) => ({ title: item.title, type: item.type })),
        freshness: result.freshness,
      };
    },

    /** A webhook said this repository changed: revalidate on the next view. */
    async invalidate(fullName: string): Promise<void> {
      await repo.invalidate(fullName.toLowerCase());
    },
  };
}

export type CodehostService = ReturnType<typeof codehostService>;
