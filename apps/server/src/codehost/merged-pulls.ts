import type { Db } from '../db/client.js';
import type { GitHubIssue } from '../github/github.public.js';
import type { Outbox } from '../outbox/outbox.public.js';
import type { CacheEntry, CodehostRepository } from './codehost.repository.js';

/** GitHub's clock and ours may differ a little; a merge this close to the last look is news. */
const CLOCK_SLACK_MS = 5 * 60_000;

/**
 * The pull requests a revalidated issue list shows merged since the list was last fetched:
 * merged now, and open (or closed unmerged) in the previous copy, or absent from it and
 * merged after it was fetched. With no previous copy nothing is news: the first look at a
 * repository is its history, not a merge that just happened.
 */
export function newlyMerged(
  before: { payload: GitHubIssue[]; fetchedAt: Date } | undefined,
  after: GitHubIssue[],
): GitHubIssue[] {
  if (!before) return [];
  const previous = new Map(before.payload.map((item) => [item.number, item]));
  const since = before.fetchedAt.getTime() - CLOCK_SLACK_MS;
  return after.filter((item) => {
    if (!item.isPullRequest || !item.mergedAt) return false;
    const was = previous.get(item.number);
    if (!was) return Date.parse(item.mergedAt) >= since;
    // A copy cached before merges were kept (mergedAt absent) knows only "open".
    return was.mergedAt === null || (was.mergedAt === undefined && was.state === 'open');
  });
}

/**
 * The activity poll's part in "a merged pull request leaves a draft waiting": when a
 * revalidated issue list shows pull requests newly merged, the blog of the repository gets the
 * same `pull.merged` event the App's webhook writes, in the transaction that saves the list.
 * Both end at the one claim per pull request, so a merge seen twice leaves one draft.
 */
export function mergeWatch(deps: { repo: CodehostRepository; outbox: Pick<Outbox, 'add'> }) {
  return async (
    tx: Db,
    repoKey: string,
    before: CacheEntry<GitHubIssue[]> | undefined,
    after: GitHubIssue[],
  ): Promise<void> => {
    const merged = newlyMerged(before, after);
    if (merged.length === 0) return;
    const blogId = (await deps.repo.blogsOf([repoKey], tx)).get(repoKey);
    if (blogId === undefined) return;
    for (const pull of merged) {
      await deps.outbox.add(tx, 'pull.merged', {
        blogId,
        repoKey,
        number: pull.number,
        author: pull.opener?.login ?? null,
        authorId: pull.opener?.id ?? null,
      });
    }
  };
}

export type MergeWatch = ReturnType<typeof mergeWatch>;
