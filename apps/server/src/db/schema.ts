import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// Descending index columns are DESC NULLS FIRST, PostgreSQL's own meaning of DESC, so a plain
// ORDER BY ... DESC in a query can walk them (drizzle-kit would otherwise write NULLS LAST).
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Binary data: pg hands back a Buffer, PGlite a Uint8Array; both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A GitHub account known to Repolog. Rows are also created for contributors who were
 * added to a blog before they ever signed in (signed_up_at stays null until they do).
 */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    githubId: bigint('github_id', { mode: 'number' }).notNull(),
    userName: text('user_name').notNull(),
    displayName: text('display_name'),
    avatarUrl: text('avatar_url'),
    signedUpAt: timestamp('signed_up_at', { withTimezone: true }),
    /** When the GitHub account was created (new-account limits); null until it is known. */
    githubCreatedAt: timestamp('github_created_at', { withTimezone: true }),
    /** Whether it had a public repository or gist at its last sign-in; null until known. */
    githubPublicActivity: boolean('github_public_activity'),
    /** Suspended by a moderator: reads only. Until suspended_until, or for good when it is null. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_github_id_key').on(t.githubId),
    index('users_user_name_lower_idx').on(sql`lower(${t.userName})`),
  ],
);

/** The user's GitHub OAuth token, AES-256-GCM encrypted with a key derived from SECRET. */
export const githubTokens = pgTable('github_tokens', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  ciphertext: text('ciphertext').notNull(),
  scope: text('scope').notNull().default(''),
  updatedAt: updatedAt(),
});

/** One signed-in browser. Revoking it ends every access and refresh token of that login. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** Refresh tokens, stored as SHA-256 hashes; each is used once (rotation) within its session. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_session_id_idx').on(t.sessionId)],
);

export const blogs = pgTable(
  'blogs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    gitRepoUrl: text('git_repo_url').notNull(),
    /** Lower-cased "owner/name": one blog per repository. */
    repoKey: text('repo_key').notNull(),
    repoPrivate: boolean('repo_private').notNull().default(false),
    /** Kept exact by the favorite transaction, like articles.like_count (home ranking, blog page). */
    favCount: integer('fav_count').notNull().default(0),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('blogs_repo_key_key').on(t.repoKey),
    index('blogs_owner_id_idx').on(t.ownerId),
    index('blogs_fav_count_idx').on(
      t.favCount.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
    ),
  ],
);

export const blogMembers = pgTable(
  'blog_members',
  {
    blogId: integer('blog_id')
      .notNull()
      .references(() => blogs.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blogId, t.userId] }),
    index('blog_members_user_id_idx').on(t.userId),
  ],
);

