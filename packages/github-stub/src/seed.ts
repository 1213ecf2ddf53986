import seedJson from './seed.json' with { type: 'json' };

/** A GitHub account; `canSignIn` decides whether it is offered on the authorize page. */
export interface StubSeedUser {
  id: number;
  login: string;
  name: string;
  canSignIn: boolean;
}

/** An organization: it owns repositories but never signs in. */
export interface StubSeedOrganization {
  id: number;
  login: string;
  name: string;
}

/** An issue or, with `pullRequest: true`, a pull request. Numbers follow `createdAt` order. */
export interface StubSeedIssue {
  title: string;
  /** Login of the author; must be a seeded user. */
  user: string;
  /** `merged` is only valid for pull requests and means closed with `merged_at` set. */
  state: 'open' | 'closed' | 'merged';
  createdAt: string;
  /** Defaults to a day or two after `createdAt` for closed and merged items. */
  closedAt?: string;
  body?: string;
  pullRequest?: boolean;
  labels?: string[];
  comments?: StubSeedComment[];
  /** A pull request's changed files. */
  files?: StubSeedFile[];
}

export interface StubSeedComment {
  user: string;
  body: string;
  createdAt: string;
}

/** A changed file: path, line counts and the unified diff's hunks. */
export interface StubSeedFile {
  path: string;
  additions: number;
  deletions: number;
  patch: string;
}

export interface StubSeedCommit {
  message: string;
  /** A seeded login, or any other name for a git author with no GitHub account (`author: null`). */
  author: string;
  date: string;
  files?: StubSeedFile[];
}

export interface StubSeedRepo {
  id: number;
  /** Login of a seeded user or organization. */
  owner: string;
  name: string;
  private: boolean;
  description: string;
  createdAt: string;
  /** Logins (besides the owner) who can see and push; for organizations, the members. */
  collaborators: string[];
  issues: StubSeedIssue[];
  commits: StubSeedCommit[];
}

export interface StubSeed {
  users: StubSeedUser[];
  organizations?: StubSeedOrganization[];
  repos: StubSeedRepo[];
}

type Json = Record<string, unknown>;

function fail(path: string, expected: string): never {
  throw new Error(`Invalid stub seed: ${path} must be ${expected}`);
}

function obj(value: unknown, path: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(path, 'an object');
  return value as Json;
}

function arr(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) fail(path, 'an array');
  return value;
}

function str(o: Json, key: string, path: string): string {
  const value = o[key];
  if (typeof value !== 'string' || value.length === 0) fail(`${path}.${key}`, 'a non-empty string');
  return value;
}

function optStr(o: Json, key: string, path: string): string | undefined {
  return o[key] === undefined ? undefined : str(o, key, path);
}

function int(o: Json, key: string, path: string): number {
  const value = o[key];
  if (!Number.isSafeInteger(value) || (value as number) <= 0) {
    fail(`${path}.${key}`, 'a positive integer');
  }
  return value as number;
}

function bool(o: Json, key: string, path: string): boolean {
  const value = o[key];
  if (typeof value !== 'boolean') fail(`${path}.${key}`, 'a boolean');
  return value;
}

function date(o: Json, key: string, path: string): string {
  const value = str(o, key, path);
  if (Number.isNaN(Date.parse(value))) fail(`${path}.${key}`, 'an ISO 8601 date');
  return value;
}

function count(o: Json, key: string, path: string): number {
  const value = o[key];
  if (!Number.isSafeInteger(value) || (value as number) < 0) fail(`${path}.${key}`, 'a count');
  return value as number;
}

/** Changed files (optional): `{path, additions, deletions, patch}` each. */
export function parseFiles(value: unknown, path: string): StubSeedFile[] {
  return arr(value ?? [], path).map((v, i) => {
    const o = obj(v, `${path}[${i}]`);
    const at = `${path}[${i}]`;
    const patch = o.patch === undefined ? '' : o.patch;
    if (typeof patch !== 'string') fail(`${at}.patch`, 'a string');
    return {
      path: str(o, 'path', at),
      additions: count(o, 'additions', at),
      deletions: count(o, 'deletions', at),
      patch,
    };
  });
}

function parseComments(value: unknown, path: string, logins: Set<string>): StubSeedComment[] {
  return arr(value ?? [], path).map((v, i) => {
    const o = obj(v, `${path}[${i}]`);
    const at = `${path}[${i}]`;
    const user = str(o, 'user', at);
    if (!logins.has(user.toLowerCase())) fail(`${at}.user`, 'a seeded user');
    return { user, body: str(o, 'body', at), createdAt: date(o, 'createdAt', at) };
  });
}

