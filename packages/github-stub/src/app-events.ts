import type { StubApp, StubInstallation } from './app-state';
import type { Urls } from './presenters';
import { presentSimpleUser } from './presenters';
import type { StubRepo, StubState } from './state';
import { findUser } from './state';
import type { WebhookEvent } from './webhooks';
import { send, signedDelivery } from './webhooks';

/** The events a GitHub App subscribes to here. */
export const APP_EVENTS = ['issues', 'issue_comment', 'pull_request', 'push'];

function presentInstallation(state: StubState, app: StubApp, i: StubInstallation, urls: Urls) {
  const account = findUser(state, i.account);
  return {
    id: i.id,
    node_id: Buffer.from(`MDIzOkludGVncmF0aW9uSW5zdGFsbGF0aW9u${i.id}`).toString('base64'),
    account: presentSimpleUser(state, account?.login ?? i.account, urls),
    repository_selection: 'selected',
    app_id: app.options.id,
    app_slug: app.options.slug,
    target_type: account?.type ?? 'User',
    permissions: i.permissions,
    events: APP_EVENTS,
    suspended_at: i.suspended ? new Date().toISOString() : null,
  };
}

const shortRepo = (repo: StubRepo) => ({
  id: repo.id,
  node_id: Buffer.from(`04:Repository${repo.id}`).toString('base64'),
  name: repo.name,
  full_name: `${repo.owner}/${repo.name}`,
  private: repo.private,
});

/** Sends one App event, signed with the App's webhook secret; resolves once it was answered. */
function sendAppEvent(app: StubApp, name: string, payload: Record<string, unknown>) {
  const target = app.options.webhook;
  return send(
    target,
    signedDelivery(target.secret, name, payload, { type: 'integration', id: app.options.id }),
  );
}

export interface AppChange {
  action: 'created' | 'deleted' | 'added' | 'removed' | 'new_permissions_accepted';
  installation: StubInstallation;
  repos: StubRepo[];
  sender: string;
}

/** `installation` (created, deleted, new_permissions_accepted) or `installation_repositories`. */
export function deliverInstallationEvent(
  state: StubState,
  app: StubApp,
  change: AppChange,
  urls: Urls,
): Promise<void> {
  const common = {
    action: change.action,
    installation: presentInstallation(state, app, change.installation, urls),
    sender: presentSimpleUser(state, change.sender, urls),
  };
  if (change.action === 'added' || change.action === 'removed') {
    return sendAppEvent(app, 'installation_repositories', {
      ...common,
      repository_selection: 'selected',
      repositories_added: change.action === 'added' ? change.repos.map(shortRepo) : [],
      repositories_removed: change.action === 'removed' ? change.repos.map(shortRepo) : [],
    });
  }
  return sendAppEvent(app, 'installation', {
    ...common,
    repositories: change.repos.map(shortRepo),
  });
}

/** A repository's event, as the App receives it when the repository is in an installation. */
export function deliverRepositoryEvent(app: StubApp, event: WebhookEvent): Promise<void> {
  const installation = app.installationOf(event.repo);
  if (!installation) return Promise.resolve();
  return sendAppEvent(app, event.name, {
    ...event.payload,
    installation: { id: installation.id, node_id: `installation-${installation.id}` },
  });
}