export const articles = pgTable(
  'articles',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    blogId: integer('blog_id')
      .notNull()
      .references(() => blogs.id, { onDelete: 'cascade' }),
    /** Null once the author deleted their account; the article stays with the team. */
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /**
     * The body as sanitized HTML, rendered when it was written (never on a read); null until
     * the first render (rows inserted by seeds or older versions: the background pass fills it).
     */
    contentHtml: text('content_html'),
    /** The body as plain text, its first 1,000 characters (feeds, page descriptions). */
    contentText: text('content_text'),
    /** The markdown pipeline version that made content_html; 0 = not rendered yet. */
    renderVersion: integer('render_version').notNull().default(0),
    about: text('about'),
    problem: text('problem'),
    solution: text('solution'),
    /** Up to 4 tags, lowercase (rules in @repolog/contract/articles). */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The repository item the problem is about: `issue:12`, `pull:45`, `commit:<sha>`. */
    problemRef: text('problem_ref'),
    solutionRef: text('solution_ref'),
    /** Kept exact by the like transaction (insert-or-nothing, then +1/-1 in the same statement batch). */
    likeCount: integer('like_count').notNull().default(0),
    /**
     * The number of comments under it, shown on list cards. Kept exact by statement-level
     * triggers on comments (migration 0008), so every way a comment row comes or goes (a post,
     * a delete, an account deletion's cascade, a bulk seed) moves it in the same transaction.
     */
    commentCount: integer('comment_count').notNull().default(0),
    /** Hidden by a moderator: only its author sees it (with the reason); restorable as it was. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    /** Its blog's members closed its comments. */
    commentsLocked: boolean('comments_locked').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('articles_blog_id_created_idx').on(
      t.blogId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Both also INCLUDE (blog_id), which drizzle-kit cannot express: migration 0003 adds it by
    // hand, so the breakthrough lists (newest first, the official blog left out) read the
    // index alone.
    index('articles_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('articles_author_id_idx').on(t.authorId),
    index('articles_about_lower_idx').on(
      sql`lower(${t.about})`,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('articles_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
    // Most liked first (the home strip's fill and the list's ?sort=likes); it also INCLUDEs
    // (blog_id), by hand in migration 0008, so the whole list's order reads the index alone.
    index('articles_like_count_idx').on(
      t.likeCount.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The background re-render pass finds rows from older pipeline versions without a scan.
    index('articles_render_version_idx').on(t.renderVersion),
    index('articles_tags_idx').using('gin', t.tags),
  ],
);

/** The search index's text form: a tsvector literal written, read back as text. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * What a breakthrough is found by (search/): its analyzed words as a tsvector (weights A title,
 * B tags, C problem and solution, D body, blog name and author) and its plain text, which
 * snippets and quoted phrases are read from. Written with the article; rows missing or made by
 * an older analyzer are filled by the search feature's background pass.
 */
export const articleSearch = pgTable(
  'article_search',
  {
    articleId: integer('article_id')
      .primaryKey()
      .references(() => articles.id, { onDelete: 'cascade' }),
    document: tsvector('document').notNull(),
    /**
     * The document's title, tags, problem and solution alone (weights A–C): matches there are
     * ranked first, from this small column, without reading whole documents (0023).
     */
    head: tsvector('head').generatedAlwaysAs(sql`ts_filter(document, '{a,b,c}')`),
    text: text('text').notNull(),
    analyzerVersion: integer('analyzer_version').notNull(),
    /**
     * Whether it is listed, copied from the article by triggers (0024: when the document is
     * written, and when the article's blog or hidden state changes), so a search's count reads
     * no article rows.
     */
    blogId: integer('blog_id'),
    hidden: boolean('hidden').notNull().default(false),
  },
  (t) => [
    index('article_search_document_idx').using('gin', t.document),
    index('article_search_head_idx').using('gin', t.head),
    index('article_search_version_idx').on(t.analyzerVersion),
  ],
);

/**
 * Up to 5 breakthroughs shown at the end of one (search/related.ts): shared tags first, then
 * text similarity. Computed when the breakthrough is written (and by the search feature's
 * background pass for rows without one), never on a read.
 */
export const articleRelated = pgTable('article_related', {
  articleId: integer('article_id')
    .primaryKey()
    .references(() => articles.id, { onDelete: 'cascade' }),
  /** In the order shown; an id whose breakthrough went away is skipped when read. */
  relatedIds: integer('related_ids').array().notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A blog's ordered series of breakthroughs (series/): its members name and order it. */
export const series = pgTable(
  'series',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    blogId: integer('blog_id')
      .notNull()
      .references(() => blogs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('series_blog_id_idx').on(t.blogId, t.createdAt)],
);

/** The breakthroughs of a series, in order (a breakthrough belongs to one series at most). */
export const seriesArticles = pgTable(
  'series_articles',
  {
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    /** 1, 2, 3, … in reading order. */
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.seriesId, t.articleId] }),
    uniqueIndex('series_articles_article_id_key').on(t.articleId),
    index('series_articles_position_idx').on(t.seriesId, t.position),
  ],
);

export const likes = pgTable(
  'likes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.articleId] }),
    index('likes_article_created_idx').on(t.articleId, t.createdAt),
    index('likes_created_idx').on(t.createdAt),
    index('likes_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);

export const favorites = pgTable(
  'favorites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blogId: integer('blog_id')
      .notNull()
      .references(() => blogs.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.blogId] }),
    index('favorites_blog_created_idx').on(t.blogId, t.createdAt),
    index('favorites_created_idx').on(t.createdAt),
    index('favorites_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    /** Hidden by a moderator or a member of the blog: only its author sees it, with the reason. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    /** Held for approval ('links' or 'repeated'): only its author sees it until approved. */
    held: text('held'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('comments_article_id_idx').on(t.articleId, t.id),
    index('comments_article_created_idx').on(t.articleId, t.createdAt),
    index('comments_user_id_idx').on(t.userId),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    instigatorId: integer('instigator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The spec's Korean type names ('블로그 초대', '블로그 즐겨찾기', '글 좋아요', '새로운 댓글'). */
    type: text('type').notNull(),
    blogId: integer('blog_id').references(() => blogs.id, { onDelete: 'cascade' }),
    articleId: integer('article_id').references(() => articles.id, { onDelete: 'cascade' }),
    /** A new comment's notice names it: hidden or held, the notice is not shown. */
    commentId: integer('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    /** Set for events that must notify once per target (a like, a favorite); null otherwise. */
    dedupeKey: text('dedupe_key'),
    /** A draft a merged pull request left (the type 'PR 초안'), with the pull request's number. */
    draftId: integer('draft_id').references(() => drafts.id, { onDelete: 'cascade' }),
    pullNumber: integer('pull_number'),
    isViewed: boolean('is_viewed').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_recipient_created_idx').on(
      t.recipientId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('notifications_unread_idx')
      .on(t.recipientId)
      .where(sql`${t.isViewed} = false`),
    uniqueIndex('notifications_dedupe_key').on(t.recipientId, t.dedupeKey),
    index('notifications_instigator_id_idx').on(t.instigatorId),
    index('notifications_comment_id_idx')
      .on(t.commentId)
      .where(sql`${t.commentId} IS NOT NULL`),
    index('notifications_draft_id_idx').on(t.draftId),
  ],
);

/** Cached GitHub responses per repository and resource, revalidated with ETags. */
export const repoCache = pgTable(
  'repo_cache',
  {
    repoKey: text('repo_key').notNull(),
    resource: text('resource').notNull(),
    etag: text('etag'),
    payload: jsonb('payload').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.repoKey, t.resource] })],
);

/**
 * A breakthrough being written (article_id null) or a published one's pending edit (at most
 * one per article). Members of the blog see and save it; `version` moves by one on every save,
 * so a save based on an older version is refused instead of overwriting someone's work.
 */
export const drafts = pgTable(
  'drafts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    blogId: integer('blog_id')
      .notNull()
      .references(() => blogs.id, { onDelete: 'cascade' }),
    articleId: integer('article_id').references(() => articles.id, { onDelete: 'cascade' }),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    content: text('content').notNull().default(''),
    about: text('about'),
    problem: text('problem'),
    solution: text('solution'),
    /** The repository item the problem is about: `issue:12`, `pull:45`, `commit:<sha>`. */
    problemRef: text('problem_ref'),
    solutionRef: text('solution_ref'),
    /** The tags chosen so far (checked as a breakthrough's when it is posted). */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Null once whoever saved last deleted their account. */
    updatedById: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('drafts_blog_updated_idx').on(t.blogId, t.updatedAt.desc().nullsFirst()),
    uniqueIndex('drafts_article_id_key')
      .on(t.articleId)
      .where(sql`${t.articleId} is not null`),
    index('drafts_creator_id_idx').on(t.creatorId),
    index('drafts_updated_by_idx').on(t.updatedById),
  ],
);

/**
 * The live document of a draft (Yjs, DESIGN.md §7): every change a member's editor sent, in the
 * order the server accepted it, appended before anyone is told of it. Compaction folds old rows
 * into draft_docs.snapshot and deletes them.
 */
export const draftUpdates = pgTable(
  'draft_updates',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    draftId: integer('draft_id')
      .notNull()
      .references(() => drafts.id, { onDelete: 'cascade' }),
    /** Who sent it; null for the server's own (a form save applied to the document). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    update: bytea('update').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('draft_updates_draft_idx').on(t.draftId, t.id),
    index('draft_updates_user_idx').on(t.userId),
  ],
);

/** A draft's live document folded into one Yjs update (the rows of draft_updates it replaced). */
export const draftDocs = pgTable('draft_docs', {
  draftId: integer('draft_id')
    .primaryKey()
    .references(() => drafts.id, { onDelete: 'cascade' }),
  snapshot: bytea('snapshot').notNull(),
  updatedAt: updatedAt(),
});

/** Members who changed a draft: its co-authors once it is posted. */
export const draftEditors = pgTable(
  'draft_editors',
  {
    draftId: integer('draft_id')
      .notNull()
      .references(() => drafts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.draftId, t.userId] }),
    index('draft_editors_user_idx').on(t.userId),
  ],
);

/** Members who wrote a breakthrough with its author (they changed its draft); they may edit it. */
export const articleCoauthors = pgTable(
  'article_coauthors',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.userId] }),
    index('article_coauthors_user_idx').on(t.userId),
  ],
);

