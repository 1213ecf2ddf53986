import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ControlTarget } from './control';
import { field, jsonObject } from './control';
import { HttpError, sendJson } from './http';
import type { StubInstallation } from './app-state';
import type { StubState } from './state';

const ONE = /^\/installations\/(\d+)$/;
const REPOS = /^\/installations\/(\d+)\/repositories$/;
const PERMISSIONS = /^\/installations\/(\d+)\/permissions$/;

function names(body: Record<string, unknown>, key: string): string[] {
  const value = body[key];
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
    throw new HttpError(422, `${key} must be an array of repository names`);
  }
  return value as string[];
}

const present = (i: StubInstallation, state: StubState) => ({
  id: i.id,
  account: i.account,
  permissions: i.permissions,
  repositories: state.repos
    .filter((r) => i.repoIds.includes(r.id))
    .map((r) => `${r.owner}/${r.name}`),
});

/**
 * The App's control API under /_stub/app: install on repositories, add or remove some, change
 * the granted permissions, uninstall. Each change delivers the App's signed event first.
 */
export async function appControl(
  target: ControlTarget,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  method: string,
): Promise<void> {
  const app = target.app();
  if (!app) throw new HttpError(404, 'The stand-in plays no GitHub App');
  const state = target.state();
  if (path === '/installations' && method === 'GET') {
    sendJson(
      res,
      200,
      app.installations.map((i) => present(i, state)),
    );
    return;
  }
  if (path === '/installations' && method === 'POST') {
    const body = await jsonObject(req);
    const account = field(body, 'account', 'string', true) as string;
    const done = app.install(state, account, names(body, 'repos'));
    const sender = (field(body, 'user', 'string', false) as string | undefined) ?? account;
    await target.changeInstallation({
      action: done.created ? 'created' : 'added',
      installation: done.installation,
      repos: done.added,
      sender,
    });
    sendJson(res, done.created ? 201 : 200, present(done.installation, state));
    return;
  }
  const repos = REPOS.exec(path);
  if (repos && method === 'POST') {
    const body = await jsonObject(req);
    const id = Number(repos[1]);
    const installation = app.require(id);
    const sender = installation.account;
    const add = names(body, 'add');
    if (add.length > 0) {
      const done = app.install(state, installation.account, add);
      await target.changeInstallation({ action: 'added', installation, repos: done.added, sender });
    }
    const removed = app.removeRepos(state, id, names(body, 'remove'));
    if (removed.length > 0) {
      await target.changeInstallation({ action: 'removed', installation, repos: removed, sender });
    }
    sendJson(res, 200, present(installation, state));
    return;
  }
  const permissions = PERMISSIONS.exec(path);
  if (permissions && method === 'PUT') {
    const body = await jsonObject(req);
    const installation = app.require(Number(permissions[1]));
    const granted = body.permissions;
    if (typeof granted !== 'object' || granted === null || Array.isArray(granted)) {
      throw new HttpError(422, 'permissions must be an object such as {"issues": "read"}');
    }
    installation.permissions = Object.fromEntries(
      Object.entries(granted).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
    await target.changeInstallation({
      action: 'new_permissions_accepted',
      installation,
      repos: [],
      sender: installation.account,
    });
    sendJson(res, 200, present(installation, state));
    return;
  }
  const one = ONE.exec(path);
  if (one && method === 'DELETE') {
    const installation = app.uninstall(Number(one[1]));
    const reposOf = state.repos.filter((r) => installation.repoIds.includes(r.id));
    await target.changeInstallation({
      action: 'deleted',
      installation,
      repos: reposOf,
      sender: installation.account,
    });
    sendJson(res, 200, { deleted: installation.id });
    return;
  }
  throw new HttpError(404, 'Not Found');
}
