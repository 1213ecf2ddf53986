import { GitHubError } from './github.types.js';

export interface HttpErrorLike {
  name?: string;
  status?: number;
  message?: string;
  response?: { headers?: Record<string, string | undefined> };
}

/** Sorts an Octokit/fetch failure into a GitHubError. */
export function toGitHubError(error: unknown): GitHubError {
  const e = (error ?? {}) as HttpErrorLike;
  if (e.name === 'AbortError' || e.name === 'TimeoutError') {
    return new GitHubError('timeout', 'GitHub did not answer in time.');
  }
  const status = typeof e.status === 'number' ? e.status : undefined;
  const remaining = e.response?.headers?.['x-ratelimit-remaining'];
  if (status === 429 || (status === 403 && remaining === '0')) {
    return new GitHubError('rate_limited', 'GitHub rate limit reached.', status);
  }
  if (status === 401) return new GitHubError('unauthorized', 'GitHub refused the token.', status);
  if (status === 404) return new GitHubError('not_found', 'Not found on GitHub.', status);
  if (status !== undefined && status >= 500) {
    return new GitHubError('unavailable', `GitHub answered ${status}.`, status);
  }
  if (status === undefined || status === 500) {
    return new GitHubError(
      'unavailable',
      `GitHub could not be reached: ${e.message ?? 'unknown error'}.`,
    );
  }
  return new GitHubError(
    'bad_response',
    `GitHub answered ${status}: ${e.message ?? ''}`.trim(),
    status,
  );
}
