/** What Repolog needs of a GitHub account. */
export interface GitHubUser {
  id: number;
  login: string;
  name: string | null;
  avatarUrl: string | null;
  /** When the account was created (the signed-in user's own record carries it). */
  createdAt?: string | null;
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
}
