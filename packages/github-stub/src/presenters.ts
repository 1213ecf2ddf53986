import type { StubCommit, StubIssue, StubRepo, StubState, StubUser } from './state';
import { findUser, isAffiliated, STUB_ACCOUNTS_CREATED_AT } from './state';

/** Where links point: `web` is the stub's github.com, `api` its REST root. */
export interface Urls {
  web: string;
  api: string;
}

export function urlsFor(base: string): Urls {
  return { web: base, api: `${base}/api/v3` };
}

const nodeId = (kind: string, id: number): string =>
  Buffer.from(`04:${kind}${id}`).toString('base64');

/** GitHub's "simple user": what appears as owner, issue author, commit author. */
export function presentSimpleUser(state: StubState, login: string, urls: Urls) {
  const user: Pick<StubUser, 'login' | 'id' | 'type'> = findUser(state, login) ?? {
    login,
    id: 0,
    type: 'User',
  };
  return {
    login: user.login,
    id: user.id,
    node_id: nodeId(user.type, user.id),
    avatar_url: `${urls.web}/avatars/u/${user.id}?v=4`,
    url: `${urls.api}/users/${user.login}`,
    html_url: `${urls.web}/${user.login}`,
    type: user.type,
    site_admin: false,
  };
}

/** The full account, as `/user` and `/users/{username}` return it. */
export function presentUser(state: StubState, user: StubUser, urls: Urls) {
  return {
    ...presentSimpleUser(state, user.login, urls),
    name: user.name,
    created_at: user.createdAt ?? STUB_ACCOUNTS_CREATED_AT,
    public_repos: state.repos.filter((r) => !r.private && r.owner === user.login).length,
    public_gists: 0,
  };
}

/** A repository; `viewer` adds the `permissions` block GitHub sends to signed-in callers. */
export function presentRepo(state: StubState, repo: StubRepo, urls: Urls, viewer?: string) {
  const fullName = `${repo.owner}/${repo.name}`;
  const owner = findUser(state, repo.owner);
  return {
    id: repo.id,
    node_id: nodeId('Repository', repo.id),
    name: repo.name,
    full_name: fullName,
    private: repo.private,
    visibility: repo.private ? 'private' : 'public',
    owner: presentSimpleUser(state, repo.owner, urls),
    html_url: `${urls.web}/${fullName}`,
    description: repo.description,
    fork: false,
    url: `${urls.api}/repos/${fullName}`,
    created_at: repo.createdAt,
    updated_at: repo.updatedAt,
    pushed_at: repo.pushedAt,
    default_branch: 'main',
    archived: false,
    open_issues_count: repo.issues.filter((i) => i.state === 'open').length,
    ...(viewer === undefined
      ? {}
      : {
          permissions: {
            // For organization repositories the first listed member stands in for the org admin.
            admin:
              owner?.type === 'Organization'
                ? repo.collaborators[0]?.toLowerCase() === viewer.toLowerCase()
                : repo.owner.toLowerCase() === viewer.toLowerCase(),
            push: isAffiliated(repo, viewer),
            pull: true,
          },
        }),
  };
}

function issuePaths(repo: StubRepo, issue: StubIssue, urls: Urls) {
  const fullName = `${repo.owner}/${repo.name}`;
  return {
    apiIssue: `${urls.api}/repos/${fullName}/issues/${issue.number}`,
    apiPull: `${urls.api}/repos/${fullName}/pulls/${issue.number}`,
    html: `${urls.web}/${fullName}/${issue.pullRequest ? 'pull' : 'issues'}/${issue.number}`,
  };
}

/** An issue as the issues list returns it; pull requests carry a `pull_request` key. */
export function presentIssue(state: StubState, repo: StubRepo, issue: StubIssue, urls: Urls) {
  const paths = issuePaths(repo, issue, urls);
  return {
    id: issue.id,
    node_id: nodeId(issue.pullRequest ? 'PullRequest' : 'Issue', issue.id),
    number: issue.number,
    title: issue.title,
    state: issue.state,
    html_url: paths.html,
    url: paths.apiIssue,
    repository_url: `${urls.api}/repos/${repo.owner}/${repo.name}`,
    user: presentSimpleUser(state, issue.user, urls),
    labels: issue.labels.map((name, i) => ({ id: issue.id * 10 + i, name, color: 'ededed' })),
    comments: issue.comments.length,
    created_at: issue.createdAt,
    updated_at: issue.updatedAt,
    closed_at: issue.closedAt,
    body: issue.body,
    ...(issue.pullRequest
      ? {
          pull_request: {
            url: paths.apiPull,
            html_url: paths.html,
            diff_url: `${paths.html}.diff`,
            patch_url: `${paths.html}.patch`,
            merged_at: issue.mergedAt,
          },
        }
      : {}),
  };
}

/** A pull request as the pulls list returns it. */
export function presentPull(state: StubState, repo: StubRepo, pull: StubIssue, urls: Urls) {
  const paths = issuePaths(repo, pull, urls);
  return {
    // Pull requests have their own id space on GitHub, distinct from the issue id.
    id: pull.id + 1_000_000_000,
    node_id: nodeId('PullRequest', pull.id),
    number: pull.number,
    title: pull.title,
    state: pull.state,
    html_url: paths.html,
    url: paths.apiPull,
    issue_url: paths.apiIssue,
    user: presentSimpleUser(state, pull.user, urls),
    body: pull.body,
    draft: false,
    created_at: pull.createdAt,
    updated_at: pull.updatedAt,
    closed_at: pull.closedAt,
    merged_at: pull.mergedAt,
  };
}

/** A commit as the commits list returns it; `author` is null for git-only authors. */
export function presentCommit(
  state: StubState,
  repo: StubRepo,
  commit: StubCommit,
  parent: StubCommit | undefined,
  urls: Urls,
) {
  const fullName = `${repo.owner}/${repo.name}`;
  const gitPerson = { name: commit.authorName, email: commit.authorEmail, date: commit.date };
  const account = commit.authorLogin ? presentSimpleUser(state, commit.authorLogin, urls) : null;
  return {
    sha: commit.sha,
    node_id: Buffer.from(`04:Commit${repo.id}:${commit.sha}`).toString('base64'),
    html_url: `${urls.web}/${fullName}/commit/${commit.sha}`,
    url: `${urls.api}/repos/${fullName}/commits/${commit.sha}`,
    commit: {
      message: commit.message,
      author: gitPerson,
      committer: gitPerson,
      comment_count: 0,
      url: `${urls.api}/repos/${fullName}/git/commits/${commit.sha}`,
    },
    author: account,
    committer: account,
    parents: parent
      ? [
          {
            sha: parent.sha,
            url: `${urls.api}/repos/${fullName}/commits/${parent.sha}`,
            html_url: `${urls.web}/${fullName}/commit/${parent.sha}`,
          },
        ]
      : [],
  };
}
