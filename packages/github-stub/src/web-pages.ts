import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { escapeHtml as e, layout, sendHtml, sendHtmlError } from './html';
import { send } from './http';
import type { StubCommit, StubIssue, StubRepo, StubState, StubUser } from './state';
import { findRepo, findUser, isAffiliated } from './state';

/** Builds an escaped relative href from `root` (the way back to the handler's root). */
const href = (root: string, ...parts: (string | number)[]): string =>
  e(root + parts.map((p) => encodeURIComponent(String(p))).join('/'));

const firstLine = (text: string): string => text.split('\n')[0] ?? '';
const repoName = (repo: StubRepo): string => `${repo.owner}/${repo.name}`;
const privatePill = (repo: StubRepo): string =>
  repo.private ? ' <span class="pill">Private</span>' : '';
const repoLink = (repo: StubRepo, root: string): string =>
  `<a href="${href(root, repo.owner, repo.name)}">${e(repoName(repo))}</a>`;

/**
 * Read-only pages behind the `html_url`s the API hands out (users, repositories, issues, pull
 * requests, commits) plus generated avatars, so links in a demo lead somewhere. Links are
 * relative to the page, so they survive any mount prefix. Private repositories are shown too:
 * the stub has no browser session, and demo data holds no secrets.
 */
export function serveWebPage(state: StubState, res: ServerResponse, rawPath: string): void {
  const root = `./${'../'.repeat(Math.max(0, rawPath.split('/').length - 2))}`;
  let segments: string[];
  try {
    segments = rawPath.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    segments = ['\0'];
  }
  const [a, b, c, d, ...rest] = segments;
  const html = (body: string) => sendHtml(res, 200, body);
  if (rest.length > 0) return notFound(res);
  if (a === undefined) return html(indexPage(state, root));
  if (a === 'avatars' && b === 'u' && c !== undefined && d === undefined) {
    return avatar(state, res, c);
  }
  if (b === undefined) {
    const user = findUser(state, a);
    return user ? html(userPage(state, user, root)) : notFound(res);
  }
  const repo = findRepo(state, a, b);
  if (!repo) return notFound(res);
  if (c === undefined && d === undefined) return html(repoPage(repo, root));
  if ((c === 'issues' || c === 'pull') && d !== undefined) {
    const pull = c === 'pull';
    const issue = repo.issues.find((i) => String(i.number) === d && i.pullRequest === pull);
    return issue ? html(issuePage(repo, issue, root)) : notFound(res);
  }
  if (c === 'commit' && d !== undefined) {
    const commit = repo.commits.find((x) => x.sha === d.toLowerCase());
    return commit ? html(commitPage(repo, commit, root)) : notFound(res);
  }
  return notFound(res);
}

function page(title: string, breadcrumb: string, body: string): string {
  return layout(
    `${title} · GitHub (demo)`,
    `<p class="demo">Demo stand-in for GitHub</p>
<nav aria-label="Breadcrumb" class="muted">${breadcrumb}</nav>
<div class="card">${body}</div>`,
  );
}

function notFound(res: ServerResponse): void {
  sendHtmlError(
    res,
    404,
    'Page not found',
    'There is nothing here in the demo stand-in for GitHub.',
  );
}

function repoList(repos: StubRepo[], root: string): string {
  const items = repos.map((r) => `<li>${repoLink(r, root)}${privatePill(r)}</li>`).join('');
  return `<ul>${items || '<li>None yet.</li>'}</ul>`;
}

function indexPage(state: StubState, root: string): string {
  const people = state.users
    .filter((u) => u.type === 'User')
    .map(
      (u) =>
        `<li><a href="${href(root, u.login)}">${e(u.name)}</a> <span class="muted">@${e(u.login)}</span></li>`,
    )
    .join('');
  return page(
    'Home',
    'Home',
    `<h1>GitHub stand-in (demo)</h1>
<p>A small imitation of GitHub that serves demo data. Nothing here is real.</p>
<h2>People</h2><ul>${people}</ul>
<h2>Repositories</h2>${repoList(state.repos, root)}`,
  );
}

