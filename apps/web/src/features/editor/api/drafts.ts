import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message } from '@repolog/contract/common';
import type {
  CreateDraft,
  Draft,
  DraftConflict,
  DraftSummary,
  PublishedDraft,
  SaveDraft,
} from '@repolog/contract/drafts';
import { ApiError, api } from '../../../lib/api-client';
import { markReadsStale } from '../../../lib/stale-reads';
import { draftPaths } from './draft-paths';

/**
 * Browsers cap what requests that outlive the page may carry (64 KB in all); a longer body is
 * sent as a plain request, which the page's closing may cut short (the leave warning covers it).
 */
const KEEPALIVE_MAX_BYTES = 60_000;
const keepalive = (body: object) =>
  new TextEncoder().encode(JSON.stringify(body)).length < KEEPALIVE_MAX_BYTES;

/** GET /api/blog/{blogId}/drafts — members only. */
export const getBlogDrafts = (blogId: number, signal?: AbortSignal) =>
  api<DraftSummary[]>(draftPaths.ofBlog(blogId), { signal });

export const blogDraftsQuery = (blogId: number) =>
  queryOptions({
    queryKey: ['drafts', 'blog', blogId],
    queryFn: ({ signal }) => getBlogDrafts(blogId, signal),
    // Drafts change under the writer's hands: each page that lists them asks again.
    staleTime: 0,
  });

/** GET /api/draft/{draftId} */
export const getDraft = (draftId: number, signal?: AbortSignal) =>
  api<Draft>(draftPaths.one(draftId), { signal });

export const draftQuery = (draftId: number) =>
  queryOptions({
    queryKey: ['drafts', 'detail', draftId],
    queryFn: ({ signal }) => getDraft(draftId, signal),
    staleTime: 0,
  });

/** POST /api/blog/{blogId}/drafts (409 when the breakthrough already has a pending edit). */
export const createDraft = (blogId: number, body: CreateDraft) =>
  api<Draft>(draftPaths.ofBlog(blogId), { method: 'POST', body, keepalive: keepalive(body) });

/** PUT /api/draft/{draftId} (409 with the current draft when `version` is stale). */
export const saveDraft = (draftId: number, body: SaveDraft) =>
  api<Draft>(draftPaths.one(draftId), { method: 'PUT', body, keepalive: keepalive(body) });

/** DELETE /api/draft/{draftId} */
export const deleteDraft = (draftId: number) =>
  api<Message>(draftPaths.one(draftId), { method: 'DELETE' });

/** POST /api/draft/{draftId}/publish */
export const publishDraft = (draftId: number, version: number) =>
  api<PublishedDraft>(`/api/draft/${draftId}/publish`, { method: 'POST', body: { version } });

/** The current draft a 409 carried, when the failure is one. */
export function conflictOf(error: unknown): Draft | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.body as Partial<DraftConflict> | undefined;
  return body?.draft ?? null;
}

/** Autosave's writes: create the draft at the first change, then save it version by version. */
export function useDraftWrites() {
  const client = useQueryClient();
  const onSaved = (draft: Draft) => {
    client.setQueryData(draftQuery(draft.draftId).queryKey, draft);
    void client.invalidateQueries({
      queryKey: blogDraftsQuery(draft.blogId).queryKey,
      refetchType: 'none',
    });
  };
  const create = useMutation({
    mutationFn: ({ blogId, body }: { blogId: number; body: CreateDraft }) =>
      createDraft(blogId, body),
    onSuccess: onSaved,
  });
  const save = useMutation({
    mutationFn: ({ draftId, body }: { draftId: number; body: SaveDraft }) =>
      saveDraft(draftId, body),
    onSuccess: onSaved,
  });
  return { create, save };
}

/**
 * A published draft became (or changed) a breakthrough that other features show: mark
 * everything but the session stale, so each page refetches when it mounts.
 */
export function usePublishDraft() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ draftId, version }: { draftId: number; version: number }) =>
      publishDraft(draftId, version),
    onSuccess: () => markReadsStale(client),
  });
}

export function useDeleteDraft() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ draftId }: { draftId: number; blogId: number }) => deleteDraft(draftId),
    onSuccess: (_message, { draftId, blogId }) => {
      client.removeQueries({ queryKey: draftQuery(draftId).queryKey });
      return client.invalidateQueries({ queryKey: blogDraftsQuery(blogId).queryKey });
    },
  });
}
