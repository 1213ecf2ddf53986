import type { DeliveryContext, Outbox, OutboxEventMap } from '../outbox/outbox.public.js';
import type { EmailRepository } from './email.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** ISO 8601 week of a date, as "2026-W48" (UTC). */
export function isoWeek(date: Date): string {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / DAY_MS + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/**
 * The daily and weekly digests. Every instance ticks (at start, then every few minutes); a
 * tick claims the period's row (`email_periods`, primary key: the UTC day or ISO week) and, in
 * the same transaction, writes the period's `email.digest` outbox event — so whichever instance
 * comes first starts it, exactly once. Its delivery writes one `email.send` per reader, keyed
 * by reader and period.
 */
export function emailDigests(deps: {
  repo: EmailRepository;
  outbox: Pick<Outbox, 'add' | 'deliver'>;
  onError: (error: unknown) => void;
}) {
  const { repo, outbox } = deps;

  async function claim(period: 'daily' | 'weekly', key: string, since: Date): Promise<number[]> {
    return repo.transaction(async (tx) => {
      if (!(await repo.claimPeriod(`${period}:${key}`, tx))) return [];
      return [await outbox.add(tx, 'email.digest', { period, key, since: since.toISOString() })];
    });
  }

  let timer: NodeJS.Timeout | undefined;

  const digests = {
    /** Starts the periods `at` falls in that no instance has started yet. */
    async tick(at: Date = new Date()): Promise<void> {
      const ids = [
        ...(await claim('daily', at.toISOString().slice(0, 10), new Date(at.getTime() - DAY_MS))),
        ...(await claim('weekly', isoWeek(at), new Date(at.getTime() - 7 * DAY_MS))),
      ];
      await outbox.deliver(ids);
    },

    /** The `email.digest` handler: one email per reader with something to read. */
    async onDigest(event: OutboxEventMap['email.digest'], { tx }: DeliveryContext) {
      const readers =
        event.period === 'daily'
          ? await repo.usersWithItems('daily', tx)
          : await repo.weeklyReaders(new Date(event.since), tx);
      const ids: number[] = [];
      for (const userId of readers) {
        ids.push(
          await outbox.add(tx, 'email.send', {
            key: `${event.period}:${userId}:${event.key}`,
            userId,
            email:
              event.period === 'daily' ? { kind: 'daily' } : { kind: 'weekly', since: event.since },
          }),
        );
      }
      return ids.length > 0 ? () => void outbox.deliver(ids) : undefined;
    },

    start(everyMs: number): void {
      const run = () => void digests.tick().catch(deps.onError);
      run();
      timer = setInterval(run, everyMs);
      timer.unref();
    },

    stop(): void {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
  return digests;
}

export type EmailDigests = ReturnType<typeof emailDigests>;
