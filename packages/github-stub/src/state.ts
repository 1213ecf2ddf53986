import { createHash } from 'node:crypto';
import type { StubSeed, StubSeedFile, StubSeedIssue, StubSeedRepo } from './seed';

/** A changed file of a pull request or commit. */
export type StubFile = StubSeedFile;

export interface StubComment {
  id: number;
  /** Author login. */
  user: string;
  body: string;
  createdAt: string;
}

/** A user or organization, as the stub knows it. Organizations never sign in. */
export interface StubUser {
  id: number;
  login: string;
  name: string;
  canSignIn: boolean;
  type: 'User' | 'Organization';
  /** ISO 8601; absent: an account from long ago (STUB_ACCOUNTS_CREATED_AT). */
  createdAt?: string;
}

/** When the stand-in's accounts were created, unless their seed says otherwise. */
export const STUB_ACCOUNTS_CREATED_AT = '2015-01-01T00:00:00Z';

/** An issue or a pull request (they share one number sequence, as on GitHub). */
export interface StubIssue {
  id: number;
  number: number;
  title: string;
  body: string | null;
  /** Author login. */
  user: string;
  state: 'open' | 'closed';
  pullRequest: boolean;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
  mergedAt: string | null;
  labels: string[];
  comments: StubComment[];
  /** A pull request's changed files (empty for issues). */
  files: StubFile[];
  /** A pull request's commit messages, oldest first (empty for issues). */
  commitMessages: string[];
}

export interface StubCommit {
  sha: string;
  message: string;
  authorName: string;
  authorEmail: string;
  /** The GitHub account behind the commit, or null when the git author has none. */
  authorLogin: string | null;
  date: string;
  files: StubFile[];
}

export interface StubRepo {
  id: number;
  owner: string;
  name: string;
  private: boolean;
  description: string | null;
  collaborators: string[];
  createdAt: string;
  updatedAt: string;
  pushedAt: string;
  issues: StubIssue[];
  commits: StubCommit[];
}

/** The live data behind every response. Tests may mutate it directly. */
export interface StubState {
  users: StubUser[];
  repos: StubRepo[];
}

/** Thrown by mutations on bad input; `status` is what the control API answers. */
export class StubInputError extends Error {
  constructor(
    readonly status: 404 | 422,
    message: string,
  ) {
    super(message);
    this.name = 'StubInputError';
  }
}

