import { z } from 'zod';
import { ALL_CAP } from './constants';

/** A positive integer id from a path or query string ("12" -> 12); anything else is a 400. */
export const idParam = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .positive(`${name} must be a positive number`)
    .max(2_147_483_647, `${name} is out of range`);

/** A required text field: whitespace-only counts as empty; the stored value is trimmed. */
export const requiredText = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(max, `${name} must be at most ${max} characters`);

/** Required, but stored as written (markdown bodies keep their leading indentation). */
export const requiredBody = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .refine((value) => value.trim().length > 0, `${name} is required`)
    .refine((value) => value.length <= max, `${name} must be at most ${max} characters`);

/** ISO 8601 timestamp string. */
export const isoDate = z.string();

/** Query of every paged list (DESIGN.md §4). Without `page` the call returns the spec's "all". */
export const listQuerySchema = z.object({
  page: idParam('page').optional(),
  size: z.coerce
    .number({ error: 'size must be a number' })
    .int('size must be a whole number')
    .min(1, 'size must be at least 1')
    // Up to ALL_CAP, so the Link an "all" call sends (page 2 of size 1000) is a valid call too.
    .max(ALL_CAP, `size must be at most ${ALL_CAP}`)
    .optional(),
  q: z.string().max(100, 'q must be at most 100 characters').optional(),
  lang: z.string().max(40, 'lang must be at most 40 characters').optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export const messageSchema = z.object({ message: z.string() });
export type Message = z.infer<typeof messageSchema>;

/** The body of every error response, for route schemas and the API docs. */
export const errorBodySchema = z.object({ error: z.string(), message: z.string() });