/** What a breakthrough said after each post and saved edit (who, when, the fields). */
export const articleRevisions = pgTable(
  'article_revisions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    /** Null once the editor deleted their account. */
    editorId: integer('editor_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    about: text('about'),
    problem: text('problem'),
    solution: text('solution'),
    createdAt: createdAt(),
  },
  (t) => [
    index('article_revisions_article_idx').on(t.articleId, t.id),
    index('article_revisions_editor_id_idx').on(t.editorId),
  ],
);

/**
 * Images in breakthrough bodies, content-addressed: `hash` is the SHA-256 of the stored WebP
 * and names it (/media/{hash}.webp), so every instance serves every image and a backup holds
 * them all. `source_hash` (the uploaded file's SHA-256) finds a re-upload before it is decoded.
 */
export const media = pgTable(
  'media',
  {
    hash: text('hash').primaryKey(),
    sourceHash: text('source_hash').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    size: integer('size').notNull(),
    /** The WebP bytes; null when they live in the object store (MEDIA_STORE=s3). */
    data: bytea('data'),
    /** Who first uploaded it; null once they deleted their account. */
    uploaderId: integer('uploader_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** The latest upload of these bytes: the orphan clean-up waits a day from here. */
    lastUploadedAt: timestamp('last_uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the clean-up last found it referenced; null until its first check. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('media_source_hash_key').on(t.sourceHash),
    index('media_sweep_idx').on(t.checkedAt.asc().nullsFirst(), t.lastUploadedAt),
  ],
);

/** Each accepted upload, for the per-user limits (uploads an hour, bytes in all). */
export const mediaUploads = pgTable(
  'media_uploads',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mediaHash: text('media_hash')
      .notNull()
      .references(() => media.hash, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('media_uploads_user_created_idx').on(t.userId, t.createdAt),
    index('media_uploads_media_hash_idx').on(t.mediaHash),
  ],
);

/**
 * Side effects that must survive a crash (notifications, their live push, cache sync): written
 * in the transaction of the action that causes them, delivered afterwards by the dispatcher
 * (outbox/), exactly once, with retries. Delivered rows are kept a week for inspection.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** The event's name, e.g. 'article.liked'. */
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Not tried again before this time (back-off after a failure). */
    availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Given up after too many attempts (kept for an operator to look at). */
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_pending_idx')
      .on(t.availableAt, t.id)
      .where(sql`${t.deliveredAt} IS NULL AND ${t.failedAt} IS NULL`),
    index('outbox_delivered_idx')
      .on(t.deliveredAt)
      .where(sql`${t.deliveredAt} IS NOT NULL`),
  ],
);

