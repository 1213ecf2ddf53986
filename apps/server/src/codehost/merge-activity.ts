import type { Activity } from '@repolog/contract/codehost';
import type { GitHubCommit, GitHubIssue } from '../github/github.public.js';

/** Issues, pull requests and commits as one activity list, newest first. */
export function mergeActivity(issues: GitHubIssue[], commits: GitHubCommit[]): Activity[] {
  const items: Activity[] = [
    ...issues.map((issue) => ({
      type: issue.isPullRequest ? ('PullRequest' as const) : ('Issue' as const),
      title: issue.title,
      state: issue.state,
      date: issue.createdAt,
      url: issue.htmlUrl,
    })),
    ...commits.map((commit) => ({
      type: 'Commit' as const,
      title: commit.title,
      state: 'committed',
      date: commit.date,
      url: commit.htmlUrl,
    })),
  ];
  return items.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}