function parseIssue(value: unknown, path: string, logins: Set<string>): StubSeedIssue {
  const o = obj(value, path);
  const user = str(o, 'user', path);
  if (!logins.has(user.toLowerCase())) fail(`${path}.user`, 'a seeded user');
  const pullRequest = o.pullRequest === undefined ? false : bool(o, 'pullRequest', path);
  const state = str(o, 'state', path);
  if (state !== 'open' && state !== 'closed' && (state !== 'merged' || !pullRequest)) {
    fail(`${path}.state`, pullRequest ? 'open, closed or merged' : 'open or closed');
  }
  const closedAt = o.closedAt === undefined ? undefined : date(o, 'closedAt', path);
  const body = optStr(o, 'body', path);
  return {
    title: str(o, 'title', path),
    user,
    state,
    createdAt: date(o, 'createdAt', path),
    ...(closedAt === undefined ? {} : { closedAt }),
    ...(body === undefined ? {} : { body }),
    ...(pullRequest ? { pullRequest } : {}),
    labels: arr(o.labels ?? [], `${path}.labels`).map((l, i) => {
      if (typeof l !== 'string') fail(`${path}.labels[${i}]`, 'a string');
      return l;
    }),
    comments: parseComments(o.comments, `${path}.comments`, logins),
    files: parseFiles(o.files, `${path}.files`),
  };
}

function parseCommit(value: unknown, path: string): StubSeedCommit {
  const o = obj(value, path);
  return {
    message: str(o, 'message', path),
    author: str(o, 'author', path),
    date: date(o, 'date', path),
    files: parseFiles(o.files, `${path}.files`),
  };
}

function parseRepo(value: unknown, path: string, logins: Set<string>): StubSeedRepo {
  const o = obj(value, path);
  const owner = str(o, 'owner', path);
  if (!logins.has(owner.toLowerCase())) fail(`${path}.owner`, 'a seeded user or organization');
  const collaborators = arr(o.collaborators, `${path}.collaborators`).map((c, i) => {
    if (typeof c !== 'string' || !logins.has(c.toLowerCase())) {
      fail(`${path}.collaborators[${i}]`, 'a seeded login');
    }
    return c;
  });
  return {
    id: int(o, 'id', path),
    owner,
    name: str(o, 'name', path),
    private: bool(o, 'private', path),
    description: str(o, 'description', path),
    createdAt: date(o, 'createdAt', path),
    collaborators,
    issues: arr(o.issues, `${path}.issues`).map((v, i) =>
      parseIssue(v, `${path}.issues[${i}]`, logins),
    ),
    commits: arr(o.commits, `${path}.commits`).map((v, i) =>
      parseCommit(v, `${path}.commits[${i}]`),
    ),
  };
}

/** Checks shape and references (owners, collaborators and authors must exist); throws on the first problem. */
export function parseSeed(value: unknown): StubSeed {
  const root = obj(value, 'seed');
  const users = arr(root.users, 'users').map((v, i): StubSeedUser => {
    const o = obj(v, `users[${i}]`);
    const path = `users[${i}]`;
    return {
      id: int(o, 'id', path),
      login: str(o, 'login', path),
      name: str(o, 'name', path),
      canSignIn: bool(o, 'canSignIn', path),
    };
  });
  const organizations = arr(root.organizations ?? [], 'organizations').map(
    (v, i): StubSeedOrganization => {
      const o = obj(v, `organizations[${i}]`);
      const path = `organizations[${i}]`;
      return { id: int(o, 'id', path), login: str(o, 'login', path), name: str(o, 'name', path) };
    },
  );
  const accounts = [...users, ...organizations];
  const logins = new Set(accounts.map((a) => a.login.toLowerCase()));
  if (logins.size !== accounts.length) fail('users and organizations', 'unique logins');
  if (new Set(accounts.map((a) => a.id)).size !== accounts.length) {
    fail('users and organizations', 'unique ids');
  }
  const repos = arr(root.repos, 'repos').map((v, i) => parseRepo(v, `repos[${i}]`, logins));
  const names = new Set(repos.map((r) => `${r.owner}/${r.name}`.toLowerCase()));
  if (names.size !== repos.length) fail('repos', 'unique owner/name pairs');
  return { users, organizations, repos };
}

let bundled: StubSeed | undefined;

/** The bundled demo data (seed.json), validated once; callers get their own deep copy. */
export function loadDefaultSeed(): StubSeed {
  bundled ??= parseSeed(seedJson);
  return structuredClone(bundled);
}
