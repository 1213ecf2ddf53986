import type { IncomingMessage } from 'node:http';
import type { StubInstallation } from './app-state';
import type { StubContext } from './context';
import { readJson } from './http';
import type { ApiReply, ApiRequest } from './rest-routes';
import { notFound, readableRepo } from './rest-routes';
import { presentSimpleUser } from './presenters';
import { isAffiliated, isoSeconds } from './state';

const DOCS = 'https://docs.github.com/rest';
const unauthorized = (message: string): ApiReply => ({
  status: 401,
  body: { message, documentation_url: DOCS },
});

/** The `Authorization: Bearer <jwt>` of an App call, if valid. */
function appCaller(ctx: StubContext, req: IncomingMessage): boolean {
  const match = /^bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return ctx.app !== undefined && match?.[1] !== undefined && ctx.app.validJwt(match[1]);
}

/** Calls made as the App itself (JWT): /app, installation tokens, a repository's installation. */
export async function appRoute(
  ctx: StubContext,
  req: IncomingMessage,
  method: string,
  path: string,
): Promise<ApiReply | undefined> {
  const app = ctx.app;
  const tokens = /^\/app\/installations\/(\d+)\/access_tokens$/.exec(path);
  const one = /^\/app\/installations\/(\d+)$/.exec(path);
  const ofRepo = /^\/repos\/([^/]+)\/([^/]+)\/installation$/.exec(path);
  const isAppPath = path === '/app' || tokens !== null || one !== null || ofRepo !== null;
  if (!isAppPath) return undefined;
  if (!app) return notFound();
  if (!appCaller(ctx, req)) {
    return unauthorized('A JSON web token could not be decoded');
  }
  if (path === '/app' && method === 'GET') {
    return {
      status: 200,
      body: { id: app.options.id, slug: app.options.slug, name: app.options.name ?? 'Repolog' },
    };
  }
  if (tokens && method === 'POST') {
    await readJson(req);
    const installation = app.find(Number(tokens[1]));
    if (!installation) return notFound();
    if (installation.suspended) {
      return { status: 403, body: { message: 'This installation has been suspended' } };
    }
    const issued = app.issueToken(installation.id);
    return {
      status: 201,
      body: {
        token: issued.token,
        expires_at: issued.expiresAt,
        permissions: installation.permissions,
        repository_selection: 'selected',
      },
    };
  }
  if (one && method === 'GET') {
    const installation = app.find(Number(one[1]));
    return installation
      ? { status: 200, body: { id: installation.id, permissions: installation.permissions } }
      : notFound();
  }
  if (ofRepo && method === 'GET') {
    const repo = ctx.state.repos.find(
      (r) =>
        r.owner.toLowerCase() === decodeURIComponent(ofRepo[1] ?? '').toLowerCase() &&
        r.name.toLowerCase() === decodeURIComponent(ofRepo[2] ?? '').toLowerCase(),
    );
    const installation = repo && app.installationOf(repo);
    return installation
      ? { status: 200, body: { id: installation.id, permissions: installation.permissions } }
      : notFound();
  }
  return notFound();
}

function mayWriteIssues(r: ApiRequest, installation: StubInstallation | undefined, repoId: number) {
  if (installation) {
    return installation.permissions.issues === 'write' && installation.repoIds.includes(repoId);
  }
  return r.login !== null;
}

/** Issue comments written by a person or an installation: create, edit, delete. */
export async function writeRoute(
  r: ApiRequest,
  req: IncomingMessage,
  method: string,
  path: string,
): Promise<ApiReply> {
  const create = /^\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)\/comments$/.exec(path);
  const change = /^\/repos\/([^/]+)\/([^/]+)\/issues\/comments\/(\d+)$/.exec(path);
  const repo = create
    ? readableRepo(r, create[1], create[2])
    : change
      ? readableRepo(r, change[1], change[2])
      : undefined;
  if (!repo) return notFound();
  const installation = r.installation;
  if (!mayWriteIssues(r, installation, repo.id)) {
    return { status: 403, body: { message: 'Resource not accessible by integration' } };
  }
  const author = installation ? `${r.ctx.app?.options.slug ?? 'app'}[bot]` : (r.login as string);
  const now = isoSeconds(new Date());
  if (create && method === 'POST') {
    const issue = repo.issues.find((i) => String(i.number) === create[3]);
    const body = (await readJson(req)) as { body?: unknown };
    if (!issue) return notFound();
    if (typeof body.body !== 'string' || body.body.trim() === '') {
      return { status: 422, body: { message: 'Validation Failed: body is missing' } };
    }
    const id =
      1 +
      Math.max(
        0,
        ...r.ctx.state.repos.flatMap((x) => x.issues.flatMap((i) => i.comments.map((c) => c.id))),
      );
    issue.comments.push({ id, user: author, body: body.body, createdAt: now });
    issue.updatedAt = now;
    return {
      status: 201,
      body: {
        id,
        body: body.body,
        user: presentSimpleUser(r.ctx.state, author, r.urls),
        created_at: now,
      },
    };
  }
  const found = change
    ? repo.issues
        .map((issue) => ({
          issue,
          comment: issue.comments.find((c) => String(c.id) === change[3]),
        }))
        .find((x) => x.comment !== undefined)
    : undefined;
  if (!change || !found?.comment) return notFound();
  const mine = found.comment.user === author || (!installation && isAffiliated(repo, author));
  if (!mine) return { status: 403, body: { message: 'Resource not accessible by integration' } };
  if (method === 'PATCH') {
    const body = (await readJson(req)) as { body?: unknown };
    if (typeof body.body !== 'string' || body.body.trim() === '') {
      return { status: 422, body: { message: 'Validation Failed: body is missing' } };
    }
    found.comment.body = body.body;
    return { status: 200, body: { id: found.comment.id, body: body.body } };
  }
  if (method === 'DELETE') {
    found.issue.comments.splice(found.issue.comments.indexOf(found.comment), 1);
    return { status: 204, body: null };
  }
  return notFound();
}
