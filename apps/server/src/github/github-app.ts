import { createAppAuth } from '@octokit/auth-app';
import { Octokit } from '@octokit/rest';
import { Webhooks } from '@octokit/webhooks';
import { toGitHubError } from './github-errors.js';
import { GitHubError } from './github.types.js';

/** Where the App's events arrive (GitHub: the App's "Webhook URL"). */
export const APP_WEBHOOK_PATH = '/api/webhooks/github-app';
/** Where GitHub sends the browser after an installation (the App's "Setup URL"). */
export const APP_SETUP_PATH = '/api/github/app/setup';

export interface GitHubAppOptions {
  appId: number;
  privateKey: string;
  slug: string;
  webhookSecret: string;
  /** REST API root (the stand-in's in demo mode). */
  apiUrl: string;
  /** Where people install the App: {webUrl}/apps/{slug}/installations/new. */
  webUrl: string;
  timeoutMs?: number;
}

/** Repolog's GitHub App: its install page, webhook signatures, installation tokens, comments. */
export interface GitHubApp {
  slug: string;
  /** The App's install page; `state` comes back to the setup URL. */
  installUrl(state: string): string;
  /** X-Hub-Signature-256 checked against the App's webhook secret (constant time). */
  verifySignature(body: string, signature: string | undefined): Promise<boolean>;
  /** An installation token, from the cache until shortly before it expires. */
  installationToken(installationId: number): Promise<string>;
  /** The App's comments on issues and pull requests, as the installation. */
  createComment(at: IssueAt, body: string): Promise<number>;
  updateComment(at: CommentAt, body: string): Promise<void>;
  /** Deleting a comment that is already gone is fine. */
  deleteComment(at: CommentAt): Promise<void>;
  /** The first of the issue's comments whose body contains `marker`, if any. */
  findComment(at: IssueAt, marker: string): Promise<number | null>;
}

export interface IssueAt {
  installationId: number;
  owner: string;
  repo: string;
  number: number;
}
export interface CommentAt {
  installationId: number;
  owner: string;
  repo: string;
  commentId: number;
}

const quiet = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/** The App's JWTs, installation tokens (cached) and signatures: Octokit's libraries do them. */
export function createGitHubApp(options: GitHubAppOptions): GitHubApp {
  const timeoutMs = options.timeoutMs ?? 5000;
  const octokit = new Octokit({ baseUrl: options.apiUrl, userAgent: 'Repolog', log: quiet });
  const auth = createAppAuth({
    appId: options.appId,
    privateKey: options.privateKey,
    request: octokit.request,
    log: quiet,
  });
  const webhooks = new Webhooks({ secret: options.webhookSecret });

  async function installationToken(installationId: number): Promise<string> {
    try {
      const result = await auth({ type: 'installation', installationId });
      return result.token;
    } catch (error) {
      throw error instanceof GitHubError ? error : toGitHubError(error);
    }
  }

  async function call<T>(
    installationId: number,
    route: string,
    params: Record<string, string | number>,
  ): Promise<T> {
    const token = await installationToken(installationId);
    try {
      const res = await octokit.request(route, {
        ...params,
        headers: { authorization: `token ${token}`, accept: 'application/vnd.github+json' },
        request: { signal: AbortSignal.timeout(timeoutMs) },
      });
      return res.data as T;
    } catch (error) {
      throw toGitHubError(error);
    }
  }

  return {
    slug: options.slug,

    installUrl(state) {
      const url = new URL(`${options.webUrl}/apps/${options.slug}/installations/new`);
      url.searchParams.set('state', state);
      return url.toString();
    },

    async verifySignature(body, signature) {
      if (!signature) return false;
      try {
        return await webhooks.verify(body, signature);
      } catch {
        return false;
      }
    },

    installationToken,

    async createComment(at, body) {
      const created = await call<{ id: number }>(
        at.installationId,
        'POST /repos/{owner}/{repo}/issues/{issue_number}/comments',
        { owner: at.owner, repo: at.repo, issue_number: at.number, body },
      );
      return created.id;
    },

    async updateComment(at, body) {
      await call(at.installationId, 'PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}', {
        owner: at.owner,
        repo: at.repo,
        comment_id: at.commentId,
        body,
      });
    },

    async deleteComment(at) {
      try {
        await call(at.installationId, 'DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}', {
          owner: at.owner,
          repo: at.repo,
          comment_id: at.commentId,
        });
      } catch (error) {
        if (error instanceof GitHubError && error.kind === 'not_found') return;
        throw error;
      }
    },

    async findComment(at, marker) {
      const comments = await call<{ id: number; body?: string | null }[]>(
        at.installationId,
        'GET /repos/{owner}/{repo}/issues/{issue_number}/comments',
        { owner: at.owner, repo: at.repo, issue_number: at.number, per_page: 100 },
      );
      return comments.find((c) => (c.body ?? '').includes(marker))?.id ?? null;
    },
  };
}