/**
 * Public pages rendered on the server (pages/page-store.ts), kept so that a reader at any
 * address gets the page with one query: stored when a page is first rendered, filled ahead by
 * a background pass, and rendered again after what it shows changes (`stale`, or a like count
 * that moved) or when a new build of the renderer is deployed (`build`).
 */
export const storedPages = pgTable(
  'stored_pages',
  {
    /** The page's path, e.g. /breakthrough/25 or /blog/32. */
    path: text('path').notNull(),
    /** The interface language it was rendered in. */
    language: text('language').notNull(),
    /** The renderer build that made it. */
    build: text('build').notNull(),
    status: integer('status').notNull(),
    /** The app's HTML, its dehydrated query cache, its route modules and shown islands. */
    html: text('html').notNull(),
    state: text('state'),
    modules: text('modules').array().notNull(),
    islands: text('islands').array().notNull(),
    /** Its meta tags (PageMeta as JSON). */
    meta: text('meta').notNull(),
    /** Which cached views it shows (pages/page-cache.ts tags): their changes make it stale. */
    tags: text('tags').array().notNull(),
    /** The breakthrough an article page shows, or the blog a blog page shows. */
    articleId: integer('article_id'),
    blogId: integer('blog_id'),
    /**
     * The counts it shows that no cache signal follows (likes, favorites, comment counts on a
     * blog's cards, its newest breakthroughs), as page-store.repository.ts writes them: a read
     * that finds them changed renders again.
     */
    watch: text('watch').notNull(),
    stale: boolean('stale').notNull().default(false),
    storedAt: timestamp('stored_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When it was last read, to the flush (page-store.ts keeps reads in memory and writes them
     * in batches): the store keeps the most recently read pages within its bounds.
     */
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.path, t.language] }),
    index('stored_pages_tags_idx').using('gin', t.tags),
    index('stored_pages_read_at_idx').on(t.readAt),
  ],
);

