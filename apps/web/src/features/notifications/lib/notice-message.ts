import { NOTICE_TYPES } from '@repolog/contract/constants';
import type { Notice } from '@repolog/contract/notifications';

/** The message of spec §2 for one notification; other types fall back to a generic line. */
export function noticeMessage(notice: Notice): string {
  const who = notice.instigator;
  switch (notice.type) {
    case NOTICE_TYPES.invitation:
      return `${who} invited you to join the blog '${notice.blogName ?? ''}'.`;
    case NOTICE_TYPES.favorited:
      return `${who} added blog '${notice.blogName ?? ''}' to their favorites.`;
    case NOTICE_TYPES.liked:
      return `${who} liked your article '${notice.articleTitle ?? ''}'.`;
    case NOTICE_TYPES.comment:
      return `${who} commented on your article '${notice.articleTitle ?? ''}'.`;
    default:
      return `${who} sent you a new notification`;
  }
}

/**
 * The message split where the instigator's name ends (the name links to their profile): the
 * name, a space and the rest are exactly noticeMessage's text.
 */
export function noticeParts(notice: Notice): { who: string; rest: string } {
  const message = noticeMessage(notice);
  return { who: notice.instigator, rest: message.slice(notice.instigator.length).trimStart() };
}

/** Where clicking a notification goes; undefined for types that do nothing. */
export function noticeTarget(notice: Notice): string | undefined {
  const related = notice.relatedId;
  switch (notice.type) {
    case NOTICE_TYPES.invitation:
    case NOTICE_TYPES.favorited:
      return 'blogId' in related ? `/blog/${related.blogId}` : undefined;
    case NOTICE_TYPES.liked:
    case NOTICE_TYPES.comment:
      return 'articleId' in related ? `/breakthrough/${related.articleId}` : undefined;
    default:
      return undefined;
  }
}
