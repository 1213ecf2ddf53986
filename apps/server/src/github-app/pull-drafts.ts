import { limits } from '@repolog/contract/limits';
import { importMarkdown } from '@repolog/contract/repo-import';
import type { RepoItemDetail } from '@repolog/contract/repo-items';
import type { BlogMemberships } from '../blogs/blogs.public.js';
import type { RepoItemReads } from '../codehost/codehost.public.js';
import type { Db } from '../db/client.js';
import { draftsLeft } from '../drafts/drafts.public.js';
import { AppError } from '../errors.js';
import { GitHubError } from '../github/github.public.js';
import type { DeliveryContext, Outbox, OutboxEventMap } from '../outbox/outbox.public.js';
import type { UserAccounts } from '../users/users.public.js';
import type { AppTokens } from './app-tokens.js';
import type { ConnectionsRepository } from './connections.repository.js';

/** At most this many closed issues go into the problem. */
const CLOSED_ISSUES = 3;
/** Diff excerpts of the pull request's first files go in; the writer edits the rest. */
const DIFF_FILES = 3;

/** The issue numbers a pull request's body closes (`Closes #12`, `fixes #3`), GitHub's keywords. */
export function closingIssues(body: string | null): number[] {
  const found = (body ?? '').matchAll(
    /\b(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?)\s*:?\s+#(\d{1,9})\b/gi,
  );
  return [...new Set([...found].map((m) => Number(m[1])))].slice(0, CLOSED_ISSUES);
}

/** The draft's body: the problem (the closed issues), then the solution (the pull request). */
export function draftBody(pull: RepoItemDetail, issues: RepoItemDetail[]): string {
  const diffs = new Set(pull.files.slice(0, DIFF_FILES).map((f) => f.path));
  const problem = issues.map((issue) => importMarkdown(issue)).join('\n');
  return [
    ...(issues.length > 0 ? ['## Problem', '', problem] : []),
    '## Solution',
    '',
    importMarkdown(pull, diffs),
  ].join('\n');
}

/**
 * `pull.merged`: the blog gets one draft for the merged pull request (unless it turned
 * that off, or already has a draft or breakthrough about it): title from the pull request,
 * problem from the issues it closes, solution from the pull request, each imported as the
 * write page imports them. Its author (if a member, else every member) is told.
 */
export function pullDrafts(deps: {
  repo: ConnectionsRepository;
  items: RepoItemReads;
  tokens: AppTokens;
  memberships: Pick<BlogMemberships, 'find'>;
  users: Pick<UserAccounts, 'upsertGithubUser'>;
  outbox: Pick<Outbox, 'add'>;
  /** A member's own GitHub token, read in `tx` (a repository without the App is read so). */
  tokenOf: (userId: number, tx: Db) => Promise<string | undefined>;
}) {
  const { repo, items, tokens, memberships, outbox } = deps;

  /** The App's token; without the App, the author's (if a member) or the owner's own. */
  async function readToken(tx: Db, repoKey: string, userIds: number[]): Promise<string> {
    const app = await tokens.forRepo(repoKey, tx);
    if (app) return app.token;
    for (const userId of userIds) {
      const token = await deps.tokenOf(userId, tx);
      if (token) return token;
    }
    throw new GitHubError('unauthorized', 'No token can read the repository.');
  }

  /** The closed issues that exist (a number may be a pull request, or gone). */
  async function readIssues(tx: Db, repoKey: string, token: string, numbers: number[]) {
    const found: RepoItemDetail[] = [];
    for (const number of numbers) {
      try {
        found.push(await items.read(tx, repoKey, token, `issue:${number}`));
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'not_found')) throw error;
      }
    }
    return found;
  }

  return async (event: OutboxEventMap['pull.merged'], { tx }: DeliveryContext): Promise<void> => {
    const blog = await memberships.find(event.blogId, tx);
    if (!blog || blog.repoKey !== event.repoKey) return;
    if (!(await repo.settings(blog.id, tx)).mergedPullDrafts) return;
    const ref = `pull:${event.number}`;
    if (await draftsLeft.anyAbout(tx, blog.id, ref)) return;
    if (!(await repo.claimPullDraft(tx, blog.id, event.number))) return;

    const author = (event.author ?? '').toLowerCase();
    const authorMember = blog.members.find((m) => m.login.toLowerCase() === author);
    const token = await readToken(tx, event.repoKey, [
      ...(authorMember ? [authorMember.userId] : []),
      blog.ownerId,
    ]);
    const pull = await items.read(tx, event.repoKey, token, ref);
    const issues = await readIssues(
      tx,
      event.repoKey,
      token,
      closingIssues(pull.body).filter((n) => n !== event.number),
    );
    const login = (event.author ?? pull.author ?? '').toLowerCase();
    const member = blog.members.find((m) => m.login.toLowerCase() === login);
    const instigatorId =
      member?.userId ??
      (event.authorId !== null && event.author
        ? (
            await deps.users.upsertGithubUser(
              { githubId: event.authorId, login: event.author, name: null, avatarUrl: null },
              false,
              tx,
            )
          ).id
        : blog.ownerId);
    const first = issues[0];
    const draftId = await draftsLeft.leave(tx, {
      blogId: blog.id,
      creatorId: member?.userId ?? blog.ownerId,
      title: pull.title.slice(0, limits.articleTitle.max),
      content: draftBody(pull, issues),
      about: null,
      tags: [],
      problem: first ? first.title : null,
      problemRef: first ? first.ref : null,
      solution: pull.title,
      solutionRef: ref,
    });
    await repo.setPullDraft(tx, blog.id, event.number, draftId);
    await outbox.add(tx, 'draft.leftForPull', {
      draftId,
      blogId: blog.id,
      pullNumber: event.number,
      instigatorId,
      recipientIds: member ? [member.userId] : blog.members.map((m) => m.userId),
    });
  };
}
