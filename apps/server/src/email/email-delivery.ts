import type { EmailKind } from '@repolog/contract/constants';
import type { Db } from '../db/client.js';
import type { DeliveryContext, EmailJob, OutboxEventMap } from '../outbox/outbox.public.js';
import type { SafetyChecks } from '../safety/safety.public.js';
import { renderHtml, renderText } from './email-layout.js';
import { addressOf, choiceOf } from './email-enqueue.js';
import { composeEmail, digestLine, type EmailWhat } from './email-texts.js';
import { UNSUBSCRIBE_TTL_MS, VERIFY_TTL_MS, type EmailTokens } from './email-tokens.js';
import type { MailSender } from './email-transport.js';
import type { EmailRepository, SettingsRow } from './email.repository.js';

const EXCERPT = 300;
const excerpt = (text: string) =>
  text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1).trimEnd()}…` : text;

type Topic = EmailKind | 'daily' | 'weekly';

/**
 * Sends one `email.send` event, in its delivery transaction: the idempotency key is recorded
 * first (a key recorded before means sent before: nothing happens), the recipient's address,
 * language and choice are read now, and the email is rendered and sent. A failed send throws,
 * so the key's row rolls back with the delivery and the outbox tries again with back-off.
 * An account deleted in the meantime has no settings row (its address went with it), and a
 * suspended one is skipped: no email. What changed since the email was queued counts too: a
 * comment or breakthrough hidden or held, or a person the recipient blocked, is left out (a
 * digest with nothing left is not sent).
 */
export function emailDelivery(deps: {
  repo: EmailRepository;
  sender: MailSender;
  tokens: EmailTokens;
  publicUrl: string;
  safety: Pick<SafetyChecks, 'blockedIds'>;
  now?: () => Date;
}) {
  const { repo, tokens, publicUrl } = deps;
  const now = deps.now ?? (() => new Date());
  const articleUrl = (id: number) => `${publicUrl}/breakthrough/${id}`;
  const blogUrl = (id: number) => `${publicUrl}/blog/${id}`;
  const name = async (userId: number, tx: Db) => (await repo.userName(userId, tx)) ?? '?';

  /** What to say, and which choice a link in it turns off; null: nothing to send. */
  async function what(
    userId: number,
    settings: SettingsRow,
    job: EmailJob,
    tx: Db,
  ): Promise<{ what: EmailWhat; topic: Topic | null } | null> {
    const wanted = (kind: EmailKind) => choiceOf(settings, kind) !== 'never';
    const blocked = new Set(job.kind === 'verify' ? [] : await deps.safety.blockedIds(userId, tx));
    if ('actorId' in job && blocked.has(job.actorId)) return null;
    switch (job.kind) {
      case 'comment': {
        const [article, comment] = [
          await repo.article(job.articleId, tx),
          await repo.comment(job.commentId, tx),
        ];
        if (!article || comment === undefined || !wanted('comment')) return null;
        const actor = await name(job.actorId, tx);
        const url = `${articleUrl(job.articleId)}#comments`;
        return {
          what: { kind: 'comment', actor, title: article.title, excerpt: excerpt(comment), url },
          topic: 'comment',
        };
      }
      case 'invitation':
      case 'favorite': {
        const blog = await repo.blogName(job.blogId, tx);
        if (blog === undefined || !wanted(job.kind)) return null;
        const actor = await name(job.actorId, tx);
        return { what: { kind: job.kind, actor, blog, url: blogUrl(job.blogId) }, topic: job.kind };
      }
      case 'likes': {
        const taken = await repo.takeItems(userId, 'likes', job.articleId, now(), tx);
        const items = taken.filter((item) => !blocked.has(item.actorId ?? 0));
        await repo.setLikeWindow(
          userId,
          job.articleId,
          { lastSentAt: now(), scheduledAt: null },
          tx,
        );
        const article = await repo.article(job.articleId, tx);
        if (!article || items.length === 0 || !wanted('like')) return null;
        const actorIds = [...new Set(items.map((item) => item.actorId ?? 0))];
        const actors = await Promise.all(actorIds.map((id) => name(id, tx)));
        return {
          what: { kind: 'likes', actors, title: article.title, url: articleUrl(job.articleId) },
          topic: 'like',
        };
      }
      case 'daily': {
        const taken = await repo.takeItems(userId, 'daily', null, now(), tx);
        const shown = await repo.visibleComments(
          taken.flatMap((item) => (item.commentId == null ? [] : [item.commentId])),
          tx,
        );
        const items = taken.filter(
          (item) =>
            !blocked.has(item.actorId ?? 0) &&
            (item.commentId == null || shown.has(item.commentId)),
        );
        const titles = await repo.articleTitles(
          items.flatMap((item) => (item.articleId == null ? [] : [item.articleId])),
          tx,
        );
        const seen = new Set<string>();
        const lines: { title: string; url: string; note: string }[] = [];
        for (const item of items) {
          const once = `${item.kind}:${item.actorId}:${item.articleId}:${item.blogId}`;
          if (seen.has(once) || !wanted(item.kind as EmailKind)) continue;
          seen.add(once);
          const title =
            item.articleId != null
              ? titles.get(item.articleId)
              : item.blogId != null
                ? await repo.blogName(item.blogId, tx)
                : undefined;
          if (title === undefined) continue;
          const actor = await name(item.actorId ?? 0, tx);
          const url =
            item.articleId != null ? articleUrl(item.articleId) : blogUrl(item.blogId ?? 0);
          const language = settings.language === 'ko' ? 'ko' : 'en';
          lines.push({
            title: digestLine({ kind: item.kind, actor, title }, language),
            url,
            note: '',
          });
        }
        return lines.length > 0 ? { what: { kind: 'daily', lines }, topic: 'daily' } : null;
      }
      case 'weekly': {
        if (!settings.weeklyDigest) return null;
        const found = await repo.followedSince(userId, new Date(job.since), [...blocked], tx);
        if (found.length === 0) return null;
        const articles = found.map((article) => ({ ...article, url: articleUrl(article.id) }));
        return { what: { kind: 'weekly', articles }, topic: 'weekly' };
      }
      case 'verify': {
        const token = tokens.sign(
          { purpose: 'verify', userId, address: job.address },
          VERIFY_TTL_MS,
        );
        const url = `${publicUrl}/api/email/verify?token=${token}`;
        return { what: { kind: 'verify', address: job.address, url }, topic: null };
      }
    }
  }

  return async function send(
    event: OutboxEventMap['email.send'],
    { tx }: DeliveryContext,
  ): Promise<void> {
    const settings = await repo.settings(event.userId, tx);
    const to =
      event.email.kind === 'verify' ? event.email.address : settings && addressOf(settings);
    if (!settings || !to) return;
    // A suspended account hears nothing (what was held back is not sent later either).
    if (await repo.isSuspended(event.userId, now(), tx)) return;
    if (!(await repo.claimSent(event.key, event.userId, tx))) return;
    const found = await what(event.userId, settings, event.email, tx);
    if (!found) return;
    const unsubscribeUrl = found.topic
      ? `${publicUrl}/api/email/unsubscribe?token=${tokens.sign(
          { purpose: 'unsubscribe', userId: event.userId, topic: found.topic },
          UNSUBSCRIBE_TTL_MS,
        )}`
      : undefined;
    const content = composeEmail(found.what, settings.language === 'ko' ? 'ko' : 'en', {
      siteName: 'Repolog',
      siteUrl: publicUrl,
      preferencesUrl: `${publicUrl}/settings#email`,
      ...(unsubscribeUrl ? { unsubscribeUrl } : {}),
    });
    await deps.sender.send(
      {
        to,
        subject: content.subject,
        html: await renderHtml(content),
        text: renderText(content),
        key: event.key,
        ...(unsubscribeUrl ? { unsubscribeUrl } : {}),
      },
      tx,
    );
  };
}
