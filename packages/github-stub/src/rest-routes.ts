import type { StubContext } from './context';
import { paginate } from './paging';
import type { Urls } from './presenters';
import { presentCommit, presentIssue, presentPull, presentRepo, presentUser } from './presenters';
import type { StubInstallation } from './app-state';
import type { StubIssue, StubRepo } from './state';
import { canRead, findRepo, findUser } from './state';

/** One API call, already authenticated (`login` is null for anonymous callers). */
export interface ApiRequest {
  ctx: StubContext;
  login: string | null;
  /** The installation an installation token speaks for (the App's reads). */
  installation?: StubInstallation;
  /** The handler's public URL; `urls` are derived from it. */
  base: string;
  urls: Urls;
  /** Path as requested, e.g. `/api/v3/user/repos`, for Link headers. */
  pathname: string;
  query: URLSearchParams;
}

export interface ApiReply {
  status: number;
  body: unknown;
  link?: string | null;
}

const DOCS = 'https://docs.github.com/rest';
const notFound = (): ApiReply => ({
  status: 404,
  body: { message: 'Not Found', documentation_url: DOCS },
});
const requiresAuth = (): ApiReply => ({
  status: 401,
  body: { message: 'Requires authentication', documentation_url: DOCS },
});

function paged<T>(r: ApiRequest, items: T[], present: (item: T) => unknown): ApiReply {
  const page = paginate(items, r.base, r.pathname, r.query);
  return { status: 200, body: page.items.map(present), link: page.link };
}

/** `direction` when given, else `fallback`; returns a comparator multiplier. */
function direction(query: URLSearchParams, fallback: 'asc' | 'desc'): 1 | -1 {
  const value = query.get('direction');
  return (value === 'asc' || value === 'desc' ? value : fallback) === 'asc' ? 1 : -1;
}

const time = (iso: string): number => Date.parse(iso);

function getAuthenticatedUser(r: ApiRequest): ApiReply {
  const user = r.login === null ? undefined : findUser(r.ctx.state, r.login);
  if (!user) return requiresAuth();
  return { status: 200, body: presentUser(r.ctx.state, user, r.urls) };
}

/** Every account's primary verified address is `{login}@example.com` (private or not). */
function listMyEmails(r: ApiRequest): ApiReply {
  const user = r.login === null ? undefined : findUser(r.ctx.state, r.login);
  if (!user) return requiresAuth();
  const email = `${user.login}@example.com`;
  return { status: 200, body: [{ email, primary: true, verified: true, visibility: 'private' }] };
}

function listMyRepos(r: ApiRequest): ApiReply {
  const login = r.login;
  if (login === null) return requiresAuth();
  const { state } = r.ctx;
  const me = login.toLowerCase();
  const affiliation = (r.query.get('affiliation') ?? 'owner,collaborator,organization_member')
    .split(',')
    .map((a) => a.trim());
  const visibility = r.query.get('visibility') ?? 'all';
  const repos = state.repos.filter((repo) => {
    const owned = repo.owner.toLowerCase() === me;
    const listed = repo.collaborators.some((c) => c.toLowerCase() === me);
    const orgOwned = findUser(state, repo.owner)?.type === 'Organization';
    const affiliated =
      (owned && affiliation.includes('owner')) ||
      (listed && !orgOwned && affiliation.includes('collaborator')) ||
      (listed && orgOwned && affiliation.includes('organization_member'));
    const visible = visibility === 'all' || (visibility === 'private') === repo.private;
    return affiliated && visible;
  });
  const byTime: Record<string, (repo: StubRepo) => number> = {
    created: (repo) => time(repo.createdAt),
    updated: (repo) => time(repo.updatedAt),
    pushed: (repo) => time(repo.pushedAt),
  };
  // Default sort is full_name ascending; the time sorts default to newest first.
  const timeKey = byTime[r.query.get('sort') ?? ''];
  const key = timeKey ?? ((repo: StubRepo) => `${repo.owner}/${repo.name}`.toLowerCase());
  const dir = direction(r.query, timeKey ? 'desc' : 'asc');
  repos.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return (ka < kb ? -1 : ka > kb ? 1 : 0) * dir;
  });
  return paged(r, repos, (repo) => presentRepo(state, repo, r.urls, login));
}

