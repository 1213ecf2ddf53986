import type { MetaProvider } from '../pages/pages.public.js';
import type { SeriesRepository } from './series.repository.js';

const SERIES_PAGE = /^\/blog\/(\d{1,10})\/series\/(\d{1,10})\/?$/;
const MAX_ID = 2_147_483_647;

/**
 * Page meta for /blog/{blogId}/series/{seriesId}: "<series> · <blog> · Repolog" and its
 * address (one query by primary key); nothing for a series of another blog or none.
 */
export function seriesMetaProvider(repo: SeriesRepository, publicUrl: string): MetaProvider {
  return async (page) => {
    const match = SERIES_PAGE.exec(page.url.split('?')[0] ?? '');
    const blogId = Number(match?.[1]);
    const seriesId = Number(match?.[2]);
    if (!match || blogId < 1 || seriesId < 1 || blogId > MAX_ID || seriesId > MAX_ID) {
      return undefined;
    }
    const found = await repo.find(seriesId);
    if (!found || found.blogId !== blogId) return undefined;
    return {
      title: `${found.name} · ${found.blogName} · Repolog`,
      url: `${publicUrl}/blog/${blogId}/series/${seriesId}`,
    };
  };
}
