import type { SearchState } from './search-state';
import { isValidId, MAX_ID } from '../../../lib/format';

/** The orders of a tag's page: newest first (its default) or most liked first. */
export const TAG_SORTS = ['newest', 'likes'] as const;

/** What /tag/{name}?sort=&page= shows, as the search it is: that tag, no words. */
export function readTagState(name: string, params: URLSearchParams): SearchState {
  const page = Number(params.get('page'));
  return {
    q: '',
    tag: name.trim().toLowerCase(),
    lang: '',
    blog: null,
    sort: params.get('sort') === 'likes' ? 'likes' : 'newest',
    page: isValidId(page) ? page : page > MAX_ID ? MAX_ID : 1,
  };
}

/** The address of a tag's page in an order, at a page (defaults left out). */
export function tagHref(state: SearchState): string {
  const params = new URLSearchParams();
  if (state.sort === 'likes') params.set('sort', 'likes');
  if (state.page > 1) params.set('page', String(state.page));
  const query = params.toString();
  return `/tag/${encodeURIComponent(state.tag)}${query ? `?${query}` : ''}`;
}
