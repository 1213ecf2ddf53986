import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppChange } from './app-events';
import type { StubApp } from './app-state';
import { escapeHtml as e, layout, sendHtml, sendHtmlError } from './html';
import { readBody } from './http';
import type { StubState } from './state';

/** `/apps/{slug}/installations/new`: GitHub's page that installs an App. */
export const INSTALL_PATH = /^\/apps\/([^/]+)\/installations\/new\/?$/;

function renderInstallPage(state: StubState, app: StubApp, stateParam: string): string {
  const installed = new Set(app.installations.flatMap((i) => i.repoIds));
  const owners = [...new Set(state.repos.map((r) => r.owner))];
  const groups = owners
    .map((owner) => {
      const boxes = state.repos
        .filter((r) => r.owner === owner)
        .map((r) => {
          const full = `${r.owner}/${r.name}`;
          const on = installed.has(r.id);
          return `<li><label><input type="checkbox" name="repos" value="${e(full)}"${on ? ' checked disabled' : ''}> ${e(full)}${r.private ? ' <span class="pill">Private</span>' : ''}${on ? ' <span class="muted">(installed)</span>' : ''}</label></li>`;
        })
        .join('\n');
      return `<fieldset><legend>${e(owner)}</legend><ul class="plain">${boxes}</ul></fieldset>`;
    })
    .join('\n');
  const permissions = Object.entries(app.permissions)
    .map(([name, level]) => `<li>${e(name)}: ${e(level)}</li>`)
    .join('');
  const body = `<div class="card">
<p class="demo">Demo stand-in for GitHub — no real GitHub account is used</p>
<h1>Install ${e(app.options.name ?? app.options.slug)}</h1>
<p>Choose the repositories the App may read. It receives their issues, pull requests and pushes
as webhook events and reads them with its own installation token.</p>
<p class="muted">Permissions:</p><ul class="muted">${permissions}</ul>
<form method="post" action="new">
<input type="hidden" name="state" value="${e(stateParam)}">
${groups}
<button type="submit" class="secondary">Install</button>
</form>
</div>`;
  return layout(`Install ${app.options.slug} (demo)`, body);
}

export function showInstallPage(
  state: StubState,
  app: StubApp | undefined,
  res: ServerResponse,
  slug: string,
  query: URLSearchParams,
): void {
  if (!app || app.options.slug !== slug) {
    sendHtmlError(res, 404, 'App not found', 'The demo stand-in has no GitHub App by that name.');
    return;
  }
  sendHtml(res, 200, renderInstallPage(state, app, query.get('state') ?? ''));
}

/**
 * The install form: installs the App on each chosen repository's account (or adds them to its
 * installation there), delivers the events and waits for them to be answered, then sends the
 * browser to the App's setup URL, as GitHub does.
 */
export async function submitInstallPage(
  state: StubState,
  app: StubApp | undefined,
  req: IncomingMessage,
  res: ServerResponse,
  slug: string,
  installed: (change: AppChange) => Promise<void>,
): Promise<void> {
  if (!app || app.options.slug !== slug) {
    sendHtmlError(res, 404, 'App not found', 'The demo stand-in has no GitHub App by that name.');
    return;
  }
  const form = new URLSearchParams(await readBody(req));
  const repos = form.getAll('repos');
  if (repos.length === 0) {
    sendHtmlError(res, 422, 'Nothing chosen', 'Choose at least one repository to install on.');
    return;
  }
  const byOwner = new Map<string, string[]>();
  for (const full of repos) {
    const owner = full.split('/')[0] ?? '';
    byOwner.set(owner, [...(byOwner.get(owner) ?? []), full]);
  }
  let last = 0;
  for (const [owner, names] of byOwner) {
    const done = app.install(state, owner, names);
    last = done.installation.id;
    const sender = owner;
    await installed(
      done.created
        ? { action: 'created', installation: done.installation, repos: done.added, sender }
        : { action: 'added', installation: done.installation, repos: done.added, sender },
    );
  }
  const setup = app.options.setupUrl;
  if (!setup) {
    sendHtml(res, 200, layout('Installed', '<div class="card"><h1>Installed</h1></div>'));
    return;
  }
  const target = new URL(setup);
  target.searchParams.set('installation_id', String(last));
  target.searchParams.set('setup_action', 'install');
  const stateParam = form.get('state');
  if (stateParam) target.searchParams.set('state', stateParam);
  res.writeHead(302, { location: target.toString() }).end();
}
