import type { ListQuery } from '@repolog/contract/common';

/** Search text and language, trimmed; null means no filter. */
export interface ArticleFilters {
  q: string | null;
  lang: string | null;
}

/**
 * q and lang of a list query, trimmed; empty means no filter (spec §5: blank = all). The query
 * is put in Unicode's composed form (NFC), the form browsers store titles in, so Hangul typed or
 * pasted as separate jamo (macOS file names, some keyboards) still finds the syllables.
 */
export function listFilters(query: Pick<ListQuery, 'q' | 'lang'>): ArticleFilters {
  const q = query.q?.normalize('NFC').trim() ?? '';
  const lang = query.lang?.trim() ?? '';
  return { q: q === '' ? null : q, lang: lang === '' ? null : lang };
}
