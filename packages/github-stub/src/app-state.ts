import { createPublicKey, randomBytes, verify, type KeyObject } from 'node:crypto';
import type { StubRepo, StubState } from './state';
import { StubInputError, findUser, isoSeconds, requireRepo } from './state';

/** Where the App's events go: a URL, or a function (a host delivering in-process). */
export type WebhookTarget =
  | { url: string; secret: string }
  | { secret: string; send: (delivery: WebhookDelivery) => Promise<void> };

export interface WebhookDelivery {
  headers: Record<string, string>;
  body: string;
}

export interface StubAppOptions {
  id: number;
  slug: string;
  name?: string;
  /** PEM public key (or the private key: its public half is taken) the App's JWTs are checked with. */
  publicKey: string;
  /** Where installation and repository events go, signed with its secret. */
  webhook: WebhookTarget;
  /** GitHub's "Setup URL": the install page sends the browser there afterwards. */
  setupUrl?: string;
  /** What an installation is granted unless a test changes it. */
  permissions?: Record<string, string>;
  /** Installed when the stand-in starts (no events are sent for these). */
  installations?: { account: string; repos: string[] }[];
}

export interface StubInstallation {
  id: number;
  account: string;
  repoIds: number[];
  permissions: Record<string, string>;
  suspended: boolean;
}

export const DEFAULT_APP_PERMISSIONS: Record<string, string> = {
  metadata: 'read',
  contents: 'read',
  issues: 'write',
  pull_requests: 'read',
};

const TOKEN_TTL_MS = 60 * 60_000;
const FIRST_INSTALLATION_ID = 40_000_001;

/** The App the stand-in plays: its installations and the installation tokens it issued. */
export class StubApp {
  readonly options: StubAppOptions;
  readonly installations: StubInstallation[] = [];
  private readonly key: KeyObject;
  private readonly tokens = new Map<string, { installationId: number; expiresAt: number }>();

  constructor(options: StubAppOptions, state: StubState) {
    this.options = options;
    this.key = createPublicKey(options.publicKey);
    for (const preset of options.installations ?? []) {
      this.install(state, preset.account, preset.repos);
    }
  }

  get permissions(): Record<string, string> {
    return this.options.permissions ?? DEFAULT_APP_PERMISSIONS;
  }

  find(id: number): StubInstallation | undefined {
    return this.installations.find((i) => i.id === id);
  }

  /** The live installation that holds a repository, if any. */
  installationOf(repo: StubRepo): StubInstallation | undefined {
    return this.installations.find((i) => !i.suspended && i.repoIds.includes(repo.id));
  }

  /**
   * Installs the App on `account` for these repositories (names within the account), or adds
   * them to its installation there. Returns what changed, for the events.
   */
  install(
    state: StubState,
    account: string,
    repos: string[],
  ): { installation: StubInstallation; created: boolean; added: StubRepo[] } {
    const owner = findUser(state, account);
    if (!owner) throw new StubInputError(422, `Unknown account: ${account}`);
    const chosen = repos.map((name) =>
      requireRepo(state, name.includes('/') ? name : `${owner.login}/${name}`),
    );
    if (chosen.some((repo) => repo.owner.toLowerCase() !== owner.login.toLowerCase())) {
      throw new StubInputError(422, `Every repository must belong to ${owner.login}`);
    }
    let installation = this.installations.find(
      (i) => i.account.toLowerCase() === owner.login.toLowerCase(),
    );
    const created = installation === undefined;
    if (!installation) {
      installation = {
        id: FIRST_INSTALLATION_ID + this.installations.length,
        account: owner.login,
        repoIds: [],
        permissions: { ...this.permissions },
        suspended: false,
      };
      this.installations.push(installation);
    }
    const added = chosen.filter((repo) => !installation.repoIds.includes(repo.id));
    installation.repoIds.push(...added.map((repo) => repo.id));
    return { installation, created, added };
  }

  /** Takes repositories out of an installation; returns those that were in it. */
  removeRepos(state: StubState, id: number, repos: string[]): StubRepo[] {
    const installation = this.require(id);
    const removed = repos
      .map((name) =>
        requireRepo(state, name.includes('/') ? name : `${installation.account}/${name}`),
      )
      .filter((repo) => installation.repoIds.includes(repo.id));
    installation.repoIds = installation.repoIds.filter((rid) => !removed.some((r) => r.id === rid));
    return removed;
  }

  /** Uninstalls: the installation and its tokens are gone. */
  uninstall(id: number): StubInstallation {
    const installation = this.require(id);
    this.installations.splice(this.installations.indexOf(installation), 1);
    for (const [token, grant] of this.tokens) {
      if (grant.installationId === id) this.tokens.delete(token);
    }
    return installation;
  }

  require(id: number): StubInstallation {
    const installation = this.find(id);
    if (!installation) throw new StubInputError(404, `Unknown installation: ${id}`);
    return installation;
  }

  issueToken(installationId: number): { token: string; expiresAt: string } {
    const expiresAt = Date.now() + TOKEN_TTL_MS;
    const token = `ghs_${randomBytes(27).toString('base64url')}`;
    this.tokens.set(token, { installationId, expiresAt });
    return { token, expiresAt: isoSeconds(new Date(expiresAt)) };
  }

  /** The installation an unexpired token was issued for. */
  tokenInstallation(token: string): StubInstallation | undefined {
    const grant = this.tokens.get(token);
    if (!grant || grant.expiresAt <= Date.now()) return undefined;
    const installation = this.find(grant.installationId);
    return installation && !installation.suspended ? installation : undefined;
  }

  /** An App JWT (RS256, signed with the App's key, issued by its id, unexpired). */
  validJwt(jwt: string): boolean {
    const [head, body, signature, ...rest] = jwt.split('.');
    if (head === undefined || body === undefined || signature === undefined || rest.length > 0) {
      return false;
    }
    try {
      const header = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string };
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as {
        iss?: unknown;
        exp?: unknown;
        iat?: unknown;
      };
      const now = Date.now() / 1000;
      return (
        header.alg === 'RS256' &&
        String(claims.iss) === String(this.options.id) &&
        typeof claims.exp === 'number' &&
        claims.exp > now &&
        typeof claims.iat === 'number' &&
        claims.iat <= now + 60 &&
        verify(
          'RSA-SHA256',
          Buffer.from(`${head}.${body}`),
          this.key,
          Buffer.from(signature, 'base64url'),
        )
      );
    } catch {
      return false;
    }
  }
}
