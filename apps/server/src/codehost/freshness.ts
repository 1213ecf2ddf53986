/**
 * How fresh what GitHub told us is: the revalidation interval, and what a reader is told when a
 * list comes from the cache (stale) or not at all (unavailable), and why.
 */
import type { Message } from '@repolog/contract/messages';
import { GitHubError } from '../github/github.public.js';

/** How often a page view may cause a GitHub call for one repository (DESIGN.md §4). */
export const REVALIDATE_AFTER_MS = 60_000;

export type Freshness = { status: 'fresh' } | { status: 'stale' | 'unavailable'; message: Message };

export interface WithFreshness<T> {
  items: T;
  freshness: Freshness;
}

/** Why GitHub could not help: the `reason` of the messages that say what could not be done. */
export const failureReason = (error: unknown): Message => ({
  key: !(error instanceof GitHubError)
    ? 'github.reason.unreachable'
    : error.kind === 'rate_limited'
      ? 'github.reason.rateLimited'
      : error.kind === 'timeout'
        ? 'github.reason.slow'
        : 'github.reason.down',
  params: {},
});

/** What a list served from the cache (stale) or not at all (unavailable) tells the reader. */
export const ACTIVITY_NOTICES = {
  stale: 'github.activityAsOf',
  unavailable: 'github.activityUnavailable',
} as const;
export const REPOS_NOTICES = {
  stale: 'github.reposAsOf',
  unavailable: 'github.reposUnavailable',
} as const;
export type Notices = typeof ACTIVITY_NOTICES | typeof REPOS_NOTICES;
