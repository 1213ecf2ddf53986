import type { RepoItem, RepoItemDetail } from '@repolog/contract/repo-items';
import type { RepoItemType } from '@repolog/contract/repo-import';
import type { Actor } from '@repolog/contract/permissions';
import { AppError, notFound } from '../errors.js';
import type {
  GitHubClient,
  GitHubCommit,
  GitHubCommitDetail,
  GitHubIssue,
} from '../github/github.public.js';
import type { CodehostRepository } from './codehost.repository.js';
import type { CodehostService } from './codehost.service.js';
import { failureReason, REVALIDATE_AFTER_MS } from './freshness.js';
import type { RepoRef } from './repo-url.js';

/** At most this many items answer a search. */
export const REPO_ITEMS_MAX = 20;

const issueState = (issue: GitHubIssue): RepoItem['state'] =>
  issue.mergedAt ? 'merged' : issue.state === 'open' ? 'open' : 'closed';

export const issueItem = (issue: GitHubIssue): RepoItem => {
  const type = issue.isPullRequest ? 'pull' : 'issue';
  return {
    ref: `${type}:${issue.number}`,
    type,
    number: issue.number,
    sha: null,
    title: issue.title,
    state: issueState(issue),
    url: issue.htmlUrl,
  };
};

export const commitItem = (commit: GitHubCommit): RepoItem => ({
  ref: `commit:${commit.sha}`,
  type: 'commit',
  number: null,
  sha: commit.sha,
  title: commit.title,
  state: 'committed',
  url: commit.htmlUrl,
});

/** Words all found in the title (or `#number`, or the SHA's start). */
function matchesWords(item: RepoItem, words: string[]): boolean {
  const hay = `${item.title} ${item.number === null ? '' : `#${item.number}`} ${item.sha ?? ''}`;
  const lower = hay.toLowerCase();
  return words.every((word) => lower.includes(word));
}

/** Maintainers' comments first: the repository's owner, members and collaborators. */
const MAINTAINERS = new Set(['OWNER', 'MEMBER', 'COLLABORATOR']);

/**
 * One item of a repository in full (`issue:12`, `pull:4`, `commit:<sha>`), from the cache
 * while fresh (a webhook makes it stale), else from GitHub with `token`.
 */
export function itemDetailReader(deps: {
  github: GitHubClient;
  repo: CodehostRepository;
  now?: () => Date;
}) {
  const { github, repo } = deps;
  const now = deps.now ?? (() => new Date());

  /** One item's detail: from the cache while fresh (a webhook makes it stale), else GitHub. */
  async function cachedDetail(
    ref: RepoRef,
    key: string,
    load: () => Promise<RepoItemDetail | null>,
  ): Promise<RepoItemDetail> {
    const at = now();
    const cached = await repo.get<RepoItemDetail>(ref.key, `item:${key}`);
    if (cached && cached.checkedAt.getTime() >= at.getTime() - REVALIDATE_AFTER_MS) {
      return cached.payload;
    }
    let loaded: RepoItemDetail | null;
    try {
      loaded = await load();
    } catch (error) {
      if (cached) return cached.payload;
      throw new AppError('github_unavailable', 'items.unavailable', {
        reason: failureReason(error),
        ref: key,
      });
    }
    if (!loaded) throw notFound('items.notFound', { ref: key, repo: `${ref.owner}/${ref.name}` });
    await repo.save(ref.key, `item:${loaded.ref}`, null, loaded, at);
    if (loaded.ref !== key) await repo.save(ref.key, `item:${key}`, null, loaded, at);
    return loaded;
  }

  async function issueDetail(
    ref: RepoRef,
    token: string | undefined,
    type: 'issue' | 'pull',
    number: number,
  ): Promise<RepoItemDetail | null> {
    const issue = await github.getIssue(ref.owner, ref.name, number, token);
    if (!issue || (type === 'pull') !== issue.isPullRequest) return null;
    const [comments, files, commits] = await Promise.all([
      issue.comments > 0 ? github.listIssueComments(ref.owner, ref.name, number, token) : [],
      type === 'pull' ? github.listPullFiles(ref.owner, ref.name, number, token) : [],
      type === 'pull' ? github.listPullCommits(ref.owner, ref.name, number, token) : [],
    ]);
    return {
      ...issueItem(issue),
      author: issue.author,
      labels: issue.labels,
      body: issue.body,
      comments: comments.map((c) => ({
        author: c.author,
        maintainer: MAINTAINERS.has(c.association),
        body: c.body,
        createdAt: c.createdAt,
      })),
      commits: commits.map((c) => ({ sha: c.sha, title: c.title })),
      files,
    };
  }

  const commitDetail = (commit: GitHubCommitDetail): RepoItemDetail => ({
    ...commitItem(commit),
    author: commit.author,
    labels: [],
    body: commit.message.split('\n').slice(1).join('\n').trim() || null,
    comments: [],
    commits: [],
    files: commit.files,
  });

  /** `key` is a ref as the API takes it (`issue:12`, `commit:<sha or prefix>`). */
  return (ref: RepoRef, token: string | undefined, itemRef: string): Promise<RepoItemDetail> => {
    const [type, id = ''] = itemRef.split(':') as [RepoItemType, string];
    const key = type === 'commit' ? `commit:${id.toLowerCase()}` : `${type}:${Number(id)}`;
    return cachedDetail(ref, key, async () => {
      if (type !== 'commit') return issueDetail(ref, token, type, Number(id));
      const commit = await github.getCommit(ref.owner, ref.name, id.toLowerCase(), token);
      return commit && commitDetail(commit);
    });
  };
}

