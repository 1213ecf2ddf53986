/** GitHub's REST answers as the client reads them, and their mapping to Repolog's own types. */
import {
  GitHubError,
  type GitHubCommit,
  type GitHubIssue,
  type GitHubRepo,
  type GitHubUser,
} from './github.types.js';

export interface RawUser {
  id: number;
  login: string;
  name?: string | null;
  avatar_url?: string | null;
  created_at?: string | null;
  public_repos?: number;
  public_gists?: number;
}
export interface RawRepo {
  id: number;
  full_name: string;
  html_url: string;
  private: boolean;
  description: string | null;
  permissions?: { admin?: boolean; push?: boolean } | null;
}
export interface RawIssue {
  number: number;
  title: string;
  state: string;
  html_url: string;
  created_at: string;
  user?: { login?: string; id?: number } | null;
  pull_request?: { merged_at?: string | null } | null;
}
export interface RawCommit {
  sha: string;
  html_url: string;
  commit: {
    message: string;
    author?: { date?: string } | null;
    committer?: { date?: string } | null;
  };
}

export const toUser = (u: RawUser): GitHubUser => ({
  id: u.id,
  login: u.login,
  name: u.name ?? null,
  avatarUrl: u.avatar_url ?? null,
  createdAt: u.created_at ?? null,
  publicActivity:
    typeof u.public_repos === 'number' || typeof u.public_gists === 'number'
      ? (u.public_repos ?? 0) + (u.public_gists ?? 0) > 0
      : null,
});
/** A repository as GitHub answers it; anything else (a user, an error page) is a bad response. */
export const toRepo = (r: RawRepo): GitHubRepo => {
  if (
    typeof r?.full_name !== 'string' ||
    typeof r.html_url !== 'string' ||
    typeof r.id !== 'number'
  ) {
    throw new GitHubError('bad_response', 'GitHub did not answer with a repository.');
  }
  return {
    id: r.id,
    fullName: r.full_name,
    htmlUrl: r.html_url,
    private: r.private === true,
    description: typeof r.description === 'string' ? r.description : null,
    permissions:
      r.permissions && typeof r.permissions === 'object'
        ? { admin: r.permissions.admin === true, push: r.permissions.push === true }
        : null,
  };
};
/** What an issue or pull request says of itself, in the lists and in its own answer alike. */
export const issueHeader = (
  i: Pick<RawIssue, 'number' | 'title' | 'state' | 'html_url' | 'created_at' | 'pull_request'>,
) => ({
  number: i.number,
  title: i.title,
  state: i.state,
  htmlUrl: i.html_url,
  createdAt: i.created_at,
  isPullRequest: i.pull_request !== undefined && i.pull_request !== null,
  mergedAt: i.pull_request?.merged_at ?? null,
});

/** A commit's title: the first line of its message, or its short sha when that is empty. */
export const firstLine = (message: string, sha: string): string =>
  (message.split('\n')[0] ?? '').trim() || sha.slice(0, 7);

export const toIssue = (i: RawIssue): GitHubIssue => ({
  ...issueHeader(i),
  opener:
    typeof i.user?.login === 'string' && typeof i.user.id === 'number'
      ? { login: i.user.login, id: i.user.id }
      : null,
});
export const toCommit = (c: RawCommit): GitHubCommit => ({
  sha: c.sha,
  title: firstLine(c.commit.message, c.sha),
  htmlUrl: c.html_url,
  date: c.commit.author?.date ?? c.commit.committer?.date ?? new Date(0).toISOString(),
});
