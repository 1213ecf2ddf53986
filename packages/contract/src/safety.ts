import { z } from 'zod';
import { idParam, isoDate } from './common';
import {
  GITHUB_LOGIN,
  MODERATION_ACTIONS,
  MODERATION_REASON_MAX,
  REPORT_REASONS,
  REPORT_TARGETS,
  REPORT_TEXT_MAX,
} from './constants';
import { fieldSays, says } from './validation';

const oneOf = <const T extends readonly [string, ...string[]]>(name: string, options: T) =>
  z.enum(options, { error: fieldSays(name, 'oneOf', { options: options.join(', ') }) });

const targetType = oneOf('targetType', REPORT_TARGETS);

/** POST /api/reports */
export const createReportSchema = z
  .object({
    targetType,
    targetId: idParam('targetId'),
    reason: oneOf('reason', REPORT_REASONS),
    text: z
      .string({ error: fieldSays('text', 'notText') })
      .trim()
      .max(REPORT_TEXT_MAX, fieldSays('text', 'tooLong', { max: REPORT_TEXT_MAX }))
      .optional(),
  })
  .refine((report) => report.reason !== 'other' || !!report.text, {
    message: says('validation.text.otherReason'),
    path: ['text'],
  });
export type CreateReport = z.input<typeof createReportSchema>;
export type ReportInput = z.output<typeof createReportSchema>;
export const reportCreatedSchema = z.object({ reportId: z.number().int(), message: z.string() });
export type ReportCreated = z.infer<typeof reportCreatedSchema>;

/** POST /api/admin/actions */
export const moderationActionSchema = z.object({
  action: oneOf('action', MODERATION_ACTIONS),
  targetType,
  targetId: idParam('targetId'),
  reason: z
    .string({ error: fieldSays('reason', 'required') })
    .trim()
    .min(1, fieldSays('reason', 'required'))
    .max(MODERATION_REASON_MAX, fieldSays('reason', 'tooLong', { max: MODERATION_REASON_MAX })),
  /** suspend: until when (ISO 8601); absent: for good. */
  until: z.iso.datetime({ offset: true, error: fieldSays('until', 'notText') }).optional(),
});
export type ModerationActionInput = z.output<typeof moderationActionSchema>;

const person = z.object({
  userId: z.number().int(),
  login: z.string(),
  avatarUrl: z.string().nullable(),
});

/** One target with its open reports, as the moderators' queue shows it. */
export const reportGroupSchema = z.object({
  targetType: z.enum(REPORT_TARGETS),
  targetId: z.number().int(),
  /** What was reported, in context: a title or a comment's text, and where it is. */
  content: z.object({
    title: z.string().nullable(),
    text: z.string().nullable(),
    /** The page that shows it (a breakthrough's, or a user's). */
    path: z.string().nullable(),
    hidden: z.boolean(),
  }),
  /** Whose it is, and their history. Null when the account is gone. */
  author: person
    .extend({
      githubCreatedAt: isoDate.nullable(),
      joinedAt: isoDate.nullable(),
      breakthroughs: z.number().int(),
      comments: z.number().int(),
      earlierActions: z.number().int(),
      suspendedUntil: isoDate.nullable(),
      suspended: z.boolean(),
      /** New, or without public activity on GitHub: under the limits (README "Moderation"). */
      limited: z.boolean(),
    })
    .nullable(),
  reports: z.array(
    z.object({
      reportId: z.number().int(),
      reporter: z.string(),
      reason: z.enum(REPORT_REASONS),
      text: z.string().nullable(),
      date: isoDate,
    }),
  ),
});
export type ReportGroup = z.infer<typeof reportGroupSchema>;
export const reportQueueSchema = z.array(reportGroupSchema);

export const auditEntrySchema = z.object({
  id: z.number().int(),
  moderator: z.string(),
  action: z.enum(MODERATION_ACTIONS),
  targetType: z.enum(REPORT_TARGETS),
  targetId: z.number().int(),
  reason: z.string(),
  until: isoDate.nullable(),
  date: isoDate,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditLogSchema = z.array(auditEntrySchema);

/** PUT/DELETE /api/blocks/{login} */
export const blockParamsSchema = z.object({
  login: z
    .string({ error: fieldSays('login', 'required') })
    .regex(GITHUB_LOGIN, says('validation.login.invalid')),
});
export const blockedUserSchema = person.extend({ date: isoDate });
export type BlockedUser = z.infer<typeof blockedUserSchema>;
export const blockListSchema = z.array(blockedUserSchema);

/** POST /api/comment/{commentId}/hide and …/restore (members of the blog) */
export const commentModerationSchema = z.object({
  reason: z
    .string({ error: fieldSays('reason', 'notText') })
    .trim()
    .max(MODERATION_REASON_MAX, fieldSays('reason', 'tooLong', { max: MODERATION_REASON_MAX }))
    .optional(),
});
/** PUT /api/article/{articleId}/comments-lock */
export const commentsLockSchema = z.object({ locked: z.boolean() });
