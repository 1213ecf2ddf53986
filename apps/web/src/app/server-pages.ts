import type { QueryClient } from '@tanstack/react-query';
import { OFFICIAL_BLOG_ID, DEVELOPER_BLOG_IDS } from '@repolog/contract/constants';
import {
  SERVER_PAGE_ROUTES,
  type PageRoute,
  type ServerPagePath,
} from '@repolog/contract/page-routes';
import type { PageReads } from '@repolog/contract/pages';
import { matchPath } from 'react-router';
import { articlePageQuery } from '../features/articles/api/article-lists';
import { readListState } from '../features/articles/lib/list-state';
import { blogQuery } from '../lib/blog-record';
import { commentsQuery } from '../features/comments/api/comments';
import { homeArticlesQuery, homeBlogsQuery } from '../features/home/api/home-lists';
import { userBreakthroughsQuery, userProfileQuery } from '../features/users/api/user-profile';
import { isLogin, readPage } from '../features/users/lib/profile-page';
import { searchQuery } from '../features/search/api/search';
import { articleSeriesQuery, relatedQuery } from '../features/articles/api/companions';
import { seriesQuery } from '../features/series/api/series';
import { readSearchState } from '../features/search/lib/search-state';
import { readTagState } from '../features/search/lib/tag-state';
import { ApiError, answerError } from '../lib/api-client';
import { articleQuery } from '../lib/article-record';
import { isValidId } from '../lib/format';

interface LoadContext {
  client: QueryClient;
  params: Record<string, string | undefined>;
  search: URLSearchParams;
  reads: PageReads;
}

/** How a page loaded: its HTTP status, and whether the browser can adopt the HTML as it is. */
export interface LoadResult {
  status: number;
  hydrate: boolean;
}

/** A server-rendered page (its address and route module: SERVER_PAGE_ROUTES) and its parts. */
interface ServerPage extends PageRoute, PageParts {}

interface PageParts {
  /**
   * Lazily loaded parts the page's HTML shows (Vite manifest keys): the HTML links their
   * styles; their code loads once hydration reaches them.
   */
  islands?: string[];
  /** Puts the page's data into the query cache under the keys its components read. */
  load?: (context: LoadContext) => Promise<LoadResult | void>;
}

const notFound: LoadResult = { status: 404, hydrate: true };
/** A record that is missing: the server shows "not found"; the browser renders the page anew. */
const missing: LoadResult = { status: 404, hydrate: false };

/** A server read failure as the API client would have reported it, so pages show the same. */
function asApiError(error: unknown): never {
  const { status, code, key, params } = (error ?? {}) as Record<string, unknown>;
  const message = error instanceof Error ? error.message : 'The request failed.';
  // A server error (AppError) carries its message's key: the page says it in its language.
  throw answerError(typeof status === 'number' ? status : 500, {
    error: code,
    message,
    key,
    params,
  });
}

const isMissing = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * A part of the page that may fail without failing the page (comments, the developer blogs):
 * on failure it is left out of the cache, so server and browser both show it loading.
 */
async function optional(
  client: QueryClient,
  queryKey: readonly unknown[],
  read: () => Promise<unknown>,
) {
  try {
    await client.fetchQuery({ queryKey, queryFn: () => read().catch(asApiError) });
  } catch {
    client.removeQueries({ queryKey, exact: true });
  }
}

/**
 * What each public page the server renders (DESIGN.md §7) shows: its islands and its data.
 * Every other route renders in the browser only. Loaders use the query options the components
 * use, with the server's in-process reads in place of the HTTP fetchers.
 */
