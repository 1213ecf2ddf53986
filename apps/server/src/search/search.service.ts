import {
  SEARCH_PAGE_SIZE,
  SEARCH_QUERY_MAX,
  type SearchResult,
  type SearchSort,
} from '@repolog/contract/search';
import { normalizeTag } from '@repolog/contract/tag-rules';
import { TAG_SUGGESTIONS, type TagCount } from '@repolog/contract/tags';
import { microcache, PUBLIC_VIEW_TTL_MS } from '../plugins/microcache.js';
import { badRequest } from '../errors.js';
import { parseQuery, QueryError, MAX_QUERY_TERMS, type ParsedQuery } from './search-query.js';
import type { SearchIndexer } from './search-indexer.js';
import type { SearchRepository } from './search.repository.js';
import type { TagsRepository } from './tags.repository.js';
import { buildSnippet, SCAN_CHARS } from './snippet.js';

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

/** Words of a query a spelling suggestion may change (no operators, phrases or short words). */
const MAX_SUGGESTED_WORDS = 5;
/** Queries whose parse is kept (the same words are asked again and again). */
const MAX_PARSED = 1000;
/** How long a word's closest spelling is kept (this instance forgets it at each write). */
const SUGGESTION_TTL_MS = 60_000;

const parsedQueries = new Map<string, ParsedQuery>();
/** The analyzer's reading of a query, kept: pure, and read only by the search. */
function parsedQuery(q: string): ParsedQuery {
  let parsed = parsedQueries.get(q);
  if (!parsed) {
    parsed = parseQuery(q);
    if (parsedQueries.size >= MAX_PARSED) parsedQueries.clear();
    parsedQueries.set(q, parsed);
  }
  return parsed;
}

/** No words: every breakthrough the filters let through (a tag's page). */
const EVERYTHING: ParsedQuery = {
  tsquery: '',
  positive: '',
  contains: [],
  excludes: [],
  highlight: { lexemes: new Set(), substrings: [], literals: [] },
};

/** Full-text search over the breakthroughs the lists show. */
export function searchService(deps: {
  repo: SearchRepository;
  tagsRepo: TagsRepository;
  indexer: Pick<SearchIndexer, 'nudge'>;
  officialBlogId: number;
}) {
  const { repo, tagsRepo, indexer, officialBlogId } = deps;
  // Every keystroke in a write form asks: the same prefixes are answered for a second.
  const tagCounts = microcache<TagCount[]>({
    ttlMs: PUBLIC_VIEW_TTL_MS,
    maxKeys: 256,
    name: 'tag_counts',
  });
  // The closest word reads every listed title: kept per word until a write, or for a minute.
  const closestWords = microcache<string | null>({
    ttlMs: SUGGESTION_TTL_MS,
    maxKeys: 1000,
    name: 'search_suggestions',
  });
  /** The query with each plain word spelled as the closest known word; undefined if no change. */
  const suggest = async (q: string): Promise<string | undefined> => {
    const words = q.toLowerCase().split(/\s+/);
    if (words.length > MAX_SUGGESTED_WORDS || /["]/.test(q)) return undefined;
    const spelled = await Promise.all(
      words.map(async (word) =>
        word.startsWith('-') || Array.from(word).length < 3
          ? word
          : ((await closestWords.get(word, () => repo.closestWord(word, officialBlogId))) ?? word),
      ),
    );
    const suggestion = spelled.join(' ');
    return suggestion !== words.join(' ') ? suggestion : undefined;
  };

  return {
    /** A breakthrough was written or deleted: tags are counted again, spellings looked up. */
    forgetWritten: () => {
      tagCounts.clear();
      closestWords.clear();
    },

    /** Tags starting with what was typed (the most used when nothing was), most used first. */
    async tags(typed: string | undefined): Promise<TagCount[]> {
      const prefix = normalizeTag(typed ?? '');
      return tagCounts.get(prefix, () =>
        tagsRepo.counts(prefix === '' ? null : prefix, officialBlogId, TAG_SUGGESTIONS),
      );
    },

    /**
     * One page of matches, best first (or newest, or most liked), each with its best passage
     * marked. A blank query finds nothing, unless a tag is asked for (then: that tag's
     * breakthroughs); a query past the limits is a 400 saying which.
     */
    async search(request: SearchRequest): Promise<SearchResult> {
      const q = request.q?.trim() ?? '';
      const tag = blankToNull(request.tag);
      if (q === '' && tag === null) return { items: [], total: 0, totalIsLowerBound: false };
      let parsed = EVERYTHING;
      try {
        if (q !== '') parsed = parsedQuery(q);
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
        tag: tag === null ? null : normalizeTag(tag),
        lang: blankToNull(request.lang),
        blogId: request.blog ?? null,
        excludeBlogId: officialBlogId,
      };
      // One character past the snippet's scan: the snippet still knows the text goes on.
      const { rows, total, totalIsLowerBound } = await repo.search(
        parsed,
        filters,
        request.sort ?? 'relevance',
        { offset: (page - 1) * SEARCH_PAGE_SIZE, limit: SEARCH_PAGE_SIZE },
        SCAN_CHARS + 1,
      );
      const suggestion = total === 0 && q !== '' ? await suggest(q) : undefined;
      return {
        ...(suggestion ? { suggestion } : {}),
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
        totalIsLowerBound,
      };
    },
  };
}

export type SearchService = ReturnType<typeof searchService>;
