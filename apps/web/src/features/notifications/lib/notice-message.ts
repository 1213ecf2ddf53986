import { NOTICE_TYPES } from '@repolog/contract/constants';
import type { Notice } from '@repolog/contract/notifications';
import { i18n, params } from '../../../i18n';

/** The notifications' texts: every one starts with the instigator's name (see noticeParts). */
export const noticeMessages = i18n('noticeMessage', {
  invitation: params("{who} invited you to join the blog '{blog}'."),
  favorited: params("{who} added blog '{blog}' to their favorites."),
  liked: params("{who} liked your article '{title}'."),
  comment: params("{who} commented on your article '{title}'."),
  pullDraft: params("{who}'s pull request #{n} was merged: a draft is waiting."),
  other: params('{who} sent you a new notification'),
});

export type NoticeTexts = ReturnType<typeof noticeMessages.get>;

/**
 * The message of spec §2 for one notification; other types fall back to a generic line. A
 * component passes the texts it reads with useMessages (so it re-renders on a language switch).
 */
export function noticeMessage(notice: Notice, t: NoticeTexts = noticeMessages.get()): string {
  const who = notice.instigator;
  const blog = notice.blogName ?? '';
  const title = notice.articleTitle ?? '';
  switch (notice.type) {
    case NOTICE_TYPES.invitation:
      return t.invitation({ who, blog });
    case NOTICE_TYPES.favorited:
      return t.favorited({ who, blog });
    case NOTICE_TYPES.liked:
      return t.liked({ who, title });
    case NOTICE_TYPES.comment:
      return t.comment({ who, title });
    case NOTICE_TYPES.pullDraft:
      return 'pullNumber' in notice.relatedId
        ? t.pullDraft({ who, n: notice.relatedId.pullNumber })
        : t.other({ who });
    default:
      return t.other({ who });
  }
}

/**
 * The message split where the instigator's name ends (the name links to their profile): the
 * name, a space when the message has one there ("dana-kim commented…", not "dana-kim's pull
 * request…") and the rest are exactly noticeMessage's text.
 */
export function noticeParts(
  notice: Notice,
  t: NoticeTexts = noticeMessages.get(),
): { who: string; spaced: boolean; rest: string } {
  const after = noticeMessage(notice, t).slice(notice.instigator.length);
  const rest = after.trimStart();
  return { who: notice.instigator, spaced: rest !== after, rest };
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
    case NOTICE_TYPES.pullDraft:
      return 'draftId' in related
        ? `/blog/${related.blogId}/breakthrough/write?draft=${related.draftId}`
        : undefined;
    default:
      return undefined;
  }
}