function userPage(state: StubState, user: StubUser, root: string): string {
  const repos = state.repos.filter((r) => isAffiliated(r, user.login));
  return page(
    user.login,
    `<a href="${root}">Home</a>`,
    `<h1>${e(user.name)} <span class="muted">@${e(user.login)}</span></h1>
<p class="muted">${user.type} · id ${user.id}</p>
<h2>Repositories</h2>${repoList(repos, root)}`,
  );
}

function stateLabel(issue: StubIssue): string {
  const state = issue.mergedAt ? 'merged' : issue.state;
  return `<span class="pill ${issue.state}">${issue.pullRequest ? 'Pull request ' : ''}${state}</span>`;
}

function repoPage(repo: StubRepo, root: string): string {
  const issues = [...repo.issues]
    .sort((x, y) => y.number - x.number)
    .map((i) => {
      const link = href(root, repo.owner, repo.name, i.pullRequest ? 'pull' : 'issues', i.number);
      return `<li><a href="${link}">${e(i.title)}</a> ${stateLabel(i)} <span class="muted">#${i.number}</span></li>`;
    });
  const commits = [...repo.commits].reverse().map((c) => {
    const link = href(root, repo.owner, repo.name, 'commit', c.sha);
    return `<li><a href="${link}">${e(firstLine(c.message))}</a> <span class="muted">${e(c.authorName)} · ${e(c.date.slice(0, 10))}</span></li>`;
  });
  const people = repo.collaborators.map((c) => `<a href="${href(root, c)}">${e(c)}</a>`);
  return page(
    repoName(repo),
    `<a href="${href(root, repo.owner)}">${e(repo.owner)}</a>`,
    `<h1>${e(repoName(repo))}${privatePill(repo)}</h1>
<p>${e(repo.description ?? '')}</p>
<p class="muted">Collaborators: ${people.join(', ') || 'none'}</p>
<h2>Issues and pull requests</h2><ul class="plain">${issues.join('')}</ul>
<h2>Commits</h2><ul class="plain">${commits.join('')}</ul>`,
  );
}

function issuePage(repo: StubRepo, issue: StubIssue, root: string): string {
  return page(
    `${issue.title} · #${issue.number}`,
    repoLink(repo, root),
    `<h1>${e(issue.title)} <span class="muted">#${issue.number}</span></h1>
<p>${stateLabel(issue)} <span class="muted"><a href="${href(root, issue.user)}">${e(issue.user)}</a>
opened this on ${e(issue.createdAt.slice(0, 10))}</span></p>
<pre>${e(issue.body ?? 'No description provided.')}</pre>`,
  );
}

function commitPage(repo: StubRepo, commit: StubCommit, root: string): string {
  const by = commit.authorLogin
    ? `<a href="${href(root, commit.authorLogin)}">${e(commit.authorName)}</a>`
    : e(commit.authorName);
  return page(
    `${firstLine(commit.message)} · ${repoName(repo)}`,
    repoLink(repo, root),
    `<h1>${e(firstLine(commit.message))}</h1>
<p class="muted">${by} committed on ${e(commit.date)} · <code>${e(commit.sha)}</code></p>
<pre>${e(commit.message)}</pre>`,
  );
}

/** A GitHub-sized SVG with the account's initials on a colour derived from its login. */
function avatar(state: StubState, res: ServerResponse, id: string): void {
  const user = state.users.find((u) => String(u.id) === id);
  if (!user) return notFound(res);
  const initials = user.name
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  const hue = Math.round(((createHash('sha1').update(user.login).digest()[0] ?? 0) / 256) * 360);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="460" height="460" viewBox="0 0 460 460" role="img" aria-label="${e(user.login)}">
<rect width="460" height="460" fill="hsl(${hue} 55% 42%)"/>
<text x="230" y="230" dy=".35em" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="190" fill="#fff">${e(initials)}</text>
</svg>`;
  send(res, 200, 'image/svg+xml; charset=utf-8', svg, {
    'cache-control': 'public, max-age=86400',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    'x-content-type-options': 'nosniff',
  });
}
