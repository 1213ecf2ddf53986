import {
  EMAIL_KINDS,
  type EmailChoice,
  type EmailDelivery,
  type EmailKind,
} from '@repolog/contract/constants';
import type { EmailSettings, EmailSettingsUpdate } from '@repolog/contract/email';
import type { UiLanguage } from '@repolog/contract/locale';
import type { Actor } from '@repolog/contract/permissions';
import { AppError, badRequest } from '../errors.js';
import type { Outbox } from '../outbox/outbox.public.js';
import { choiceOf } from './email-enqueue.js';
import { VERIFY_TTL_MS, type EmailTokens } from './email-tokens.js';
import { isSafeAddress } from './email-transport.js';
import type { EmailRepository, SettingsRow } from './email.repository.js';

/** Address changes a person may ask for per day. */
export const ADDRESS_CHANGES_PER_DAY = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

const EMPTY: Pick<SettingsRow, 'preferences' | 'address' | 'githubAddress' | 'weeklyDigest'> = {
  preferences: {},
  address: null,
  githubAddress: null,
  weeklyDigest: true,
};

/** A person's own email settings: address, preferences, and the signed links' effects. */
export function emailService(deps: {
  repo: EmailRepository;
  outbox: Pick<Outbox, 'add' | 'deliver'>;
  tokens: EmailTokens;
  delivery: EmailDelivery;
  now?: () => Date;
}) {
  const { repo, tokens } = deps;
  const now = deps.now ?? (() => new Date());

  async function read(userId: number): Promise<EmailSettings> {
    const row = (await repo.settings(userId)) ?? EMPTY;
    return {
      delivery: deps.delivery,
      address: row.address ?? row.githubAddress,
      githubAddress: row.githubAddress,
      pendingAddress: await repo.pendingAddress(userId, new Date(now().getTime() - VERIFY_TTL_MS)),
      preferences: Object.fromEntries(
        EMAIL_KINDS.map((kind) => [kind, choiceOf(row, kind)]),
      ) as Record<EmailKind, EmailChoice>,
      weeklyDigest: row.weeklyDigest,
    };
  }

  return {
    settings: (actor: Actor) => read(actor.userId),

    async update(actor: Actor, input: EmailSettingsUpdate): Promise<EmailSettings> {
      await repo.transaction(async (tx) => {
        const row = await repo.settings(actor.userId, tx);
        await repo.saveSettings(
          actor.userId,
          {
            ...(input.preferences
              ? { preferences: { ...(row?.preferences as object), ...input.preferences } }
              : {}),
            ...(input.weeklyDigest === undefined ? {} : { weeklyDigest: input.weeklyDigest }),
            ...(input.language ? { language: input.language } : {}),
          },
          tx,
        );
      });
      return read(actor.userId);
    },

    /** Sends a signed link to another address; the address is used once it is followed. */
    async requestAddress(actor: Actor, address: string): Promise<EmailSettings> {
      if (deps.delivery === 'off') throw badRequest('mail.off');
      if (!isSafeAddress(address)) throw badRequest('mail.badAddress');
      const since = new Date(now().getTime() - DAY_MS);
      if ((await repo.countAddressRequestsSince(actor.userId, since)) >= ADDRESS_CHANGES_PER_DAY) {
        throw new AppError('rate_limited', 'mail.addressLimit', {
          count: ADDRESS_CHANGES_PER_DAY,
        });
      }
      const at = now();
      const id = await repo.transaction(async (tx) => {
        await repo.saveSettings(actor.userId, {}, tx);
        await repo.addAddressRequest(actor.userId, address, at, tx);
        return deps.outbox.add(tx, 'email.send', {
          key: `verify:${actor.userId}:${at.getTime()}:${address}`,
          userId: actor.userId,
          email: { kind: 'verify', address },
        });
      });
      await deps.outbox.deliver([id]);
      return read(actor.userId);
    },

    /** Follows a confirmation link: only its own account may, signed in or not. */
    async verify(token: string, actor: Actor | null): Promise<void> {
      const claim = tokens.verify(token, 'verify');
      if (actor && actor.userId !== claim.userId) {
        throw new AppError('forbidden', 'mail.tokenOtherUser');
      }
      await repo.transaction(async (tx) => {
        await repo.saveSettings(claim.userId, { address: claim.address }, tx);
        await repo.markAddressVerified(claim.userId, claim.address, now(), tx);
      });
    },

    /** RFC 8058 one-click: turns off what the email's link names. */
    async unsubscribe(token: string): Promise<void> {
      const claim = tokens.verify(token, 'unsubscribe');
      await repo.transaction(async (tx) => {
        const row = await repo.settings(claim.userId, tx);
        if (!row) return;
        if (claim.topic === 'weekly') {
          await repo.saveSettings(claim.userId, { weeklyDigest: false }, tx);
          return;
        }
        const kinds =
          claim.topic === 'daily'
            ? EMAIL_KINDS.filter((kind) => choiceOf(row, kind) === 'daily')
            : [claim.topic];
        const preferences = { ...(row.preferences as object) } as Record<string, EmailChoice>;
        for (const kind of kinds) preferences[kind] = 'never';
        await repo.saveSettings(claim.userId, { preferences }, tx);
      });
    },

    /** At sign-in: GitHub's primary verified address and the interface language. */
    async rememberSignIn(userId: number, githubAddress: string | null, language: UiLanguage) {
      const address = githubAddress && isSafeAddress(githubAddress) ? githubAddress : null;
      await repo.saveSettings(userId, { githubAddress: address, language });
    },
  };
}

export type EmailService = ReturnType<typeof emailService>;
