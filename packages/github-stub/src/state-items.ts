import { createHash } from 'node:crypto';
import type { StubComment, StubCommit, StubIssue, StubRepo, StubState } from './state';
import { StubInputError, findUser, isoSeconds, requireRepo } from './state';

function requireIssue(repo: StubRepo, number: number): StubIssue {
  const issue = repo.issues.find((i) => i.number === number);
  if (!issue) throw new StubInputError(404, `Unknown issue or pull request: #${number}`);
  return issue;
}

/** Comments on an issue or pull request now; returns the comment with its issue. */
export function addComment(
  state: StubState,
  fullName: string,
  number: number,
  input: { user: string; body: string },
): { repo: StubRepo; issue: StubIssue; comment: StubComment } {
  const repo = requireRepo(state, fullName);
  const issue = requireIssue(repo, number);
  const user = findUser(state, input.user);
  if (!user) throw new StubInputError(422, `Unknown user: ${input.user}`);
  if (input.body.trim() === '') throw new StubInputError(422, 'body must not be empty');
  const now = isoSeconds(new Date());
  const maxId = Math.max(
    0,
    ...state.repos.flatMap((r) => r.issues.flatMap((i) => i.comments.map((c) => c.id))),
  );
  const comment: StubComment = {
    id: maxId + 1,
    user: user.login,
    body: input.body,
    createdAt: now,
  };
  issue.comments.push(comment);
  issue.updatedAt = now;
  repo.updatedAt = now;
  return { repo, issue, comment };
}

/**
 * Merges an open pull request now: it is closed with `merged_at`, its merge commit lands on
 * the default branch, and issues its body closes (`Closes #N`) are closed.
 */
export function mergePull(
  state: StubState,
  fullName: string,
  number: number,
  input: { user: string },
): { repo: StubRepo; pull: StubIssue; commit: StubCommit; closed: StubIssue[] } {
  const repo = requireRepo(state, fullName);
  const pull = requireIssue(repo, number);
  if (!pull.pullRequest) throw new StubInputError(404, `#${number} is not a pull request`);
  if (pull.state !== 'open') throw new StubInputError(422, `#${number} is not open`);
  const user = findUser(state, input.user);
  if (!user) throw new StubInputError(422, `Unknown user: ${input.user}`);
  const now = isoSeconds(new Date());
  Object.assign(pull, { state: 'closed', closedAt: now, mergedAt: now, updatedAt: now });
  const closed = closingNumbers(pull.body)
    .map((n) => repo.issues.find((i) => i.number === n && !i.pullRequest))
    .filter((i): i is StubIssue => i !== undefined && i.state === 'open');
  for (const issue of closed)
    Object.assign(issue, { state: 'closed', closedAt: now, updatedAt: now });
  const message = `Merge pull request #${number}\n\n${pull.title}`;
  const commit: StubCommit = {
    sha: createHash('sha1').update(`${fullName}\nmerge\n${number}\n${now}`).digest('hex'),
    message,
    authorName: user.name,
    authorEmail: `${user.id}+${user.login}@users.noreply.github.com`,
    authorLogin: user.login,
    date: now,
    files: [...pull.files],
  };
  repo.commits.push(commit);
  repo.pushedAt = now;
  repo.updatedAt = now;
  return { repo, pull, commit, closed };
}

/** The issue numbers a body closes with GitHub's keywords (`Closes #12`, `fixes #3`). */
export function closingNumbers(body: string | null): number[] {
  const found = (body ?? '').matchAll(/\b(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?)\s+#(\d+)\b/gi);
  return [...new Set([...found].map((m) => Number(m[1])))];
}
