import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StubContext } from './context';
import { CONTROL_PREFIX, handleControl } from './control';
import type { StubFaults } from './faults';
import { defaultFaults } from './faults';
import { sendHtmlError } from './html';
import { HttpError, requestBase, sendJson } from './http';
import { exchangeCode, showAuthorizePage, submitAuthorizePage } from './oauth';
import { AuthStore } from './oauth-store';
import { presentCommit, presentIssue, presentPull, urlsFor } from './presenters';
import { RateLimits } from './rate-limit';
import { API_PREFIX, handleApi } from './rest';
import type { StubSeed } from './seed';
import { loadDefaultSeed, parseSeed } from './seed';
import type { StubState } from './state';
import type { NewCommit, NewIssue } from './state-writes';
import { StubInputError, createState } from './state';
import { openIssue, pushCommit } from './state-writes';
import { serveWebPage } from './web-pages';
import { addComment, mergePull } from './state-items';
import type { WebhookEvent } from './webhooks';
import { commentEvent, deliver, mergedEvent, openedEvent, pushEvent } from './webhooks';
import type { AppChange } from './app-events';
import { deliverInstallationEvent, deliverRepositoryEvent } from './app-events';
import type { StubAppOptions } from './app-state';
import { StubApp } from './app-state';
import { INSTALL_PATH, showInstallPage, submitInstallPage } from './install-page';

export type { StubFaults } from './faults';
export type { StubSeed } from './seed';
export type { StubAppOptions, StubInstallation, WebhookDelivery } from './app-state';
export type { StubCommit, StubIssue, StubRepo, StubState, StubUser } from './state';

export interface CreateStubOptions {
  /** Defaults to the bundled seed.json. */
  seed?: StubSeed;
  /** Default 'repolog-demo'; the authorize page and token exchange check it. */
  clientId?: string;
  /** Default 'repolog-demo-secret'. */
  clientSecret?: string;
  /** When set, addIssue/addCommit (and the control API) POST signed GitHub events here. */
  webhook?: { url: string; secret: string };
  /**
   * Fixed base for absolute URLs (html_url, Link, avatars), e.g. the public address a host
   * server mounts the stub at. Without it, each request's Host header decides.
   */
  baseUrl?: string;
  /** Play a GitHub App: install page, installation tokens, events signed for the App. */
  app?: StubAppOptions;
}

export interface GitHubStub {
  /**
   * Mountable request handler. Works at the root of its own listener or under any prefix the
   * host strips from `req.url`; to get the prefix into absolute URLs (Link headers, html_url),
   * the host sets `X-Forwarded-Prefix` (or `req.originalUrl`, as Express does).
   */
  handler: (req: IncomingMessage, res: ServerResponse) => void;
  /** The live data; mutable for tests. */
  state: StubState;
  /** Mutable switches; they apply to /api/v3/* only. */
  faults: StubFaults;
  /** Port 0 picks a free port. `close()` destroys open sockets, hanging ones included. */
  listen(port?: number, host?: string): Promise<{ url: string; close(): Promise<void> }>;
  /** Opens an issue (or pull request); throws on an unknown repository or user. */
  addIssue(fullName: string, input: NewIssue): void;
  /** Comments on an issue or pull request (delivers `issue_comment`). */
  addComment(fullName: string, number: number, input: { user: string; body: string }): void;
  /** Merges a pull request (delivers `pull_request` closed and `push`). */
  mergePull(fullName: string, number: number, input: { user: string }): void;
  /** Pushes a commit; an author that is not a known login becomes a git-only author. */
  addCommit(fullName: string, input: { message: string; author: string }): void;
  /** The App the stand-in plays (installations, tokens), when configured. */
  app: StubApp | undefined;
  /** Changes an installation as GitHub would, delivering the App's event; resolves once answered. */
  changeInstallation(change: AppChange): Promise<void>;
  /** Resolves once every webhook delivery started so far was answered. */
  settled(): Promise<void>;
}

function fail(res: ServerResponse, error: unknown): void {
  if (res.headersSent) {
    res.destroy();
  } else if (error instanceof HttpError || error instanceof StubInputError) {
    sendJson(res, error.status, { message: error.message });
  } else {
    sendJson(res, 500, { message: 'Server Error' });
  }
}

