import { findLanguage } from '@repolog/contract/languages';
import { isValidId, MAX_ID } from '../../../lib/format';

/** What a breakthrough list shows: its page, search text and language. */
export interface ListState {
  page: number;
  q: string;
  lang: string;
}

/** page, q and lang live in the address so back, forward and reload keep the list. */
export function readListState(params: URLSearchParams): ListState {
  const page = Number(params.get('page'));
  return {
    page: isValidId(page) ? page : page > MAX_ID ? MAX_ID : 1,
    q: (params.get('q') ?? '').trim(),
    lang: findLanguage(params.get('lang') ?? '') ?? '',
  };
}

export function writeListState({ page, q, lang }: ListState): URLSearchParams {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (lang) params.set('lang', lang);
  if (page > 1) params.set('page', String(page));
  return params;
}