const PARTS: Record<ServerPagePath, PageParts> = {
  '/': {},
  '/home': {
    islands: ['src/features/home/components/top-strips.tsx'],
    load: async ({ client, reads }) => {
      await Promise.all([
        optional(client, homeArticlesQuery.queryKey, () => reads.homeArticles()),
        optional(client, homeBlogsQuery.queryKey, () => reads.homeBlogs()),
      ]);
    },
  },
  '/breakthrough': {
    islands: ['src/features/articles/components/breakthrough-rows.tsx'],
    load: async ({ client, search, reads }) => {
      const state = readListState(search);
      await client.fetchQuery({
        ...articlePageQuery('all', state),
        queryFn: () => reads.breakthroughs(state).catch(asApiError),
      });
    },
  },
  '/breakthrough/:articleId': {
    islands: [
      'src/features/articles/components/like-button.tsx',
      'src/features/comments/components/comments-section.tsx',
      'src/features/articles/components/article-companions.tsx',
    ],
    load: async ({ client, params, reads }) => {
      const articleId = Number(params.articleId);
      if (!isValidId(articleId)) return notFound;
      try {
        await client.fetchQuery({
          ...articleQuery(articleId, null),
          queryFn: () => reads.article(articleId).catch(asApiError),
        });
      } catch (error) {
        if (isMissing(error)) return missing;
        throw error;
      }
      await Promise.all([
        optional(client, commentsQuery(articleId, null).queryKey, () => reads.comments(articleId)),
        optional(client, articleSeriesQuery(articleId).queryKey, () =>
          reads.articleSeries(articleId),
        ),
        optional(client, relatedQuery(articleId).queryKey, () => reads.related(articleId)),
      ]);
    },
  },
  '/blog/:blogId': {
    islands: [
      'src/features/blogs/components/favorite-star.tsx',
      'src/features/blogs/components/blog-sidebar.tsx',
      'src/features/blogs/components/developer-blogs.tsx',
      'src/features/blogs/components/blog-articles.tsx',
    ],
    load: async ({ client, params, reads }) => {
      const blogId = Number(params.blogId);
      if (!isValidId(blogId)) return notFound;
      try {
        await client.fetchQuery({
          ...blogQuery(blogId, null),
          queryFn: () => reads.blog(blogId).catch(asApiError),
        });
      } catch (error) {
        if (isMissing(error)) return missing;
        throw error;
      }
      if (blogId === OFFICIAL_BLOG_ID) {
        await Promise.all(
          DEVELOPER_BLOG_IDS.map((id) =>
            optional(client, blogQuery(id, null).queryKey, () => reads.blog(id)),
          ),
        );
      }
    },
  },
  '/user/:login': {
    islands: ['src/features/users/components/user-breakthroughs.tsx'],
    load: async ({ client, params, search, reads }) => {
      const login = params.login;
      if (!isLogin(login)) return notFound;
      try {
        await client.fetchQuery({
          ...userProfileQuery(login),
          queryFn: () => reads.user(login).catch(asApiError),
        });
      } catch (error) {
        if (isMissing(error)) return missing;
        throw error;
      }
      const page = readPage(search);
      await optional(client, userBreakthroughsQuery(login, page).queryKey, () =>
        reads.userBreakthroughs(login, page),
      );
    },
  },
  '/search': {
    load: async ({ client, search, reads }) => {
      const state = readSearchState(search);
      if (state.q === '' && state.tag === '') return;
      try {
        await client.fetchQuery({
          ...searchQuery(state),
          queryFn: () => reads.search(state).catch(asApiError),
        });
      } catch (error) {
        // A query the API refuses (too long, operators alone) shows its message, status 400.
        if (error instanceof ApiError && error.status === 400)
          return { status: 400, hydrate: false };
        throw error;
      }
    },
  },
  '/blog/:blogId/series/:seriesId': {
    load: async ({ client, params, reads }) => {
      const blogId = Number(params.blogId);
      const seriesId = Number(params.seriesId);
      if (!isValidId(blogId) || !isValidId(seriesId)) return notFound;
      try {
        const series = await client.fetchQuery({
          ...seriesQuery(seriesId),
          queryFn: () => reads.series(seriesId).catch(asApiError),
        });
        // Another blog's series at this address: the page says it does not exist.
        if (series.blogId !== blogId) return notFound;
      } catch (error) {
        if (isMissing(error)) return missing;
        throw error;
      }
    },
  },
  '/tag/:name': {
    load: async ({ client, params, search, reads }) => {
      const state = readTagState(params.name ?? '', search);
      await client.fetchQuery({
        ...searchQuery(state),
        queryFn: () => reads.search(state).catch(asApiError),
      });
    },
  },
};

/** The public pages the server renders: the shared list of addresses, with their parts. */
export const SERVER_PAGES: ServerPage[] = SERVER_PAGE_ROUTES.map((route) => ({
  ...route,
  ...PARTS[route.path],
}));

/** The server-rendered page for a path, with its route parameters. */
export function findServerPage(pathname: string) {
  for (const page of SERVER_PAGES) {
    const match = matchPath(page.path, pathname);
    if (match) return { page, params: match.params };
  }
  return undefined;
}
