import { Octokit } from '@octokit/rest';
import {
  GitHubError,
  type Conditional,
  type GitHubClient,
  type GitHubCommit,
  type GitHubIssue,
  type GitHubRepo,
} from './github.types.js';
import {
  toCommit,
  toIssue,
  toRepo,
  toUser,
  type RawCommit,
  type RawIssue,
  type RawRepo,
  type RawUser,
} from './github-raw.js';
import { itemReads } from './github-items.js';
import { toGitHubError, type HttpErrorLike } from './github-errors.js';

export interface GitHubClientOptions {
  /** REST API root, e.g. https://api.github.com or https://ghe.example.com/api/v3 */
  apiUrl: string;
  /** Where the browser is sent to authorize, e.g. https://github.com */
  authorizeBaseUrl: string;
  /** Where the server trades codes for tokens; usually the same as authorizeBaseUrl. */
  oauthBaseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Per-call time-out; GitHub being slow must never hang a request. */
  timeoutMs?: number;
}

/** The only code that talks to GitHub: REST through Octokit, the OAuth code exchange through fetch. */
export function createGitHubClient(options: GitHubClientOptions): GitHubClient {
  const timeoutMs = options.timeoutMs ?? 5000;
  const octokit = new Octokit({
    baseUrl: options.apiUrl,
    userAgent: 'Repolog',
    log: {
      debug: () => undefined,
      info: () => undefined,
      warn: () => undefined,
      error: () => undefined,
    },
  });

  async function get<T>(
    route: string,
    params: Record<string, string | number>,
    token: string | undefined,
    etag?: string | null,
  ): Promise<{ data: T; etag: string | null } | 'not_modified'> {
    const headers: Record<string, string> = { accept: 'application/vnd.github+json' };
    if (token) headers.authorization = `token ${token}`;
    if (etag) headers['if-none-match'] = etag;
    try {
      const res = await octokit.request(route, {
        ...params,
        headers,
        request: { signal: AbortSignal.timeout(timeoutMs) },
      });
      return { data: res.data as T, etag: res.headers.etag ?? null };
    } catch (error) {
      if ((error as HttpErrorLike).status === 304) return 'not_modified';
      throw toGitHubError(error);
    }
  }

  async function conditional<R, T>(
    route: string,
    params: Record<string, string | number>,
    token: string | undefined,
    etag: string | null | undefined,
    map: (raw: R) => T,
  ): Promise<Conditional<T[]>> {
    const res = await get<R[]>(route, params, token, etag);
    if (res === 'not_modified') return { modified: false };
    if (!Array.isArray(res.data))
      throw new GitHubError('bad_response', 'GitHub sent an unexpected list.');
    return { modified: true, data: res.data.map(map), etag: res.etag };
  }

  const orNull = async <T>(work: Promise<T>): Promise<T | null> => {
    try {
      return await work;
    } catch (error) {
      if (error instanceof GitHubError && error.kind === 'not_found') return null;
      throw error;
    }
  };

  return {
    ...itemReads(get, orNull),

    authorizeUrl({ state, codeChallenge, redirectUri }) {
      const url = new URL(`${options.authorizeBaseUrl}/login/oauth/authorize`);
      url.searchParams.set('client_id', options.clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('state', state);
      // user:email: the primary verified address, even when the profile's email is private.
      url.searchParams.set('scope', 'read:user user:email repo');
      url.searchParams.set('code_challenge', codeChallenge);
      url.searchParams.set('code_challenge_method', 'S256');
      url.searchParams.set('allow_signup', 'true');
      return url.toString();
    },

    async exchangeCode({ code, codeVerifier, redirectUri }) {
      let res: Response;
      try {
        res = await fetch(`${options.oauthBaseUrl}/login/oauth/access_token`, {
          method: 'POST',
          headers: {
            accept: 'application/json',
            'content-type': 'application/json',
            'user-agent': 'Repolog',
          },
          body: JSON.stringify({
            client_id: options.clientId,
            client_secret: options.clientSecret,
            code,
            redirect_uri: redirectUri,
            code_verifier: codeVerifier,
          }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw toGitHubError(error);
      }
      if (!res.ok) throw toGitHubError({ status: res.status, message: res.statusText });
      const body = (await res.json().catch(() => ({}))) as {
        access_token?: string;
        scope?: string;
        error?: string;
        error_description?: string;
      };
      if (!body.access_token) {
        throw new GitHubError(
          'unauthorized',
          body.error_description ?? body.error ?? 'GitHub did not issue a token for that code.',
        );
      }
      return { accessToken: body.access_token, scope: body.scope ?? '' };
    },

    async getViewer(token) {
      const res = await get<RawUser>('GET /user', {}, token);
      if (res === 'not_modified')
        throw new GitHubError('bad_response', 'Unexpected 304 for /user.');
      return toUser(res.data);
    },

    async getPrimaryEmail(token) {
      const res = await get<{ email?: unknown; primary?: unknown; verified?: unknown }[]>(
        'GET /user/emails',
        {},
        token,
      );
      if (res === 'not_modified' || !Array.isArray(res.data)) return null;
      const primary = res.data.find((entry) => entry.primary === true && entry.verified === true);
      return typeof primary?.email === 'string' ? primary.email : null;
    },

    async listViewerRepos(token) {
      const repos: GitHubRepo[] = [];
      // Three pages of 100 cover nearly everyone; the dropdown lists the most recently pushed first.
      for (let page = 1; page <= 3; page += 1) {
        const res = await get<RawRepo[]>(
          'GET /user/repos',
          {
            per_page: 100,
            page,
            sort: 'pushed',
            affiliation: 'owner,collaborator,organization_member',
          },
          token,
        );
        if (res === 'not_modified') break;
        repos.push(...res.data.map(toRepo));
        if (res.data.length < 100) break;
      }
      return repos;
    },

    getUser(login, token) {
      return orNull(
        get<RawUser>('GET /users/{username}', { username: login }, token).then((res) => {
          if (res === 'not_modified') throw new GitHubError('bad_response', 'Unexpected 304.');
          return toUser(res.data);
        }),
      );
    },

    getRepo(owner, repo, token) {
      return orNull(
        get<RawRepo>('GET /repos/{owner}/{repo}', { owner, repo }, token).then((res) => {
          if (res === 'not_modified') throw new GitHubError('bad_response', 'Unexpected 304.');
          return toRepo(res.data);
        }),
      );
    },

    listIssues(owner, repo, token, etag) {
      return conditional<RawIssue, GitHubIssue>(
        'GET /repos/{owner}/{repo}/issues',
        { owner, repo, state: 'all', per_page: 100, sort: 'created', direction: 'desc' },
        token,
        etag,
        toIssue,
      );
    },

    async listCommits(owner, repo, token, etag) {
      try {
        return await conditional<RawCommit, GitHubCommit>(
          'GET /repos/{owner}/{repo}/commits',
          { owner, repo, per_page: 100 },
          token,
          etag,
          toCommit,
        );
      } catch (error) {
        // GitHub answers 409 for a repository without commits.
        if (error instanceof GitHubError && error.status === 409)
          return { modified: true, data: [], etag: null };
        throw error;
      }
    },
  };
}
