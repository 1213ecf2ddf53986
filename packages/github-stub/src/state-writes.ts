/** What the stub's control routes change: an issue or pull request opened, a commit pushed. */
import { randomBytes } from 'node:crypto';
import {
  findUser,
  gitAuthor,
  isoSeconds,
  requireRepo,
  StubInputError,
  type StubCommit,
  type StubFile,
  type StubIssue,
  type StubRepo,
  type StubState,
} from './state';

export interface NewIssue {
  title: string;
  user: string;
  body?: string;
  pullRequest?: boolean;
  /** A pull request's changed files. */
  files?: StubFile[];
}

/** Opens an issue (or pull request) now; returns it with its repository. */
export function openIssue(
  state: StubState,
  fullName: string,
  input: NewIssue,
): { repo: StubRepo; issue: StubIssue } {
  const repo = requireRepo(state, fullName);
  const user = findUser(state, input.user);
  if (!user) throw new StubInputError(422, `Unknown user: ${input.user}`);
  if (input.title.trim() === '') throw new StubInputError(422, 'title must not be empty');
  const now = isoSeconds(new Date());
  const maxId = Math.max(2_100_000_000, ...state.repos.flatMap((r) => r.issues.map((i) => i.id)));
  const issue: StubIssue = {
    id: maxId + 1,
    number: Math.max(0, ...repo.issues.map((i) => i.number)) + 1,
    title: input.title,
    body: input.body ?? null,
    user: user.login,
    state: 'open',
    pullRequest: input.pullRequest === true,
    createdAt: now,
    updatedAt: now,
    closedAt: null,
    mergedAt: null,
    labels: [],
    comments: [],
    files: input.pullRequest ? [...(input.files ?? [])] : [],
    commitMessages: input.pullRequest ? [input.title] : [],
  };
  repo.issues.push(issue);
  repo.updatedAt = now;
  return { repo, issue };
}

export interface NewCommit {
  message: string;
  /** A known login links the commit to that account; any other name makes a git-only author. */
  author: string;
}

/** Pushes one commit now; returns it with its repository. */
export function pushCommit(
  state: StubState,
  fullName: string,
  input: NewCommit,
): { repo: StubRepo; commit: StubCommit } {
  const repo = requireRepo(state, fullName);
  if (input.message.trim() === '') throw new StubInputError(422, 'message must not be empty');
  if (input.author.trim() === '') throw new StubInputError(422, 'author must not be empty');
  const now = isoSeconds(new Date());
  const commit: StubCommit = {
    sha: randomBytes(20).toString('hex'),
    message: input.message,
    ...gitAuthor(findUser(state, input.author), input.author),
    date: now,
    files: [],
  };
  repo.commits.push(commit);
  repo.pushedAt = now;
  repo.updatedAt = now;
  return { repo, commit };
}
