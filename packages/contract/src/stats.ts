import { z } from 'zod';
import { idParam } from './common';
import { fieldSays } from './validation';

/** The periods a stats page shows, in days (7, 30 or 365 days up to today, UTC). */
export const STATS_PERIODS = [7, 30, 365] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];

/** Longest referrer domain kept; longer ones are counted as "other". */
export const REFERRER_DOMAIN_MAX = 100;

/** GET /api/stats/articles/{articleId}?days= and /api/stats/blogs/{blogId}?days= */
export const statsQuerySchema = z.object({
  days: z.coerce
    .number({ error: fieldSays('days', 'oneOf', { options: STATS_PERIODS.join(', ') }) })
    .refine(
      (value): value is StatsPeriod => (STATS_PERIODS as readonly number[]).includes(value),
      fieldSays('days', 'oneOf', { options: STATS_PERIODS.join(', ') }),
    )
    .default(30),
});
export type StatsQuery = z.infer<typeof statsQuerySchema>;

export const statsArticleParamsSchema = z.object({ articleId: idParam('articleId') });
export const statsBlogParamsSchema = z.object({ blogId: idParam('blogId') });

/** One day of a breakthrough or a blog: what readers did that day (UTC). */
export const statsDaySchema = z.object({
  /** YYYY-MM-DD (UTC). */
  date: z.string(),
  /** Readers who opened it (one per reader per breakthrough per 30 minutes; bots apart). */
  views: z.number().int(),
  /** Readers who stayed and scrolled past most of the body. */
  reads: z.number().int(),
  likes: z.number().int(),
  comments: z.number().int(),
  /** Blogs: readers who added it to their favorites that day (breakthroughs: always 0). */
  favorites: z.number().int(),
});
export type StatsDay = z.infer<typeof statsDaySchema>;

/** Where readers came from: a domain, or "direct" when the page named none. */
export const statsReferrerSchema = z.object({ domain: z.string(), views: z.number().int() });
export type StatsReferrer = z.infer<typeof statsReferrerSchema>;

/** A breakthrough among a blog's most read in the period. */
export const statsTopArticleSchema = z.object({
  articleId: z.number().int(),
  title: z.string(),
  views: z.number().int(),
  reads: z.number().int(),
});
export type StatsTopArticle = z.infer<typeof statsTopArticleSchema>;

export const statsSchema = z.object({
  /** Every day of the period, oldest first, zeros included. */
  days: z.array(statsDaySchema),
  /** Most views first (at most 20). */
  referrers: z.array(statsReferrerSchema),
  /** Views by known bots and crawlers in the period, counted apart from readers. */
  botViews: z.number().int(),
  /** Blogs only: the most viewed breakthroughs of the period (at most 10). */
  topArticles: z.array(statsTopArticleSchema).optional(),
});
export type Stats = z.infer<typeof statsSchema>;

/** POST /api/stats/view and /api/stats/read: the article page's beacons (204). */
export const statsBeaconSchema = z.object({
  articleId: idParam('articleId'),
  /** The page's document.referrer (only its domain is kept); "" when none. */
  referrer: z
    .string({ error: fieldSays('referrer', 'notText') })
    .max(2048, fieldSays('referrer', 'tooLong', { max: 2048 }))
    .optional(),
});
export type StatsBeacon = z.infer<typeof statsBeaconSchema>;
