import { z } from 'zod';
import { idParam, isoDate } from './common';
import { SEARCH_QUERY_MAX, SEARCH_SORTS, SEARCH_TOTAL_CAP } from './constants';
import { fieldSays } from './validation';

export {
  SEARCH_PAGE_SIZE,
  SEARCH_QUERY_MAX,
  SEARCH_SORTS,
  SEARCH_TOTAL_CAP,
  type SearchSort,
} from './constants';

/** GET /api/search */
export const searchQuerySchema = z.object({
  q: z
    .string({ error: fieldSays('q', 'notText') })
    .refine(
      (value) => Array.from(value).length <= SEARCH_QUERY_MAX,
      fieldSays('q', 'tooLong', { max: SEARCH_QUERY_MAX }),
    )
    .optional(),
  tag: z
    .string({ error: fieldSays('tag', 'notText') })
    .max(30, fieldSays('tag', 'tooLong', { max: 30 }))
    .optional(),
  lang: z
    .string({ error: fieldSays('lang', 'notText') })
    .max(40, fieldSays('lang', 'tooLong', { max: 40 }))
    .optional(),
  blog: idParam('blog').optional(),
  sort: z
    .enum(SEARCH_SORTS, {
      error: fieldSays('sort', 'oneOf', { options: SEARCH_SORTS.join(', ') }),
    })
    .optional(),
  page: idParam('page').optional(),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const searchItemSchema = z.object({
  articleId: z.number().int(),
  title: z.string(),
  blogId: z.number().int(),
  blogName: z.string(),
  createdAt: isoDate,
  about: z.string().nullable(),
  tags: z.array(z.string()),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  /** The best-matching passage as HTML: escaped plain text, matched words in `<mark>`. */
  snippet: z.string(),
});
export type SearchItem = z.infer<typeof searchItemSchema>;

export const searchResultSchema = z.object({
  items: z.array(searchItemSchema),
  /**
   * Matches in all (pages of SEARCH_PAGE_SIZE), counted up to SEARCH_TOTAL_CAP: when there are
   * more, `total` is the cap and `totalIsLowerBound` is true ("1,000+ results"); the pages
   * reach that far.
   */
  total: z
    .number()
    .int()
    .meta({
      description: `Matches in all, counted up to ${SEARCH_TOTAL_CAP}; when there are more, this is ${SEARCH_TOTAL_CAP} and totalIsLowerBound is true.`,
    }),
  /** True when the count stopped at SEARCH_TOTAL_CAP: there are at least `total` matches. */
  totalIsLowerBound: z.boolean().meta({
    description: `True when the count stopped at ${SEARCH_TOTAL_CAP}: there are at least \`total\` matches (shown as "1,000+").`,
  }),
  /** No match: the query with its words spelled as the closest titles' and tags' words. */
  suggestion: z.string().optional(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
