import { SEARCH_SORTS, type SearchSort } from '@repolog/contract/constants';
import { isValidId, MAX_ID } from '../../../lib/format';

/** What /search shows: the query, its filters, order and page (all in the address). */
export interface SearchState {
  q: string;
  tag: string;
  lang: string;
  blog: number | null;
  sort: SearchSort;
  page: number;
}

const isSort = (value: string | null): value is SearchSort =>
  (SEARCH_SORTS as readonly (string | null)[]).includes(value);

/** The search of an address (?q=&tag=&lang=&blog=&sort=&page=); unknown values are dropped. */
export function readSearchState(params: URLSearchParams): SearchState {
  const page = Number(params.get('page'));
  const blog = Number(params.get('blog'));
  const sort = params.get('sort');
  return {
    q: (params.get('q') ?? '').trim(),
    tag: (params.get('tag') ?? '').trim(),
    lang: (params.get('lang') ?? '').trim(),
    blog: isValidId(blog) ? blog : null,
    sort: isSort(sort) ? sort : 'relevance',
    page: isValidId(page) ? page : page > MAX_ID ? MAX_ID : 1,
  };
}

/** The address's query string of a search (defaults left out). */
export function writeSearchState(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.tag) params.set('tag', state.tag);
  if (state.lang) params.set('lang', state.lang);
  if (state.blog !== null) params.set('blog', String(state.blog));
  if (state.sort !== 'relevance') params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}
