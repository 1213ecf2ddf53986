import { formatMessage } from '@repolog/contract/messages';
import type { Actor } from '@repolog/contract/permissions';
import type { BlockedUser, ReportInput, ReportCreated } from '@repolog/contract/safety';
import { badRequest, conflict, notFound } from '../errors.js';
import type { SafetyRepository } from './safety.repository.js';

/** Reports by readers, and their private blocks. */
export function reportsService(deps: { repo: SafetyRepository }) {
  const { repo } = deps;

  async function person(login: string) {
    const user = await repo.findUserByLogin(login);
    if (!user) throw notFound('users.notFound', { login });
    return user;
  }

  return {
    async report(actor: Actor, input: ReportInput): Promise<ReportCreated> {
      const { targetType, targetId } = input;
      const target = await repo.ownerOf(targetType, targetId);
      if (!target) throw notFound('reports.targetNotFound', { targetType, targetId });
      if (target.ownerId === actor.userId) throw badRequest('reports.self');
      if (await repo.hasOpenReport(actor.userId, targetType, targetId)) {
        throw conflict('reports.duplicate');
      }
      const reportId = await repo.insertReport({
        reporterId: actor.userId,
        targetType,
        targetId: targetId,
        reason: input.reason,
        text: input.text || null,
      });
      return { reportId, message: formatMessage({ key: 'reports.received', params: {} }) };
    },

    async blocks(actor: Actor): Promise<BlockedUser[]> {
      return (await repo.blocksOf(actor.userId)).map((row) => ({
        ...row,
        date: row.date.toISOString(),
      }));
    },

    async block(actor: Actor, login: string): Promise<string> {
      const user = await person(login);
      if (user.id === actor.userId) throw badRequest('blocks.self');
      await repo.block(actor.userId, user.id);
      // Comment threads are shared; folding is worked out per reader, so nothing to drop.
      return user.userName;
    },

    async unblock(actor: Actor, login: string): Promise<string> {
      const user = await person(login);
      await repo.unblock(actor.userId, user.id);
      return user.userName;
    },
  };
}

export type ReportsService = ReturnType<typeof reportsService>;
