import type { Revision, RevisionSummary } from '@repolog/contract/revisions';
import { DELETED_USER } from './articles.presenter.js';
import type { RevisionRow, RevisionSummaryRow } from './revisions.repository.js';

export function presentRevisionSummary(row: RevisionSummaryRow): RevisionSummary {
  return {
    revisionId: row.id,
    number: Number(row.number),
    userId: row.editorId,
    userName: row.editorName ?? DELETED_USER,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentRevision(row: RevisionRow): Revision {
  return {
    ...presentRevisionSummary(row),
    title: row.title,
    content: row.content,
    about: row.about,
    problem: row.problem,
    solution: row.solution,
  };
}
