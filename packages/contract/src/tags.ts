import { z } from 'zod';
import { MAX_TAG_LENGTH } from './tag-rules';
import { fieldSays } from './validation';

/** GET /api/tags?q=: tags starting with q (the write form's autocomplete); no q: the most used. */
export const tagQuerySchema = z.object({
  q: z
    .string({ error: fieldSays('q', 'notText') })
    .max(MAX_TAG_LENGTH, fieldSays('q', 'tooLong', { max: MAX_TAG_LENGTH }))
    .optional(),
});
export type TagQuery = z.infer<typeof tagQuerySchema>;

export const tagCountSchema = z.object({
  name: z.string(),
  /** Listed breakthroughs with this tag. */
  count: z.number().int(),
});
export const tagCountListSchema = z.array(tagCountSchema);
export type TagCount = z.infer<typeof tagCountSchema>;

/** How many tags GET /api/tags answers at most. */
export const TAG_SUGGESTIONS = 10;