function getUser(r: ApiRequest, [username]: string[]): ApiReply {
  const user = findUser(r.ctx.state, username ?? '');
  return user ? { status: 200, body: presentUser(r.ctx.state, user, r.urls) } : notFound();
}

export function readableRepo(r: ApiRequest, owner: string | undefined, name: string | undefined) {
  const repo = findRepo(r.ctx.state, owner ?? '', name ?? '');
  const granted = repo !== undefined && r.installation?.repoIds.includes(repo.id) === true;
  return repo && (granted || canRead(repo, r.login)) ? repo : undefined;
}

function getRepo(r: ApiRequest, [owner, name]: string[]): ApiReply {
  const repo = readableRepo(r, owner, name);
  if (!repo) return notFound();
  return { status: 200, body: presentRepo(r.ctx.state, repo, r.urls, r.login ?? undefined) };
}

/** Filters by `state` (default open) and sorts by `sort`/`direction` (default newest created). */
function selectIssues(query: URLSearchParams, issues: StubIssue[]): StubIssue[] {
  const wanted = query.get('state') ?? 'open';
  const sortKey = query.get('sort') === 'updated' ? 'updatedAt' : 'createdAt';
  const dir = direction(query, 'desc');
  const since = Date.parse(query.get('since') ?? '');
  return issues
    .filter((i) => wanted === 'all' || i.state === (wanted === 'closed' ? 'closed' : 'open'))
    .filter((i) => Number.isNaN(since) || time(i.updatedAt) >= since)
    .sort((a, b) => (time(a[sortKey]) - time(b[sortKey]) || a.number - b.number) * dir);
}

function listIssues(r: ApiRequest, [owner, name]: string[]): ApiReply {
  const repo = readableRepo(r, owner, name);
  if (!repo) return notFound();
  const issues = selectIssues(r.query, repo.issues);
  return paged(r, issues, (issue) => presentIssue(r.ctx.state, repo, issue, r.urls));
}

function listPulls(r: ApiRequest, [owner, name]: string[]): ApiReply {
  const repo = readableRepo(r, owner, name);
  if (!repo) return notFound();
  const pulls = selectIssues(
    r.query,
    repo.issues.filter((i) => i.pullRequest),
  );
  return paged(r, pulls, (pull) => presentPull(r.ctx.state, repo, pull, r.urls));
}

function listCommits(r: ApiRequest, [owner, name]: string[]): ApiReply {
  const repo = readableRepo(r, owner, name);
  if (!repo) return notFound();
  if (repo.commits.length === 0) {
    return { status: 409, body: { message: 'Git Repository is empty.', documentation_url: DOCS } };
  }
  const since = Date.parse(r.query.get('since') ?? '');
  const until = Date.parse(r.query.get('until') ?? '');
  // Stored oldest first, so each commit's parent is the one before it.
  const newestFirst = repo.commits
    .map((commit, i) => ({ commit, parent: repo.commits[i - 1], i }))
    .filter(({ commit }) => Number.isNaN(since) || time(commit.date) >= since)
    .filter(({ commit }) => Number.isNaN(until) || time(commit.date) <= until)
    .sort((a, b) => time(b.commit.date) - time(a.commit.date) || b.i - a.i);
  return paged(r, newestFirst, ({ commit, parent }) =>
    presentCommit(r.ctx.state, repo, commit, parent, r.urls),
  );
}

const SEGMENT = '([^/]+)';

/** GET routes under /api/v3; anything else is a 404, as on GitHub. */
export const API_ROUTES: {
  pattern: RegExp;
  handle: (r: ApiRequest, params: string[]) => ApiReply;
}[] = [
  { pattern: /^\/user$/, handle: getAuthenticatedUser },
  { pattern: /^\/user\/repos$/, handle: listMyRepos },
  { pattern: /^\/user\/emails$/, handle: listMyEmails },
  { pattern: new RegExp(`^/users/${SEGMENT}$`), handle: getUser },
  { pattern: new RegExp(`^/repos/${SEGMENT}/${SEGMENT}$`), handle: getRepo },
  { pattern: new RegExp(`^/repos/${SEGMENT}/${SEGMENT}/issues$`), handle: listIssues },
  { pattern: new RegExp(`^/repos/${SEGMENT}/${SEGMENT}/pulls$`), handle: listPulls },
  { pattern: new RegExp(`^/repos/${SEGMENT}/${SEGMENT}/commits$`), handle: listCommits },
];

export { notFound };
