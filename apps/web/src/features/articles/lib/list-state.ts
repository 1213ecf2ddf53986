import { DEFAULT_LIST_SORT, type ListSort } from '@repolog/contract/constants';
import { findLanguage } from '@repolog/contract/languages';
import { isValidId, MAX_ID } from '../../../lib/format';

/** What a breakthrough list shows: its page, search text, language and order. */
export interface ListState {
  page: number;
  q: string;
  lang: string;
  sort: ListSort;
}

/**
 * page, q, lang and sort live in the address so back, forward and reload keep the list. An
 * order the list does not know is the default one (newest first).
 */
export function readListState(params: URLSearchParams): ListState {
  const page = Number(params.get('page'));
  return {
    page: isValidId(page) ? page : page > MAX_ID ? MAX_ID : 1,
    q: (params.get('q') ?? '').trim(),
    lang: findLanguage(params.get('lang') ?? '') ?? '',
    sort: params.get('sort') === 'likes' ? 'likes' : DEFAULT_LIST_SORT,
  };
}

export function writeListState({ page, q, lang, sort }: ListState): URLSearchParams {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (lang) params.set('lang', lang);
  if (sort !== DEFAULT_LIST_SORT) params.set('sort', sort);
  if (page > 1) params.set('page', String(page));
  return params;
}
