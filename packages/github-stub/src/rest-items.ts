import type { ApiReply, ApiRequest } from './rest-routes';
import { notFound, readableRepo } from './rest-routes';
import { paginate } from './paging';
import { presentCommit, presentIssue, presentPull, presentSimpleUser } from './presenters';
import type { StubFile, StubIssue, StubRepo } from './state';
import { isAffiliated } from './state';

/** The issue or pull request `#number` of a readable repository. */
function issueOf(r: ApiRequest, owner?: string, name?: string, number?: string) {
  const repo = readableRepo(r, owner, name);
  const issue = repo?.issues.find((i) => String(i.number) === number);
  return repo && issue ? { repo, issue } : undefined;
}

const presentFile = (file: StubFile) => ({
  filename: file.path,
  status: file.deletions > 0 && file.additions === 0 ? 'removed' : 'modified',
  additions: file.additions,
  deletions: file.deletions,
  changes: file.additions + file.deletions,
  patch: file.patch,
});

function getIssue(r: ApiRequest, [owner, name, number]: string[]): ApiReply {
  const found = issueOf(r, owner, name, number);
  if (!found) return notFound();
  return { status: 200, body: presentIssue(r.ctx.state, found.repo, found.issue, r.urls) };
}

/** Members of the repository are GitHub's MEMBER/OWNER; anyone else a CONTRIBUTOR or NONE. */
const association = (repo: StubRepo, login: string): string =>
  repo.owner.toLowerCase() === login.toLowerCase()
    ? 'OWNER'
    : isAffiliated(repo, login)
      ? 'MEMBER'
      : 'NONE';

function listComments(r: ApiRequest, [owner, name, number]: string[]): ApiReply {
  const found = issueOf(r, owner, name, number);
  if (!found) return notFound();
  return {
    status: 200,
    body: found.issue.comments.map((c) => ({
      id: c.id,
      body: c.body,
      user: presentSimpleUser(r.ctx.state, c.user, r.urls),
      author_association: association(found.repo, c.user),
      created_at: c.createdAt,
      updated_at: c.createdAt,
    })),
  };
}

function pullOf(r: ApiRequest, params: string[]): { repo: StubRepo; issue: StubIssue } | undefined {
  const found = issueOf(r, params[0], params[1], params[2]);
  return found?.issue.pullRequest ? found : undefined;
}

function getPull(r: ApiRequest, params: string[]): ApiReply {
  const found = pullOf(r, params);
  if (!found) return notFound();
  const files = found.issue.files;
  return {
    status: 200,
    body: {
      ...presentPull(r.ctx.state, found.repo, found.issue, r.urls),
      merged: found.issue.mergedAt !== null,
      commits: found.issue.commitMessages.length,
      changed_files: files.length,
      additions: files.reduce((n, f) => n + f.additions, 0),
      deletions: files.reduce((n, f) => n + f.deletions, 0),
    },
  };
}

function listPullFiles(r: ApiRequest, params: string[]): ApiReply {
  const found = pullOf(r, params);
  if (!found) return notFound();
  // Paged as on GitHub (up to 100 a page, 3,000 in all), so a client reading pages stops.
  const page = paginate(found.issue.files, r.base, r.pathname, r.query);
  return { status: 200, body: page.items.map(presentFile), link: page.link };
}

function listPullCommits(r: ApiRequest, params: string[]): ApiReply {
  const found = pullOf(r, params);
  if (!found) return notFound();
  const { repo, issue } = found;
  return {
    status: 200,
    body: issue.commitMessages.map((message, i) => ({
      sha: `${issue.number.toString(16).padStart(8, '0')}${String(i).padStart(32, '0')}`,
      html_url: `${r.urls.web}/${repo.owner}/${repo.name}/pull/${issue.number}/commits`,
      commit: { message, author: { name: issue.user, date: issue.createdAt } },
      author: presentSimpleUser(r.ctx.state, issue.user, r.urls),
    })),
  };
}

/** A commit by its SHA or a prefix of at least 4 characters (ambiguous prefixes are 422). */
function getCommit(r: ApiRequest, [owner, name, ref]: string[]): ApiReply {
  const repo = readableRepo(r, owner, name);
  const prefix = (ref ?? '').toLowerCase();
  if (!repo || !/^[0-9a-f]{4,40}$/.test(prefix)) return notFound();
  const matches = repo.commits.filter((c) => c.sha.startsWith(prefix));
  if (matches.length > 1) {
    return { status: 422, body: { message: `The SHA prefix ${prefix} is ambiguous.` } };
  }
  const commit = matches[0];
  if (!commit) return notFound();
  const parent = repo.commits[repo.commits.indexOf(commit) - 1];
  return {
    status: 200,
    body: {
      ...presentCommit(r.ctx.state, repo, commit, parent, r.urls),
      stats: {
        additions: commit.files.reduce((n, f) => n + f.additions, 0),
        deletions: commit.files.reduce((n, f) => n + f.deletions, 0),
      },
      files: commit.files.map(presentFile),
    },
  };
}

const SEGMENT = '([^/]+)';
const REPO = `^/repos/${SEGMENT}/${SEGMENT}`;

/** Single items: an issue, its comments, a pull request's files and commits, a commit. */
export const ITEM_ROUTES: {
  pattern: RegExp;
  handle: (r: ApiRequest, params: string[]) => ApiReply;
}[] = [
  { pattern: new RegExp(`${REPO}/issues/(\\d+)$`), handle: getIssue },
  { pattern: new RegExp(`${REPO}/issues/(\\d+)/comments$`), handle: listComments },
  { pattern: new RegExp(`${REPO}/pulls/(\\d+)$`), handle: getPull },
  { pattern: new RegExp(`${REPO}/pulls/(\\d+)/files$`), handle: listPullFiles },
  { pattern: new RegExp(`${REPO}/pulls/(\\d+)/commits$`), handle: listPullCommits },
  { pattern: new RegExp(`${REPO}/commits/${SEGMENT}$`), handle: getCommit },
];
