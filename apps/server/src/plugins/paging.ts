import type { FastifyReply, FastifyRequest } from 'fastify';
import { ALL_CAP, DEFAULT_PAGE_SIZE } from '@repolog/contract/constants';

/** Which slice of a list to read (DESIGN.md §4). */
export interface Paging {
  /** 1-based page number. */
  page: number;
  size: number;
  offset: number;
  limit: number;
  /** False when the caller sent no `page`: the spec's "all", capped at ALL_CAP. */
  paged: boolean;
}

/**
 * `?page=&size=` -> offset and limit. Without `page` the call means "all": the first ALL_CAP
 * rows, with a Link to the rest.
 */
export function resolvePaging(
  query: { page?: number | undefined; size?: number | undefined },
  defaultSize: number = DEFAULT_PAGE_SIZE,
): Paging {
  if (query.page === undefined) {
    return { page: 1, size: ALL_CAP, offset: 0, limit: ALL_CAP, paged: false };
  }
  const size = query.size ?? defaultSize;
  return { page: query.page, size, offset: (query.page - 1) * size, limit: size, paged: true };
}

/** Link headers already built, by request URL, total and page size (hot pages repeat). */
const linkMemo = new Map<string, string>();
const LINK_MEMO_MAX = 512;
const LINK_MEMO_URL_MAX = 256;

/** The GitHub-style `Link` value (first, prev, next, last) for one page; '' when none apply. */
function linkHeader(requestUrl: string, publicUrl: string, paging: Paging, total: number): string {
  const lastPage = Math.max(1, Math.ceil(total / paging.size));
  // URL objects are the costly part of a list request at a page nobody asked for recently:
  // build the address once with page=0 (the other parameters stay as sent), then put each
  // link's page number in its place. After set(), "page=" starts the query or follows "&"
  // exactly once (a value's own "=" and "&" are percent-encoded).
  // Only the path and query come from the request: its target may be absolute-form
  // (`GET http://evil.example/api/...`), and the host of every link is PUBLIC_URL's.
  const target = new URL(requestUrl, 'http://request.invalid');
  const url = new URL(publicUrl);
  url.pathname = target.pathname;
  url.search = target.search;
  url.searchParams.set('page', '0');
  url.searchParams.set('size', String(paging.size));
  const address = url.toString();
  const at = address.search(/[?&]page=0(?=&|$)/) + 6;
  const link = (page: number, rel: string) =>
    `<${address.slice(0, at)}${page}${address.slice(at + 1)}>; rel="${rel}"`;
  const links: string[] = [];
  if (paging.page > 1) {
    links.push(link(1, 'first'), link(Math.min(paging.page - 1, lastPage), 'prev'));
  }
  if (paging.page < lastPage) links.push(link(paging.page + 1, 'next'), link(lastPage, 'last'));
  return links.join(', ');
}

/**
 * Sets `X-Total-Count` and a GitHub-style `Link` header (first, prev, next, last) for a list
 * whose body stays a plain array. Links keep the request's other query parameters.
 */
export function setPagingHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  paging: Paging,
  total: number,
  publicUrl: string,
): void {
  reply.header('X-Total-Count', String(total));
  // Building URLs costs more than the rest of a cached list request: reuse the answer for
  // ordinary addresses (a long one, stuffed with unknown parameters, is built every time).
  const key = `${publicUrl} ${request.url} ${paging.page} ${paging.size} ${total}`;
  let value = linkMemo.get(key);
  if (value === undefined) {
    value = linkHeader(request.url, publicUrl, paging, total);
    if (request.url.length <= LINK_MEMO_URL_MAX) {
      if (linkMemo.size >= LINK_MEMO_MAX) linkMemo.clear();
      linkMemo.set(key, value);
    }
  }
  if (value !== '') reply.header('Link', value);
}
