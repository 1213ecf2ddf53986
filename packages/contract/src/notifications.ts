import { z } from 'zod';
import { idParam, isoDate } from './common';

export const noticeIdParamsSchema = z.object({ noticeId: idParam('noticeId') });

export const noticeSchema = z.object({
  noticeId: z.number().int(),
  type: z.string(),
  instigator: z.string(),
  relatedId: z.union([
    // A merged pull request's draft (first: the others would match it too).
    z.object({
      draftId: z.number().int(),
      blogId: z.number().int(),
      pullNumber: z.number().int(),
    }),
    z.object({ blogId: z.number().int() }),
    z.object({ articleId: z.number().int() }),
  ]),
  isViewed: z.boolean(),
  time: isoDate,
  blogName: z.string().nullable(),
  articleTitle: z.string().nullable(),
});
export const noticeListSchema = z.array(noticeSchema);
export type Notice = z.infer<typeof noticeSchema>;

/** GET /api/notice/count */
export const unreadCountSchema = z.object({ unreadCount: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** PUT /api/notice/read-all */
export const readAllResultSchema = z.object({
  updated: z.number().int(),
  unreadCount: z.number().int(),
});
export type ReadAllResult = z.infer<typeof readAllResultSchema>;
