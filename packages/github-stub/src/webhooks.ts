import { createHmac, randomUUID } from 'node:crypto';
import type { WebhookDelivery, WebhookTarget } from './app-state';
import type { Urls } from './presenters';
import { presentIssue, presentPull, presentRepo, presentSimpleUser } from './presenters';
import type { StubComment, StubCommit, StubIssue, StubRepo, StubState } from './state';

export interface WebhookConfig {
  url: string;
  secret: string;
}

export interface WebhookEvent {
  /** The X-GitHub-Event header: issues, pull_request or push. */
  name: 'issues' | 'issue_comment' | 'pull_request' | 'push';
  repo: StubRepo;
  payload: Record<string, unknown>;
}

/** `sha256=<hex>`: the HMAC GitHub puts in X-Hub-Signature-256, over the exact body bytes. */
export function signBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

function repository(state: StubState, repo: StubRepo, urls: Urls) {
  const { permissions: _ignored, ...shape } = presentRepo(state, repo, urls);
  return shape;
}

/** `issues` (action opened) for an issue, `pull_request` (action opened) for a pull request. */
export function openedEvent(
  state: StubState,
  repo: StubRepo,
  issue: StubIssue,
  urls: Urls,
): WebhookEvent {
  const common = {
    action: 'opened',
    repository: repository(state, repo, urls),
    sender: presentSimpleUser(state, issue.user, urls),
  };
  return issue.pullRequest
    ? {
        name: 'pull_request',
        repo,
        payload: {
          ...common,
          number: issue.number,
          pull_request: presentPull(state, repo, issue, urls),
        },
      }
    : {
        name: 'issues',
        repo,
        payload: { ...common, issue: presentIssue(state, repo, issue, urls) },
      };
}

/** `issue_comment` (action created) on an issue or pull request. */
export function commentEvent(
  state: StubState,
  repo: StubRepo,
  issue: StubIssue,
  comment: StubComment,
  urls: Urls,
): WebhookEvent {
  return {
    name: 'issue_comment',
    repo,
    payload: {
      action: 'created',
      issue: presentIssue(state, repo, issue, urls),
      comment: {
        id: comment.id,
        body: comment.body,
        user: presentSimpleUser(state, comment.user, urls),
        created_at: comment.createdAt,
        updated_at: comment.createdAt,
      },
      repository: repository(state, repo, urls),
      sender: presentSimpleUser(state, comment.user, urls),
    },
  };
}

/** `pull_request` (action closed, merged) for a pull request just merged by `by`. */
export function mergedEvent(
  state: StubState,
  repo: StubRepo,
  pull: StubIssue,
  by: string,
  urls: Urls,
): WebhookEvent {
  return {
    name: 'pull_request',
    repo,
    payload: {
      action: 'closed',
      number: pull.number,
      pull_request: { ...presentPull(state, repo, pull, urls), merged: true },
      repository: repository(state, repo, urls),
      sender: presentSimpleUser(state, by, urls),
    },
  };
}

/** `push` of one commit to the default branch. */
export function pushEvent(
  state: StubState,
  repo: StubRepo,
  commit: StubCommit,
  before: string | undefined,
  urls: Urls,
): WebhookEvent {
  const fullName = `${repo.owner}/${repo.name}`;
  const person = { name: commit.authorName, email: commit.authorEmail };
  const pushed = {
    id: commit.sha,
    message: commit.message,
    timestamp: commit.date,
    url: `${urls.web}/${fullName}/commit/${commit.sha}`,
    author: { ...person, ...(commit.authorLogin ? { username: commit.authorLogin } : {}) },
    committer: person,
    distinct: true,
    added: [],
    removed: [],
    modified: [],
  };
  const beforeSha = before ?? '0'.repeat(40);
  return {
    name: 'push',
    repo,
    payload: {
      ref: 'refs/heads/main',
      before: beforeSha,
      after: commit.sha,
      created: before === undefined,
      deleted: false,
      forced: false,
      compare: `${urls.web}/${fullName}/compare/${beforeSha.slice(0, 12)}...${commit.sha.slice(0, 12)}`,
      commits: [pushed],
      head_commit: pushed,
      repository: repository(state, repo, urls),
      pusher: person,
      sender: presentSimpleUser(state, commit.authorLogin ?? repo.owner, urls),
    },
  };
}

/** The headers and body GitHub sends for an event, signed with `secret`. */
export function signedDelivery(
  secret: string,
  name: string,
  payload: Record<string, unknown>,
  target: { type: 'repository' | 'integration'; id: number },
): WebhookDelivery {
  const body = JSON.stringify(payload);
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'GitHub-Hookshot/stub',
      'x-github-event': name,
      'x-github-delivery': randomUUID(),
      'x-github-hook-id': '1',
      'x-github-hook-installation-target-type': target.type,
      'x-github-hook-installation-target-id': String(target.id),
      'x-hub-signature-256': signBody(secret, body),
    },
  };
}

/** Sends a signed delivery; failures are swallowed on purpose (GitHub would retry by hand). */
export async function send(target: WebhookTarget, delivery: WebhookDelivery): Promise<void> {
  try {
    if ('send' in target) {
      await target.send(delivery);
      return;
    }
    const res = await fetch(target.url, {
      method: 'POST',
      headers: delivery.headers,
      body: delivery.body,
      signal: AbortSignal.timeout(10_000),
    });
    await res.body?.cancel();
  } catch {
    // A lost delivery, as on GitHub.
  }
}

/** Fire-and-forget delivery of a repository webhook, signed like GitHub's. */
export function deliver(config: WebhookConfig, event: WebhookEvent): void {
  void send(
    config,
    signedDelivery(config.secret, event.name, event.payload, {
      type: 'repository',
      id: event.repo.id,
    }),
  );
}
