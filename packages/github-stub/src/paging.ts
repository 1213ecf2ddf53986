export const DEFAULT_PER_PAGE = 30;
export const MAX_PER_PAGE = 100;

function positiveInt(raw: string | null): number | null {
  if (raw === null || !/^\d+$/.test(raw.trim())) return null;
  const value = Number(raw);
  return value >= 1 ? value : null;
}

export interface PageOf<T> {
  items: T[];
  /** The `Link` header value, or null when everything fits on one page. */
  link: string | null;
}

/**
 * Slices a list the way GitHub does: `per_page` (default 30, capped at 100) and `page`
 * (1-based). Links are absolute: `base` is the handler's public URL and `pathname` the path
 * under it; every other query parameter is kept.
 */
export function paginate<T>(items: T[], base: string, pathname: string, query: URLSearchParams) {
  const perPage = Math.min(positiveInt(query.get('per_page')) ?? DEFAULT_PER_PAGE, MAX_PER_PAGE);
  const page = positiveInt(query.get('page')) ?? 1;
  const lastPage = Math.max(1, Math.ceil(items.length / perPage));
  const start = (page - 1) * perPage;
  const result: PageOf<T> = { items: items.slice(start, start + perPage), link: null };

  const href = (n: number): string => {
    const params = new URLSearchParams(query);
    params.set('page', String(n));
    return `<${base}${pathname}?${params.toString()}>`;
  };
  const links: string[] = [];
  if (page > 1) links.push(`${href(Math.min(page - 1, lastPage))}; rel="prev"`);
  if (page < lastPage) {
    links.push(`${href(page + 1)}; rel="next"`, `${href(lastPage)}; rel="last"`);
  }
  if (page > 1) links.push(`${href(1)}; rel="first"`);
  result.link = links.length > 0 ? links.join(', ') : null;
  return result;
}