/** A report of a breakthrough, comment or user; one open report per reporter and target. */
export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'article' | 'comment' | 'user' */
    targetType: text('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    reason: text('reason').notNull(),
    text: text('text'),
    /** 'open', then 'actioned' or 'dismissed'. */
    status: text('status').notNull().default('open'),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reports_open_key')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index('reports_open_target_idx')
      .on(t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
  ],
);

/** The moderators' audit log: who did what to which target, when and why. Kept. */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    moderatorId: integer('moderator_id'),
    moderatorName: text('moderator_name').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    /** The person the target belongs to (the author, or the user), for their history. */
    targetUserId: integer('target_user_id'),
    reason: text('reason').notNull(),
    until: timestamp('until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('moderation_actions_created_idx').on(
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('moderation_actions_target_user_idx').on(t.targetUserId),
  ],
);

/** Private blocks: the blocked person cannot comment on, invite or notify the blocker. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('user_blocks_blocked_idx').on(t.blockedId),
  ],
);
// Email (email/).
const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A person's email settings (email/). The addresses are private: only the owner's own
 * settings call reads them. Deleting the account deletes the row, and so the addresses.
 */
export const emailSettings = pgTable('email_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The primary verified address GitHub gave at the last sign-in. */
  githubAddress: text('github_address'),
  /** Another address its owner confirmed by its link; used instead of GitHub's. */
  address: text('address'),
  language: text('language').notNull().default('en'),
  /** Kind -> 'immediately' | 'daily' | 'never'; a kind missing takes its default. */
  preferences: jsonb('preferences').notNull().default({}),
  weeklyDigest: boolean('weekly_digest').notNull().default(true),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** Asks to use another address (5 a day); `verifiedAt` once its link was followed. */
export const emailAddressRequests = pgTable(
  'email_address_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    requestedAt: at('requested_at').notNull().defaultNow(),
    verifiedAt: at('verified_at'),
  },
  (t) => [index('email_address_requests_user_idx').on(t.userId, t.requestedAt)],
);

/** Things to tell someone later: in the daily digest, or in a batch of likes. */
export const emailItems = pgTable(
  'email_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'daily' (the daily digest) or 'likes' (the hourly batch of one breakthrough's likes). */
    batch: text('batch').notNull(),
    kind: text('kind').notNull(),
    articleId: integer('article_id'),
    blogId: integer('blog_id'),
    actorId: integer('actor_id'),
    /** A comment's item: left out of the digest while the comment is hidden or held. */
    commentId: integer('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
    sentAt: at('sent_at'),
  },
  (t) => [
    index('email_items_pending_idx')
      .on(t.batch, t.userId)
      .where(sql`${t.sentAt} IS NULL`),
    index('email_items_comment_id_idx')
      .on(t.commentId)
      .where(sql`${t.commentId} IS NOT NULL`),
  ],
);

/** Idempotency keys of emails sent: an email whose key is here is never sent again. */
export const emailSent = pgTable('email_sent', {
  key: text('key').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  sentAt: at('sent_at').notNull().defaultNow(),
});

/** Periods whose job (a digest) was started: one row each, whichever instance wrote it. */
export const emailPeriods = pgTable('email_periods', {
  key: text('key').primaryKey(),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** At most one likes email per breakthrough and hour: when the last went, and one waiting. */
export const emailLikeWindows = pgTable(
  'email_like_windows',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    lastSentAt: at('last_sent_at'),
    /** A batch is waiting to go at this time (null: none). */
    scheduledAt: at('scheduled_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.articleId] })],
);

/** The demo's in-app mailbox (/__mail): what would have been sent, with no SMTP server. */
export const demoMail = pgTable('demo_mail', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  html: text('html').notNull(),
  text: text('text').notNull(),
  headers: jsonb('headers').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});
/**
 * Readers' counts per breakthrough and day (stats/): added to by each instance's flush. The keys
 * of the stats tables INCLUDE their counts (migration 0021): the dashboards read the index alone.
 */
const dailyCounts = () => ({
  day: date('day').notNull(),
  views: integer('views').notNull().default(0),
  reads: integer('reads').notNull().default(0),
  /** Known bots and crawlers (by user agent), counted apart from readers. */
  botViews: integer('bot_views').notNull().default(0),
});

export const articleStatsDaily = pgTable(
  'article_stats_daily',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    ...dailyCounts(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.day] })],
);