/** GitHub prints timestamps without milliseconds. */
export function isoSeconds(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

const HOUR = 3_600_000;

function maxDate(dates: string[]): string {
  return dates.reduce((a, b) => (Date.parse(b) > Date.parse(a) ? b : a));
}

/** Git author fields: seeded accounts get GitHub's noreply address, others a made-up one. */
export function gitAuthor(
  account: StubUser | undefined,
  name: string,
): Pick<StubCommit, 'authorName' | 'authorEmail' | 'authorLogin'> {
  if (!account) {
    const local = name.replace(/[^\w.[\]-]+/g, '-');
    return {
      authorName: name,
      authorEmail: `${local}@users.noreply.github.com`,
      authorLogin: null,
    };
  }
  return {
    authorName: account.name,
    authorEmail: `${account.id}+${account.login}@users.noreply.github.com`,
    authorLogin: account.login,
  };
}

function seedIssues(repo: StubSeedRepo, firstId: number): StubIssue[] {
  const ordered = repo.issues
    .map((issue, index) => ({ issue, index }))
    .sort(
      (a, b) => Date.parse(a.issue.createdAt) - Date.parse(b.issue.createdAt) || a.index - b.index,
    );
  return ordered.map(({ issue }: { issue: StubSeedIssue }, i): StubIssue => {
    const number = i + 1;
    const open = issue.state === 'open';
    // A stable, plausible close time when the seed does not give one: 1-3 days later.
    const closedAt = open
      ? null
      : (issue.closedAt ??
        isoSeconds(new Date(Date.parse(issue.createdAt) + (26 + (number % 5) * 11) * HOUR)));
    return {
      id: firstId + i,
      number,
      title: issue.title,
      body: issue.body ?? null,
      user: issue.user,
      state: open ? 'open' : 'closed',
      pullRequest: issue.pullRequest === true,
      createdAt: isoSeconds(new Date(issue.createdAt)),
      updatedAt: closedAt ?? isoSeconds(new Date(issue.createdAt)),
      closedAt,
      mergedAt: issue.state === 'merged' ? closedAt : null,
      labels: [...(issue.labels ?? [])],
      comments: (issue.comments ?? []).map((c, j) => ({
        id: (firstId + i) * 100 + j,
        user: c.user,
        body: c.body,
        createdAt: isoSeconds(new Date(c.createdAt)),
      })),
      files: [...(issue.files ?? [])],
      commitMessages: issue.pullRequest ? [issue.title] : [],
    };
  });
}

/** Builds fresh live data from a seed (deterministic: same seed, same ids and SHAs). */
export function createState(seed: StubSeed): StubState {
  const users: StubUser[] = [
    ...seed.users.map((u) => ({ ...u, type: 'User' as const })),
    ...(seed.organizations ?? []).map((o) => ({
      ...o,
      canSignIn: false,
      type: 'Organization' as const,
    })),
  ];
  const byLogin = new Map(users.map((u) => [u.login.toLowerCase(), u]));
  let nextIssueId = 2_100_000_001;
  const repos = seed.repos.map((repo): StubRepo => {
    const issues = seedIssues(repo, nextIssueId);
    nextIssueId += issues.length;
    const commits = [...repo.commits]
      .sort((a, b) => Date.parse(a.date) - Date.parse(b.date))
      .map((c, i): StubCommit => ({
        sha: createHash('sha1')
          .update(`${repo.owner}/${repo.name}\n${i}\n${c.date}\n${c.message}`)
          .digest('hex'),
        message: c.message,
        ...gitAuthor(byLogin.get(c.author.toLowerCase()), c.author),
        date: isoSeconds(new Date(c.date)),
        files: [...(c.files ?? [])],
      }));
    const createdAt = isoSeconds(new Date(repo.createdAt));
    const pushedAt = maxDate([createdAt, ...commits.map((c) => c.date)]);
    return {
      id: repo.id,
      owner: repo.owner,
      name: repo.name,
      private: repo.private,
      description: repo.description,
      collaborators: [...repo.collaborators],
      createdAt,
      updatedAt: maxDate([pushedAt, ...issues.map((i) => i.updatedAt)]),
      pushedAt,
      issues,
      commits,
    };
  });
  return { users, repos };
}

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** Case-insensitive, like GitHub logins. */
export function findUser(state: StubState, login: string): StubUser | undefined {
  return state.users.find((u) => same(u.login, login));
}

export function findRepo(state: StubState, owner: string, name: string): StubRepo | undefined {
  return state.repos.find((r) => same(r.owner, owner) && same(r.name, name));
}

export function findRepoByFullName(state: StubState, fullName: string): StubRepo | undefined {
  const [owner, name, ...rest] = fullName.split('/');
  if (owner === undefined || name === undefined || rest.length > 0) return undefined;
  return findRepo(state, owner, name);
}

/** Owner or collaborator (for organizations: member). */
export function isAffiliated(repo: StubRepo, login: string): boolean {
  return same(repo.owner, login) || repo.collaborators.some((c) => same(c, login));
}

export function canRead(repo: StubRepo, login: string | null): boolean {
  return !repo.private || (login !== null && isAffiliated(repo, login));
}

export function requireRepo(state: StubState, fullName: string): StubRepo {
  const repo = findRepoByFullName(state, fullName);
  if (!repo) throw new StubInputError(404, `Unknown repository: ${fullName}`);
  return repo;
}
