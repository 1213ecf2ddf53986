/**
 * Long-tail workloads: every request reads a random address (DESIGN.md §6 "cold reads"), so
 * the per-instance caches answer almost nothing and each request costs what a crawler's or a
 * feed reader's does.
 */
import { LANGUAGES } from '../packages/contract/src/languages.js';
import { pick, randomInt, withClient } from './kit.js';

export interface IdRanges {
  articles: { lo: number; hi: number };
  blogs: { lo: number; hi: number };
}

/** The id ranges the seed filled (identity columns: contiguous). */
export function idRanges(url: string): Promise<IdRanges> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ alo: number; ahi: number; blo: number; bhi: number }>(
      `SELECT (SELECT min(id) FROM articles) AS alo, (SELECT max(id) FROM articles) AS ahi,
              (SELECT min(id) FROM blogs) AS blo, (SELECT max(id) FROM blogs) AS bhi`,
    );
    const row = rows[0];
    if (!row) throw new Error('no seeded rows');
    return { articles: { lo: row.alo, hi: row.ahi }, blogs: { lo: row.blo, hi: row.bhi } };
  });
}

/** Words that match titles or blog names (seed.ts's vocabulary) and words that match nothing. */
export const SEARCH_WORDS = [
  'pool',
  'flaky',
  'cach',
  'slow queries',
  'race',
  'retry',
  'python',
  'websocket',
  'zebra',
  'quasar',
  'xylophone',
  'nebula',
];

/**
 * Words of the seeded corpus (its titles' and bodies' words) for full-text search: one or two
 * at a time, English word forms and the Korean words benches seed with search-quality.ts.
 */
export const FULLTEXT_WORDS = [
  'fixing',
  'tuning pools',
  'debugging',
  'flaky tests',
  'memory leaks',
  'slow queries',
  'race conditions',
  'cold starts',
  'latency spikes',
  'retry storms',
  'index bloat',
  'websocket',
  'pool.release',
  'migrating',
  '캐시',
  '배포를',
  '데이터베이스',
  '검색',
];

export interface Workload {
  name: string;
  /** The address of the next request. */
  next: () => string;
  /** cold: one record by id; list: a page of a list; page: a whole server-rendered page. */
  kind: 'cold' | 'list' | 'page';
  headers?: Record<string, string>;
}

/** The Accept header of a browser's page navigation: the server answers with rendered HTML. */
const HTML = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
};

const LIST = '/api/article/breakthrough';

/** How many pages of 10 a list address has (its X-Total-Count). */
async function pagesOf(origin: string, query: string): Promise<number> {
  const res = await fetch(`${origin}${LIST}?page=1&size=10${query}`);
  if (!res.ok) throw new Error(`${LIST}${query} answered ${res.status}`);
  return Math.max(1, Math.ceil(Number(res.headers.get('x-total-count') ?? 0) / 10));
}

/** A random page among `pages` of a query, as a list address. */
const page = (query: string, pages: number) =>
  `${LIST}?page=${randomInt(1, pages)}&size=10${query}`;

export async function longTailWorkloads(origin: string, ids: IdRanges): Promise<Workload[]> {
  const article = () => randomInt(ids.articles.lo, ids.articles.hi);
  const listPages = await pagesOf(origin, '');
  const searches = await Promise.all(
    SEARCH_WORDS.map(async (word) => {
      const query = `&q=${encodeURIComponent(word)}`;
      return { query, pages: await pagesOf(origin, query) };
    }),
  );
  const languages = await Promise.all(
    LANGUAGES.map(async (language) => {
      const query = `&lang=${encodeURIComponent(language)}`;
      return { query, pages: await pagesOf(origin, query) };
    }),
  );
  return [
    { name: 'article page', kind: 'cold', next: () => `/api/article/breakthrough/${article()}` },
    { name: 'comments', kind: 'cold', next: () => `/api/comment/comments/${article()}` },
    {
      name: 'blog page',
      kind: 'cold',
      next: () => `/api/blog/non-member/${randomInt(ids.blogs.lo, ids.blogs.hi)}`,
    },
    { name: 'list, random page', kind: 'list', next: () => page('', listPages) },
    {
      name: 'search, random word and page',
      kind: 'list',
      next: () => {
        const search = pick(searches);
        return page(search.query, search.pages);
      },
    },
    {
      name: 'full-text search, random words',
      kind: 'list',
      next: () =>
        `/api/search?q=${encodeURIComponent(pick(FULLTEXT_WORDS))}&page=${randomInt(1, 3)}`,
    },
    {
      name: 'language, random page',
      kind: 'list',
      next: () => {
        const language = pick(languages);
        return page(language.query, language.pages);
      },
    },
    // The public pages as a browser or a crawler asks for them: HTML rendered on the server.
    {
      name: 'SSR article page',
      kind: 'page',
      headers: HTML,
      next: () => `/breakthrough/${article()}`,
    },
    {
      name: 'SSR blog page',
      kind: 'page',
      headers: HTML,
      next: () => `/blog/${randomInt(ids.blogs.lo, ids.blogs.hi)}`,
    },
    {
      name: 'SSR list, random page',
      kind: 'page',
      headers: HTML,
      next: () => `/breakthrough?page=${randomInt(1, listPages)}`,
    },
  ];
}
