import {
  SEARCH_PAGE_SIZE,
  SEARCH_QUERY_MAX,
  type SearchResult,
  type SearchSort,
} from '@repolog/contract/search';
import { badRequest } from '../errors.js';
import { parseQuery, QueryError, MAX_QUERY_TERMS } from './search-query.js';
import type { SearchIndexer } from './search-indexer.js';
import type { SearchRepository } from './search.repository.js';
import { buildSnippet } from './snippet.js';

/** A search as asked (the API's query, or the /search page's). */
export interface SearchRequest {
  q?: string | undefined;
  tag?: string | undefined;
  lang?: string | undefined;
  blog?: number | undefined;
  sort?: SearchSort | undefined;
  page?: number | undefined;
}

const blankToNull = (value: string | undefined) => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/** Full-text search over the breakthroughs the lists show. */
export function searchService(deps: {
  repo: SearchRepository;
  indexer: Pick<SearchIndexer, 'nudge'>;
  officialBlogId: number;
}) {
  const { repo, indexer, officialBlogId } = deps;
  return {
    /**
     * One page of matches, best first (or newest, or most liked), each with its best passage
     * marked. A blank query finds nothing; a query past the limits is a 400 saying which.
     */
    async search(request: SearchRequest): Promise<SearchResult> {
      const q = request.q?.trim() ?? '';
      if (q === '') return { items: [], total: 0 };
      let parsed;
      try {
        parsed = parseQuery(q);
      } catch (error) {
        if (!(error instanceof QueryError)) throw error;
        if (error.reason === 'tooLong') {
          throw badRequest('validation.tooLong', { name: 'q', max: SEARCH_QUERY_MAX });
        }
        if (error.reason === 'tooManyTerms') {
          throw badRequest('search.tooManyTerms', { max: MAX_QUERY_TERMS });
        }
        throw badRequest('search.noWords');
      }
      indexer.nudge();
      const page = request.page ?? 1;
      const filters = {
        tag: blankToNull(request.tag)?.toLowerCase() ?? null,
        lang: blankToNull(request.lang),
        blogId: request.blog ?? null,
        excludeBlogId: officialBlogId,
      };
      const rows = await repo.search(parsed, filters, request.sort ?? 'relevance', {
        offset: (page - 1) * SEARCH_PAGE_SIZE,
        limit: SEARCH_PAGE_SIZE,
      });
      // Past the last page there is no row to read the total from: count on the first.
      const total =
        rows[0]?.total ??
        (page > 1
          ? ((await repo.search(parsed, filters, 'newest', { offset: 0, limit: 1 }))[0]?.total ?? 0)
          : 0);
      return {
        items: rows.map((row) => ({
          articleId: row.id,
          title: row.title,
          blogId: row.blogId,
          blogName: row.blogName,
          createdAt: row.createdAt.toISOString(),
          about: row.about,
          tags: row.tags,
          likeCount: row.likeCount,
          commentCount: row.commentCount,
          snippet: buildSnippet(row.text, parsed.highlight),
        })),
        total,
      };
    },
  };
}

export type SearchService = ReturnType<typeof searchService>;