/** A GitHub-compatible stand-in (OAuth web flow + REST subset) for demo mode and tests. */
export function createGitHubStub(options: CreateStubOptions = {}): GitHubStub {
  const seed = options.seed ? parseSeed(options.seed) : loadDefaultSeed();
  const ctx: StubContext = {
    state: createState(seed),
    faults: defaultFaults(),
    auth: new AuthStore(),
    rate: new RateLimits(),
    clientId: options.clientId ?? 'repolog-demo',
    clientSecret: options.clientSecret ?? 'repolog-demo-secret',
    baseUrl: options.baseUrl?.replace(/\/+$/, ''),
    hanging: new Set(),
    pending: { count: 0 },
    app: undefined,
  };
  const webhook = options.webhook;
  // Absolute URLs outside a request (webhook payloads) use the last origin a client used.
  let lastBase: string | undefined;
  let listenBase: string | undefined;
  const urls = () => urlsFor(lastBase ?? listenBase ?? 'http://127.0.0.1');
  const makeApp = () => (options.app ? new StubApp(options.app, ctx.state) : undefined);
  ctx.app = makeApp();
  const inFlight = new Set<Promise<void>>();
  const track = (delivery: Promise<void>): Promise<void> => {
    inFlight.add(delivery);
    void delivery.finally(() => inFlight.delete(delivery));
    return delivery;
  };
  /** A repository event: to the plain webhook, and to the App when the repository is installed. */
  const emit = (event: WebhookEvent): Promise<void> => {
    if (webhook) deliver(webhook, event);
    return ctx.app ? track(deliverRepositoryEvent(ctx.app, event)) : Promise.resolve();
  };
  const changeInstallation = (change: AppChange): Promise<void> =>
    ctx.app
      ? track(deliverInstallationEvent(ctx.state, ctx.app, change, urls()))
      : Promise.resolve();

  const addIssue = (fullName: string, input: NewIssue) => {
    const { repo, issue } = openIssue(ctx.state, fullName, input);
    const delivered = emit(openedEvent(ctx.state, repo, issue, urls()));
    return { body: presentIssue(ctx.state, repo, issue, urls()), delivered };
  };
  const addCommit = (fullName: string, input: NewCommit) => {
    const { repo, commit } = pushCommit(ctx.state, fullName, input);
    const parent = repo.commits[repo.commits.length - 2];
    const delivered = emit(pushEvent(ctx.state, repo, commit, parent?.sha, urls()));
    return { body: presentCommit(ctx.state, repo, commit, parent, urls()), delivered };
  };
  const comment = (fullName: string, number: number, input: { user: string; body: string }) => {
    const done = addComment(ctx.state, fullName, number, input);
    const delivered = emit(commentEvent(ctx.state, done.repo, done.issue, done.comment, urls()));
    const body = {
      id: done.comment.id,
      body: done.comment.body,
      user: { login: done.comment.user },
    };
    return { body, delivered };
  };
  const merge = (fullName: string, number: number, input: { user: string }) => {
    const done = mergePull(ctx.state, fullName, number, input);
    const parent = done.repo.commits[done.repo.commits.length - 2];
    const delivered = Promise.all([
      emit(mergedEvent(ctx.state, done.repo, done.pull, input.user, urls())),
      emit(pushEvent(ctx.state, done.repo, done.commit, parent?.sha, urls())),
    ]).then(() => undefined);
    return { body: presentPull(ctx.state, done.repo, done.pull, urls()), delivered };
  };
  const control = {
    addComment: comment,
    mergePull: merge,
    get faults() {
      return ctx.faults;
    },
    openIssue: addIssue,
    pushCommit: addCommit,
    pending: () => ctx.pending.count,
    app: () => ctx.app,
    state: () => ctx.state,
    changeInstallation,
    reset() {
      const fresh = createState(seed);
      ctx.state.users = fresh.users;
      ctx.state.repos = fresh.repos;
      ctx.app = makeApp();
      Object.assign(ctx.faults, defaultFaults());
      ctx.rate.clear();
    },
  };

  async function dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stub.invalid');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    lastBase = ctx.baseUrl ?? requestBase(req);
    if (path === '/login/oauth/authorize') {
      if (method === 'POST') return submitAuthorizePage(ctx, req, res);
      if (method === 'GET' || method === 'HEAD')
        return showAuthorizePage(ctx, res, url.searchParams);
    } else if (path === '/login/oauth/access_token') {
      if (method === 'POST') return exchangeCode(ctx, req, res, url.searchParams);
    } else if (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)) {
      return handleApi(ctx, req, res, path.slice(API_PREFIX.length) || '/', url.searchParams);
    } else if (INSTALL_PATH.test(path)) {
      const slug = decodeURIComponent(INSTALL_PATH.exec(path)?.[1] ?? '');
      if (method === 'POST') {
        return submitInstallPage(ctx.state, ctx.app, req, res, slug, changeInstallation);
      }
      return showInstallPage(ctx.state, ctx.app, res, slug, url.searchParams);
    } else if (path.startsWith(`${CONTROL_PREFIX}/`)) {
      return handleControl(control, req, res, path.slice(CONTROL_PREFIX.length));
    } else if (method === 'GET' || method === 'HEAD') {
      return serveWebPage(ctx.state, res, path);
    }
    sendHtmlError(
      res,
      404,
      'Page not found',
      'There is nothing here in the demo stand-in for GitHub.',
    );
  }

  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    dispatch(req, res).catch((error: unknown) => fail(res, error));
  };

  return {
    handler,
    get state() {
      return ctx.state;
    },
    set state(value: StubState) {
      ctx.state = value;
    },
    get faults() {
      return ctx.faults;
    },
    set faults(value: StubFaults) {
      ctx.faults = value;
    },
    async listen(port = 0, host = '127.0.0.1') {
      const server = createServer(handler);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      const address = server.address() as AddressInfo;
      const shown =
        address.address === '0.0.0.0'
          ? '127.0.0.1'
          : address.address === '::'
            ? '::1'
            : address.address;
      const url = `http://${shown.includes(':') ? `[${shown}]` : shown}:${address.port}`;
      listenBase ??= url;
      return {
        url,
        close: () =>
          new Promise<void>((resolve) => {
            server.close(() => resolve());
            // Also ends keep-alive and hanging (fault) connections, so close never waits on them.
            server.closeAllConnections();
          }),
      };
    },
    addIssue(fullName, input) {
      addIssue(fullName, input);
    },
    addCommit(fullName, input) {
      addCommit(fullName, input);
    },
    addComment(fullName, number, input) {
      comment(fullName, number, input);
    },
    mergePull(fullName, number, input) {
      merge(fullName, number, input);
    },
    get app() {
      return ctx.app;
    },
    changeInstallation,
    async settled() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}
