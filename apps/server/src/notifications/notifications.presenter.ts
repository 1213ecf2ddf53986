import type { Notice } from '@repolog/contract/notifications';
import type { NoticeRow } from './notifications.repository.js';

/** A notification as its recipient sees it (DESIGN.md §4 item shape). */
export function presentNotice(row: NoticeRow): Notice {
  return {
    noticeId: row.id,
    type: row.type,
    instigator: row.instigator,
    relatedId:
      row.draftId !== null
        ? { draftId: row.draftId, blogId: row.blogId ?? 0, pullNumber: row.pullNumber ?? 0 }
        : row.articleId !== null
          ? { articleId: row.articleId }
          : { blogId: row.blogId ?? 0 },
    isViewed: row.isViewed,
    time: row.createdAt.toISOString(),
    blogName: row.blogName,
    articleTitle: row.articleTitle,
  };
}
