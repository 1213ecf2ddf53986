import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { emailDelivery } from './email-delivery.js';
import { emailDigests, type EmailDigests } from './email-digests.js';
import { emailEnqueue } from './email-enqueue.js';
import { emailTokens } from './email-tokens.js';
import { mailboxSender, smtpSender, type MailSender } from './email-transport.js';
import { emailRepository } from './email.repository.js';
import { registerEmailRoutes } from './email.routes.js';
import { emailService, type EmailService } from './email.service.js';
import { registerMailboxRoutes } from './mailbox.routes.js';

const DIGEST_TICK_MS = 5 * 60 * 1000;

/**
 * Email (issue 24): the owner's settings, emails for notifications through the outbox (sent
 * once each, in the recipient's language), the daily and weekly digests, and in demo mode
 * without SMTP the /__mail mailbox. With email off nothing is written or sent.
 */
export function registerEmailModule(
  app: FastifyInstance,
  deps: AppDeps,
): { service: EmailService; digests: EmailDigests } {
  const { config } = deps;
  const repo = emailRepository(deps.db);
  const tokens = emailTokens(config.secret);
  const service = emailService({
    repo,
    outbox: deps.outbox,
    tokens,
    delivery: config.email.delivery,
  });
  const digests = emailDigests({
    repo,
    outbox: deps.outbox,
    onError: (error) => app.log.error({ err: error }, 'starting an email digest failed'),
  });
  registerEmailRoutes(app, service);
  if (config.email.delivery === 'off') return { service, digests };

  // user:email: the primary verified address, even when the profile shows none.
  deps.signIns.push(async ({ userId, githubToken, language }) => {
    await service.rememberSignIn(userId, await deps.github.getPrimaryEmail(githubToken), language);
  });

  const sender: MailSender =
    config.email.delivery === 'smtp' && config.email.smtpUrl
      ? smtpSender({
          url: config.email.smtpUrl,
          from: config.email.from,
          publicUrl: config.publicUrl,
        })
      : mailboxSender(repo);
  if (config.email.delivery === 'mailbox') registerMailboxRoutes(app, repo);

  const enqueue = emailEnqueue({
    repo,
    outbox: deps.outbox,
    memberships: deps.memberships,
    safety: deps.safety,
  });
  deps.outbox.handle('comment.created', (event, delivery) =>
    enqueue.onCommentCreated(event, delivery),
  );
  deps.outbox.handle('blog.membersAdded', (event, delivery) =>
    enqueue.onMembersAdded(event, delivery),
  );
  deps.outbox.handle('blog.favorited', (event, delivery) => enqueue.onFavorited(event, delivery));
  deps.outbox.handle('article.liked', (event, delivery) => enqueue.onLiked(event, delivery));
  deps.outbox.handle(
    'email.send',
    emailDelivery({ repo, sender, tokens, publicUrl: config.publicUrl, safety: deps.safety }),
  );
  deps.outbox.handle('email.digest', (event, delivery) => digests.onDigest(event, delivery));

  if (config.email.digests) digests.start(DIGEST_TICK_MS);
  deps.onClose(() => {
    digests.stop();
    sender.close();
  });
  return { service, digests };
}
