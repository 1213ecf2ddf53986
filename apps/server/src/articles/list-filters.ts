import type { ListQuery } from '@repolog/contract/common';
import type { ArticleFilters } from './articles.repository.js';

/** q and lang of a list query, trimmed; empty means no filter (spec §5: blank = all). */
export function listFilters(query: Pick<ListQuery, 'q' | 'lang'>): ArticleFilters {
  const q = query.q?.trim() ?? '';
  const lang = query.lang?.trim() ?? '';
  return { q: q === '' ? null : q, lang: lang === '' ? null : lang };
}
