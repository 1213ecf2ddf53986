/**
 * Plain values shared by web and server. This file imports nothing, so the web app can use
 * it without pulling zod into the browser bundle (the web imports only types from the
 * schema files).
 */

/** Where the browser goes to start a GitHub login. */
export const AUTHORIZE_PATH = '/api/auth/github/authorize';

/**
 * A GitHub login as GitHub allows it: letters, digits, single hyphens, up to 39 characters.
 * Here (not in users.ts) so the web app can check a profile address without zod.
 */
export const GITHUB_LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;

/** Spec §9: the official notice-board blog and the two developer blogs it shows. */
export const OFFICIAL_BLOG_ID = 39;
export const DEVELOPER_BLOG_IDS = [32, 38] as const;
/** The home carousel's third slide links to this article. */
export const BANNER_ARTICLE_ID = 25;

/** Articles listed on a blog page (page 1 only). */
export const BLOG_PAGE_ARTICLES = 15;
/** Breakthrough list and liked list page size. */
export const LIST_PAGE_SIZE = 10;
/**
 * The breakthrough list's orders (`?sort=`): newest first (the default) or most liked first,
 * then newest.
 */
export const LIST_SORTS = ['latest', 'likes'] as const;
export type ListSort = (typeof LIST_SORTS)[number];
export const DEFAULT_LIST_SORT: ListSort = 'latest';
/** Home top lists. */
export const HOME_TOP = 10;
/** Repository activity entries shown on a blog page. */
export const ACTIVITY_SHOWN = 8;
/** Notification panel items; the /notification page size. */
export const PANEL_SIZE = 4;
export const NOTICE_PAGE_SIZE = 10;

/** A list without `page` returns at most this many rows; a Link header points at the rest. */
export const ALL_CAP = 1000;
export const DEFAULT_PAGE_SIZE = 10;

/** The spec's notification type names (Korean, as the spec writes them). */
export const NOTICE_TYPES = {
  invitation: '블로그 초대',
  favorited: '블로그 즐겨찾기',
  liked: '글 좋아요',
  comment: '새로운 댓글',
  /** A merged pull request left a draft (issue 20). */
  pullDraft: 'PR 초안',
} as const;
export type NoticeType = (typeof NOTICE_TYPES)[keyof typeof NOTICE_TYPES];

/** Server-Sent Event names on GET /api/notice/stream. */
export const NOTICE_STREAM_EVENTS = { notice: 'notice', count: 'count' } as const;

/**
 * Header set when repository activity is not fresh: 'stale' (a cached copy, because GitHub
 * is slow, down or rate-limited) or 'unavailable' (nothing cached: an empty list).
 */
export const ACTIVITY_STATUS_HEADER = 'x-repolog-activity-status';
/** The human-readable explanation that goes with ACTIVITY_STATUS_HEADER (English, URL-encoded). */
export const ACTIVITY_MESSAGE_HEADER = 'x-repolog-activity-message';
/** The same explanation as a message, `{key, params}` (./messages), in URL-encoded JSON. */
export const ACTIVITY_NOTICE_HEADER = 'x-repolog-activity-notice';

/** The image formats an upload may be (decided from the file's bytes). Stored images are WebP. */
export const ACCEPTED_IMAGE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
] as const;
/** Where stored images are served: MEDIA_PATH + '{sha256 hex}.webp'. */
export const MEDIA_PATH = '/media/';
/** The multipart field POST /api/media reads the image from. */
export const MEDIA_UPLOAD_FIELD = 'file';

/** Orders of full-text search results (GET /api/search, /search). */
export const SEARCH_SORTS = ['relevance', 'newest', 'likes'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** Results per page of full-text search. */
export const SEARCH_PAGE_SIZE = 10;

/** Longest full-text search query, in characters (code points). */
export const SEARCH_QUERY_MAX = 200;

/**
 * Matches a search counts before it stops (the answer then says `totalIsLowerBound`): counting
 * every match of a common word would cost as much as the corpus is large.
 */
export const SEARCH_TOTAL_CAP = 1000;

/** Reports and moderation (safety.ts): what may be reported, why, and what moderators do. */
export const REPORT_TARGETS = ['article', 'comment', 'user'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];
export const REPORT_REASONS = ['spam', 'harassment', 'off-topic', 'illegal', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const MODERATION_ACTIONS = [
  'hide',
  'restore',
  'delete',
  'dismiss',
  'suspend',
  'unsuspend',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
export const REPORT_TEXT_MAX = 1000;
export const MODERATION_REASON_MAX = 1000;

/** Kinds of notification a person may get by email; a kind added later joins this list. */
export const EMAIL_KINDS = ['invitation', 'comment', 'like', 'favorite'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];
/** When an email kind is sent: at once, in the daily digest, or not at all. */
export const EMAIL_CHOICES = ['immediately', 'daily', 'never'] as const;
export type EmailChoice = (typeof EMAIL_CHOICES)[number];
export const EMAIL_DEFAULTS: Readonly<Record<EmailKind, EmailChoice>> = {
  invitation: 'immediately',
  comment: 'immediately',
  like: 'daily',
  favorite: 'daily',
};
/** How this server sends email: SMTP, the demo's in-app mailbox (/__mail), or not at all. */
export const EMAIL_DELIVERY = ['smtp', 'mailbox', 'off'] as const;
export type EmailDelivery = (typeof EMAIL_DELIVERY)[number];
