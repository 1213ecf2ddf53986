import type { Draft, DraftSummary } from '@repolog/contract/drafts';
import type { DraftRow, DraftSummaryRow } from './drafts.repository.js';

/** Shown as whoever saved a draft last when that account was deleted. */
export const DELETED_USER = 'deleted user';

export function presentDraftSummary(row: DraftSummaryRow, editingNow: string[]): DraftSummary {
  return {
    ...presentDraftFields(row),
    editingNow,
  };
}

function presentDraftFields(row: DraftSummaryRow): Omit<DraftSummary, 'editingNow'> {
  return {
    draftId: row.id,
    blogId: row.blogId,
    articleId: row.articleId,
    title: row.title,
    version: row.version,
    creatorId: row.creatorId,
    creatorName: row.creatorName,
    updatedById: row.updatedById,
    updatedByName: row.updatedByName ?? DELETED_USER,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentDraft(row: DraftRow): Draft {
  return {
    ...presentDraftFields(row),
    content: row.content,
    about: row.about,
    problem: row.problem,
    solution: row.solution,
    problemRef: row.problemRef,
    solutionRef: row.solutionRef,
    tags: row.tags,
  };
}
