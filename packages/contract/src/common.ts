import { z } from 'zod';
import { ALL_CAP } from './constants';
import { fieldSays } from './validation';

/** A positive integer id from a path or query string ("12" -> 12); anything else is a 400. */
export const idParam = (name: string) =>
  z.coerce
    .number({ error: fieldSays(name, 'notNumber') })
    .int(fieldSays(name, 'notWhole'))
    .positive(fieldSays(name, 'notPositive'))
    .max(2_147_483_647, fieldSays(name, 'outOfRange'));

/** A required text field: whitespace-only counts as empty; the stored value is trimmed. */
export const requiredText = (name: string, max: number) =>
  z
    .string({ error: fieldSays(name, 'required') })
    .trim()
    .min(1, fieldSays(name, 'required'))
    .max(max, fieldSays(name, 'tooLong', { max }));

/** Required, but stored as written (markdown bodies keep their leading indentation). */
export const requiredBody = (name: string, max: number) =>
  z
    .string({ error: fieldSays(name, 'required') })
    .refine((value) => value.trim().length > 0, fieldSays(name, 'required'))
    .refine((value) => value.length <= max, fieldSays(name, 'tooLong', { max }));

/** ISO 8601 timestamp string. */
export const isoDate = z.string();

/** Query of every paged list (DESIGN.md §4). Without `page` the call returns the spec's "all". */
export const listQuerySchema = z.object({
  page: idParam('page').optional(),
  size: z.coerce
    .number({ error: fieldSays('size', 'notNumber') })
    .int(fieldSays('size', 'notWhole'))
    .min(1, fieldSays('size', 'atLeast', { min: 1 }))
    // Up to ALL_CAP, so the Link an "all" call sends (page 2 of size 1000) is a valid call too.
    .max(ALL_CAP, fieldSays('size', 'atMost', { max: ALL_CAP }))
    .optional(),
  q: z
    .string({ error: fieldSays('q', 'notText') })
    .max(100, fieldSays('q', 'tooLong', { max: 100 }))
    .optional(),
  lang: z
    .string({ error: fieldSays('lang', 'notText') })
    .max(40, fieldSays('lang', 'tooLong', { max: 40 }))
    .optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export const messageSchema = z.object({ message: z.string() });
export type Message = z.infer<typeof messageSchema>;

/** A message's params: texts, numbers, or messages of their own (one level deep in practice). */
const messageParamSchema = z.union([
  z.string(),
  z.number(),
  z.object({ key: z.string(), params: z.record(z.string(), z.unknown()) }),
]);

/** The body of every error response (ErrorBody in ./errors), for route schemas and the API docs. */
export const errorBodySchema = z.object({
  error: z.string().meta({ description: 'The error code, by HTTP status: not_found, conflict…' }),
  message: z.string().meta({ description: 'The English text of the message, params filled in.' }),
  key: z.string().meta({ description: 'The message key (packages/contract/src/messages.ts).' }),
  params: z
    .record(z.string(), messageParamSchema)
    .meta({ description: "Values of the key's {param}s; a value may be a {key, params} message." }),
  field: z
    .string()
    .optional()
    .meta({ description: 'Validation errors: the field, as body.title or querystring.size.' }),
});