/**
 * Views and reads per breakthrough and calendar month (UTC, `month` its first day), added to in
 * the same flush statement as the daily rows: a year's top breakthroughs read 12 months per
 * breakthrough plus the days of one partial month. Its key INCLUDEs the counts (migration 0021).
 */
export const articleStatsMonthly = pgTable(
  'article_stats_monthly',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    /** The breakthrough's blog (it never moves): a blog's months are one range scan. */
    blogId: integer('blog_id').notNull(),
    month: date('month').notNull(),
    views: integer('views').notNull().default(0),
    reads: integer('reads').notNull().default(0),
  },
  // The blog index INCLUDEs article_id and the counts too (migration 0022).
  (t) => [
    primaryKey({ columns: [t.articleId, t.month] }),
    index('article_stats_monthly_blog_month_idx').on(t.blogId, t.month),
  ],
);

/** The same per blog: kept when a breakthrough is deleted, read in one range scan. */
export const blogStatsDaily = pgTable(
  'blog_stats_daily',
  {
    blogId: integer('blog_id')
      .notNull()
      .references(() => blogs.id, { onDelete: 'cascade' }),
    ...dailyCounts(),
  },
  (t) => [primaryKey({ columns: [t.blogId, t.day] })],
);

/** Views per referring domain and day ("direct" when none): never a full address. */
export const articleReferrersDaily = pgTable(
  'article_referrers_daily',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    domain: text('domain').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.day, t.domain] })],
);

export const blogReferrersDaily = pgTable(
  'blog_referrers_daily',
  {
    blogId: integer('blog_id')
      .notNull()
      .references(() => blogs.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    domain: text('domain').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.blogId, t.day, t.domain] })],
);

/**
 * Installations of Repolog's GitHub App (installation events): the account it is installed on
 * and the permissions it was granted. `removedAt`: uninstalled.
 */
export const githubInstallations = pgTable('github_installations', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  account: text('account').notNull(),
  permissions: jsonb('permissions').$type<Record<string, string>>().notNull().default({}),
  suspended: boolean('suspended').notNull().default(false),
  removedAt: timestamp('removed_at', { withTimezone: true }),
  updatedAt: updatedAt(),
});

/**
 * Repositories the App was given (by lower-cased owner/name); `connected` false once access was
 * removed (the repository taken out of the installation, or the App uninstalled).
 */
export const repoConnections = pgTable(
  'repo_connections',
  {
    repoKey: text('repo_key').primaryKey(),
    installationId: bigint('installation_id', { mode: 'number' }).notNull(),
    connected: boolean('connected').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('repo_connections_installation_idx').on(t.installationId)],
);

/** Webhook deliveries applied (X-GitHub-Delivery), so a repeated one changes nothing. */
export const githubDeliveries = pgTable(
  'github_deliveries',
  {
    id: text('id').primaryKey(),
    event: text('event').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('github_deliveries_received_idx').on(t.receivedAt)],
);

/** A blog's choices about its connected repository (no row: the defaults). */
export const blogRepoSettings = pgTable('blog_repo_settings', {
  blogId: integer('blog_id')
    .primaryKey()
    .references(() => blogs.id, { onDelete: 'cascade' }),
  /** A merged pull request leaves a draft. */
  mergedPullDrafts: boolean('merged_pull_drafts').notNull().default(true),
  /** The App comments on an issue or pull request a breakthrough is about. */
  closeLoop: boolean('close_loop').notNull().default(false),
});

/** One draft per merged pull request and blog, however often GitHub says it was merged. */
export const pullDrafts = pgTable(
  'pull_drafts',
  {
    blogId: integer('blog_id')
      .notNull()
      .references(() => blogs.id, { onDelete: 'cascade' }),
    pullNumber: integer('pull_number').notNull(),
    draftId: integer('draft_id').references(() => drafts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blogId, t.pullNumber] }),
    index('pull_drafts_draft_id_idx').on(t.draftId),
  ],
);

/**
 * The App's comment on an issue or pull request linking a breakthrough about it (no foreign
 * key: the row outlives the breakthrough until its comment is deleted).
 */
export const loopComments = pgTable(
  'loop_comments',
  {
    articleId: integer('article_id').notNull(),
    itemNumber: integer('item_number').notNull(),
    repoKey: text('repo_key').notNull(),
    commentId: bigint('comment_id', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.itemNumber] })],
);
