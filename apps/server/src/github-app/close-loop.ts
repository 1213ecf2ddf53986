import type { Db } from '../db/client.js';
import type { GitHubApp } from '../github/github.public.js';
import { GitHubError } from '../github/github.public.js';
import type { DeliveryContext, OutboxEventMap } from '../outbox/outbox.public.js';
import type { ConnectionsRepository } from './connections.repository.js';

/** What the App needs to comment on issues and pull requests. */
export const CLOSE_LOOP_PERMISSION = { name: 'issues', level: 'write' } as const;

/** The hidden mark of the App's comment about a breakthrough (found again after a retry). */
export const loopMarker = (articleId: number) => `<!-- repolog:breakthrough:${articleId} -->`;

/** The item numbers (issues and pull requests) a breakthrough's references name. */
export function loopNumbers(refs: (string | null)[]): number[] {
  const numbers = refs
    .map((ref) => /^(?:issue|pull):(\d+)$/.exec(ref ?? '')?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number);
  return [...new Set(numbers)];
}

export function loopCommentBody(articleId: number, title: string, url: string): string {
  return `${loopMarker(articleId)}\nThe team wrote a breakthrough about this on Repolog: **[${title.replace(/[[\]]/g, '')}](${url})**`;
}

/**
 * `article.written`, for blogs that close the loop: the App keeps one comment on each issue or
 * pull request a breakthrough is about, linking to it; edits it when the breakthrough changes
 * and deletes it when the breakthrough (or its reference) goes. The calls run in the delivery's
 * transaction, so a failure is retried; the marker finds a comment a failed try left.
 */
export function closeLoop(deps: {
  repo: ConnectionsRepository;
  app: GitHubApp | undefined;
  publicUrl: string;
}) {
  const { repo, app } = deps;

  async function installationFor(tx: Db, repoKey: string) {
    const connection = await repo.connectionOf(repoKey, tx);
    return connection?.connected && connection.installationLive ? connection : undefined;
  }

  async function removeAll(tx: Db, articleId: number, keep: Set<number>) {
    for (const row of await repo.loopComments(tx, articleId)) {
      if (keep.has(row.itemNumber)) continue;
      const connection = app && (await installationFor(tx, row.repoKey));
      const [owner = '', name = ''] = row.repoKey.split('/');
      if (connection && app) {
        await app.deleteComment({
          installationId: connection.installationId,
          owner,
          repo: name,
          commentId: row.commentId,
        });
      }
      await repo.deleteLoopComment(tx, articleId, row.itemNumber);
    }
  }

  return async (event: OutboxEventMap['article.written'], { tx }: DeliveryContext) => {
    if (!app) return;
    const facts = event.deleted ? undefined : await repo.breakthroughFacts(tx, event.articleId);
    if (!facts || facts.hidden) {
      await removeAll(tx, event.articleId, new Set());
      return;
    }
    if (!(await repo.settings(facts.blogId, tx)).closeLoop) return;
    const connection = await installationFor(tx, facts.repoKey);
    const { name: permission, level } = CLOSE_LOOP_PERMISSION;
    if (!connection || connection.permissions[permission] !== level) return;
    const numbers = loopNumbers([facts.problemRef, facts.solutionRef]);
    await removeAll(tx, event.articleId, new Set(numbers));
    const existing = new Map(
      (await repo.loopComments(tx, event.articleId)).map((row) => [row.itemNumber, row]),
    );
    const [owner = '', name = ''] = facts.repoKey.split('/');
    const body = loopCommentBody(
      event.articleId,
      facts.title,
      `${deps.publicUrl}/breakthrough/${event.articleId}`,
    );
    const { installationId } = connection;
    for (const number of numbers) {
      const at = { installationId, owner, repo: name, number };
      let commentId =
        existing.get(number)?.commentId ?? (await app.findComment(at, loopMarker(event.articleId)));
      if (commentId !== null) {
        try {
          await app.updateComment({ installationId, owner, repo: name, commentId }, body);
        } catch (error) {
          if (!(error instanceof GitHubError && error.kind === 'not_found')) throw error;
          commentId = null;
        }
      }
      commentId ??= await app.createComment(at, body);
      await repo.saveLoopComment(tx, {
        articleId: event.articleId,
        itemNumber: number,
        repoKey: facts.repoKey,
        commentId,
      });
    }
  };
}