/** The picker's search and the import's reads, over the codehost cache. */
export function repoItemsService(deps: {
  codehost: CodehostService;
  github: GitHubClient;
  repo: CodehostRepository;
  now?: () => Date;
}) {
  const { codehost, github } = deps;
  const readDetail = itemDetailReader(deps);

  return {
    /** GET /api/blogs/{blogId}/repo-items: newest first without words; at most 20. */
    async search(actor: Actor | null, blogId: number, q: string, type?: RepoItemType) {
      const { ref, token } = await codehost.blogRepository(actor, blogId);
      const lists = await codehost.repositoryLists(ref, token);
      const all = [...lists.issues.map(issueItem), ...lists.commits.map(commitItem)].filter(
        (item) => !type || item.type === type,
      );
      const found: RepoItem[] = [];
      const number = /^#?(\d{1,10})$/.exec(q)?.[1];
      const shaPrefix = /^[0-9a-f]{4,40}$/i.test(q) ? q.toLowerCase() : undefined;
      if (number !== undefined) {
        found.push(...all.filter((item) => item.number === Number(number)));
        if (found.length === 0 && type !== 'commit') {
          const issue = await github
            .getIssue(ref.owner, ref.name, Number(number), token)
            .catch(() => null);
          if (issue && (!type || issueItem(issue).type === type)) found.push(issueItem(issue));
        }
      }
      if (shaPrefix !== undefined && (!type || type === 'commit')) {
        const prefixed = all.filter((item) => item.sha?.startsWith(shaPrefix));
        found.push(...prefixed);
        if (prefixed.length === 0 && shaPrefix.length >= 7 && !q.startsWith('#')) {
          const commit = await github
            .getCommit(ref.owner, ref.name, shaPrefix, token)
            .catch(() => null);
          if (commit) found.push(commitItem(commit));
        }
      }
      // `#12` asks for that number alone; anything else is also read as words of titles.
      if (!q.startsWith('#') || number === undefined) {
        const words = q.toLowerCase().split(/\s+/).filter(Boolean);
        found.push(...all.filter((item) => matchesWords(item, words)));
      }
      const unique = [...new Map(found.map((item) => [item.ref, item])).values()];
      return { items: unique.slice(0, REPO_ITEMS_MAX), freshness: lists.freshness };
    },

    /** GET /api/blogs/{blogId}/repo-items/{ref}: everything an import into text needs. */
    async detail(actor: Actor | null, blogId: number, itemRef: string): Promise<RepoItemDetail> {
      const { ref, token } = await codehost.blogRepository(actor, blogId);
      return readDetail(ref, token, itemRef);
    },
  };
}

export type RepoItemsService = ReturnType<typeof repoItemsService>;
