import { z } from 'zod';
import { articleListItemSchema } from './articles';
import { idParam, requiredText } from './common';
import { limits } from './limits';
import { fieldSays } from './validation';

const SERIES_NAME_MAX = limits.seriesName.max;
const SERIES_MAX_ARTICLES = limits.seriesArticles.max;

export const seriesIdParamsSchema = z.object({ seriesId: idParam('seriesId') });

const articleIds = z
  .array(idParam('articleIds'), { error: fieldSays('articleIds', 'notText') })
  .max(SERIES_MAX_ARTICLES, fieldSays('articleIds', 'atMost', { max: SERIES_MAX_ARTICLES }));

/** POST /api/blog/{blogId}/series: a new series, with its breakthroughs in order. */
export const createSeriesSchema = z.object({
  name: requiredText('name', SERIES_NAME_MAX),
  articleIds: articleIds.optional(),
});
export type CreateSeries = z.input<typeof createSeriesSchema>;

/**
 * PUT /api/series/{seriesId}: a new name and/or its breakthroughs in their new order (the whole
 * list: one left out leaves the series; one of another series moves here).
 */
export const updateSeriesSchema = z.object({
  name: requiredText('name', SERIES_NAME_MAX).optional(),
  articleIds: articleIds.optional(),
});
export type UpdateSeries = z.input<typeof updateSeriesSchema>;

/** A series as its blog lists it. */
export const seriesSummarySchema = z.object({
  seriesId: z.number().int(),
  blogId: z.number().int(),
  name: z.string(),
  /** Its breakthroughs that readers see. */
  count: z.number().int(),
});
export const seriesSummaryListSchema = z.array(seriesSummarySchema);
export type SeriesSummary = z.infer<typeof seriesSummarySchema>;

/** GET /api/series/{seriesId}: the series with its breakthroughs in reading order. */
export const seriesSchema = z.object({
  seriesId: z.number().int(),
  blogId: z.number().int(),
  blogName: z.string(),
  name: z.string(),
  items: z.array(articleListItemSchema),
});
export type Series = z.infer<typeof seriesSchema>;

/** GET /api/article/breakthrough/{articleId}/series: the series it is part of, if any. */
export const articleSeriesSchema = z.object({
  series: z
    .object({
      seriesId: z.number().int(),
      blogId: z.number().int(),
      name: z.string(),
      /** 1-based place of this breakthrough among `parts`. */
      position: z.number().int(),
      parts: z.array(z.object({ articleId: z.number().int(), title: z.string() })),
    })
    .nullable(),
});
export type ArticleSeries = z.infer<typeof articleSeriesSchema>;
