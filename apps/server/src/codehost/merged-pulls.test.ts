import { describe, expect, it } from 'vitest';
import type { GitHubIssue } from '../github/github.public.js';
import { newlyMerged } from './merged-pulls.js';

const pull = (number: number, fields: Partial<GitHubIssue> = {}): GitHubIssue => ({
  number,
  title: `Pull ${number}`,
  state: 'open',
  htmlUrl: `https://github.com/o/r/pull/${number}`,
  createdAt: '2026-11-01T00:00:00Z',
  isPullRequest: true,
  mergedAt: null,
  ...fields,
});
const merged = (number: number, at = '2026-11-20T12:00:00Z') =>
  pull(number, { state: 'closed', mergedAt: at });
const before = (payload: GitHubIssue[]) => ({
  payload,
  fetchedAt: new Date('2026-11-20T11:00:00Z'),
});

describe('which pull requests a revalidated list shows newly merged', () => {
  it('finds those open (or closed unmerged) before and merged now', () => {
    const was = [pull(1), pull(2, { state: 'closed' }), merged(3)];
    const now = [merged(1), merged(2), merged(3), pull(4)];
    expect(newlyMerged(before(was), now).map((p) => p.number)).toEqual([1, 2]);
  });

  it('finds those absent before only when merged after the last fetch', () => {
    const now = [merged(5), merged(6, '2026-10-01T00:00:00Z')];
    expect(newlyMerged(before([]), now).map((p) => p.number)).toEqual([5]);
  });

  it('finds nothing on the first look, in issues, or where an old copy cannot tell', () => {
    expect(newlyMerged(undefined, [merged(1)])).toEqual([]);
    const issue = { ...merged(7), isPullRequest: false };
    const unknown = pull(8, { state: 'closed', mergedAt: undefined });
    expect(newlyMerged(before([unknown]), [issue, merged(8)])).toEqual([]);
    const open = pull(9, { mergedAt: undefined });
    expect(newlyMerged(before([open]), [merged(9)]).map((p) => p.number)).toEqual([9]);
  });
});
