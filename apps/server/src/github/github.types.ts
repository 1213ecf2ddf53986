/** What Repolog needs of a GitHub account. */
export interface GitHubUser {
  id: number;
  login: string;
  name: string | null;
  avatarUrl: string | null;
  /** When the account was created (the signed-in user's own record carries it). */
  createdAt?: string | null;
  /** Whether it has any public repository or gist (the signed-in user's own record says). */
  publicActivity?: boolean | null;
}

export interface GitHubRepo {
  id: number;
  fullName: string;
  htmlUrl: string;
  private: boolean;
  description: string | null;
  /** What the token's user may do with it, as GitHub reports it; null when GitHub sent none. */
  permissions: { admin: boolean; push: boolean } | null;
}

/** An issue or pull request (GitHub lists both as issues). */
export interface GitHubIssue {
  number: number;
  title: string;
  state: string;
  htmlUrl: string;
  createdAt: string;
  isPullRequest: boolean;
  /** When a pull request was merged (absent in lists cached before it was kept). */
  mergedAt?: string | null;
  /** Who opened it (absent in lists cached before it was kept). */
  opener?: { login: string; id: number } | null;
}

/** One issue or pull request in full, as an import into text needs it. */
export interface GitHubIssueDetail extends GitHubIssue {
  body: string | null;
  author: string | null;
  labels: string[];
  comments: number;
}

export interface GitHubComment {
  author: string | null;
  /** GitHub's author_association: OWNER, MEMBER, COLLABORATOR, CONTRIBUTOR, NONE, … */
  association: string;
  body: string;
  createdAt: string;
}

/** A changed file of a pull request or commit; `patch` is null for binary or huge diffs. */
export interface GitHubFile {
  path: string;
  additions: number;
  deletions: number;
  patch: string | null;
}

export interface GitHubCommitDetail extends GitHubCommit {
  message: string;
  author: string | null;
  files: GitHubFile[];
}

export interface GitHubCommit {
  sha: string;
  /** First line of the commit message. */
  title: string;
  htmlUrl: string;
  date: string;
}

/** A conditional GET: either fresh data with its ETag, or "not modified". */
export type Conditional<T> = { modified: true; data: T; etag: string | null } | { modified: false };

export type GitHubFailure =
  'timeout' | 'rate_limited' | 'unavailable' | 'unauthorized' | 'not_found' | 'bad_response';

/** Anything that went wrong talking to GitHub, sorted into what callers act on. */
export class GitHubError extends Error {
  constructor(
    readonly kind: GitHubFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'GitHubError';
  }
}

export interface GitHubClient {
  /** The browser-facing authorize URL of the OAuth flow. */
  authorizeUrl(params: { state: string; codeChallenge: string; redirectUri: string }): string;
  /** Trades an OAuth code (with its PKCE verifier) for a user token. */
  exchangeCode(params: { code: string; codeVerifier: string; redirectUri: string }): Promise<{
    accessToken: string;
    scope: string;
  }>;
  getViewer(token: string): Promise<GitHubUser>;
  /** The account's primary verified email address (scope user:email); null when none. */
  getPrimaryEmail(token: string): Promise<string | null>;
  /** Repositories the token's user owns or collaborates on (private included), newest push first. */
  listViewerRepos(token: string): Promise<GitHubRepo[]>;
  /** null when GitHub has no such user. */
  getUser(login: string, token?: string): Promise<GitHubUser | null>;
  /** null when the repository does not exist or the token cannot see it. */
  getRepo(owner: string, repo: string, token?: string): Promise<GitHubRepo | null>;
  listIssues(
    owner: string,
    repo: string,
    token: string | undefined,
    etag?: string | null,
  ): Promise<Conditional<GitHubIssue[]>>;
  listCommits(
    owner: string,
    repo: string,
    token: string | undefined,
    etag?: string | null,
  ): Promise<Conditional<GitHubCommit[]>>;
  /** null when there is no such issue or pull request. */
  getIssue(
    owner: string,
    repo: string,
    number: number,
    token: string | undefined,
  ): Promise<GitHubIssueDetail | null>;
  /** The first 100 comments of an issue or pull request, oldest first. */
  listIssueComments(
    owner: string,
    repo: string,
    number: number,
    token: string | undefined,
  ): Promise<GitHubComment[]>;
  /** Up to 300 changed files of a pull request. */
  listPullFiles(
    owner: string,
    repo: string,
    number: number,
    token: string | undefined,
  ): Promise<GitHubFile[]>;
  /** Up to 100 commits of a pull request, oldest first. */
  listPullCommits(
    owner: string,
    repo: string,
    number: number,
    token: string | undefined,
  ): Promise<GitHubCommit[]>;
  /** A commit by SHA or SHA prefix; null when there is none (or the prefix is ambiguous). */
  getCommit(
    owner: string,
    repo: string,
    ref: string,
    token: string | undefined,
  ): Promise<GitHubCommitDetail | null>;
}
