import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AuditEntry,
  BlockedUser,
  ModerationActionInput,
  ReportGroup,
} from '@repolog/contract/safety';
import { api } from '../../../lib/api-client';
import { adminPaths } from './admin-paths';

/** The key factory of safety's reads: the moderators' queue and log, the reader's blocks. */
export const safetyKeys = {
  all: ['safety'] as const,
  queue: () => [...safetyKeys.all, 'queue'] as const,
  audit: () => [...safetyKeys.all, 'audit'] as const,
  blocks: (viewer: number | null) => [...safetyKeys.all, 'blocks', { viewer }] as const,
};

/** GET /api/admin/reports: open reports grouped by target (moderators). */
export const reportQueueQuery = () =>
  queryOptions({
    queryKey: safetyKeys.queue(),
    queryFn: ({ signal }) => api<ReportGroup[]>(adminPaths.reports, { signal }),
    retry: false,
  });

/** GET /api/admin/audit: the moderators' actions, newest first. */
export const auditQuery = () =>
  queryOptions({
    queryKey: safetyKeys.audit(),
    queryFn: ({ signal }) => api<AuditEntry[]>(adminPaths.audit, { signal }),
    retry: false,
  });

/** GET /api/blocks: the people the reader blocked. */
export const blocksQuery = (viewer: number | null) =>
  queryOptions({
    queryKey: safetyKeys.blocks(viewer),
    queryFn: ({ signal }) => api<BlockedUser[]>('/api/blocks', { signal }),
    enabled: viewer !== null,
  });

/** POST /api/admin/actions; the queue and the log load again. */
export function useModerationAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ModerationActionInput) =>
      api<{ message: string }>('/api/admin/actions', { method: 'POST', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: safetyKeys.all }),
  });
}

/** PUT or DELETE /api/blocks/{login}; the reader's list loads again. */
export function useBlock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ login, block }: { login: string; block: boolean }) =>
      api<{ message: string }>(`/api/blocks/${encodeURIComponent(login)}`, {
        method: block ? 'PUT' : 'DELETE',
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: safetyKeys.all }),
  });
}
