/**
 * The meeting point of the server and the web app's server renderer (apps/web/src/entry-server):
 * what the server reads for a public page, as a visitor and in the API's own shapes, and what the
 * renderer hands back. Types only.
 */
import type { Article, ArticleListItem, HomeArticle } from './articles';
import type { Blog, BlogCard } from './blogs';
import type { Comment } from './comments';
import type { SearchResult } from './search';
import type { ArticleSeries, Series } from './series';
import type { ListSort, SearchSort } from './constants';
import type { UiLanguage } from './locale';
import type { UserProfile } from './users';

/** One page of the breakthrough list, as GET /api/article/breakthrough answers it. */
export interface BreakthroughPage {
  items: ArticleListItem[];
  /** X-Total-Count */
  total: number;
}

/**
 * The list query of /breakthrough, already normalized (page ≥ 1, a known language or '', a
 * known order).
 */
export interface BreakthroughQuery {
  page: number;
  q: string;
  lang: string;
  sort: ListSort;
}

/**
 * The same service calls the public API routes make, as a visitor. A read that finds nothing
 * rejects with an error whose `status` is 404.
 */
export interface PageReads {
  article(articleId: number): Promise<Article>;
  comments(articleId: number): Promise<Comment[]>;
  blog(blogId: number): Promise<Blog>;
  breakthroughs(query: BreakthroughQuery): Promise<BreakthroughPage>;
  homeArticles(): Promise<HomeArticle[]>;
  homeBlogs(): Promise<BlogCard[]>;
  /** A profile by login (any case), as GET /api/user/{login} answers it. */
  user(login: string): Promise<UserProfile>;
  /** One page (1-based, LIST_PAGE_SIZE items) of the breakthroughs a user wrote. */
  userBreakthroughs(login: string, page: number): Promise<BreakthroughPage>;
  /** A full-text search, as GET /api/search answers it (a bad query rejects with status 400). */
  search(query: SearchPageQuery): Promise<SearchResult>;
  /** A series with its breakthroughs in order, as GET /api/series/{seriesId} answers it. */
  series(seriesId: number): Promise<Series>;
  /** The series a breakthrough is part of, as GET /api/article/breakthrough/{id}/series. */
  articleSeries(articleId: number): Promise<ArticleSeries>;
  /** Its stored related breakthroughs, as GET /api/article/breakthrough/{id}/related. */
  related(articleId: number): Promise<ArticleListItem[]>;
}

/** The search of /search, read from its address (blank values left out). */
export interface SearchPageQuery {
  q: string;
  tag: string;
  lang: string;
  blog: number | null;
  sort: SearchSort;
  page: number;
}

export interface RenderedPage {
  status: number;
  /** The app's HTML, to become the content of `<div id="root">`. */
  html: string;
  /**
   * The query cache as JSON (TanStack Query's dehydrate), for the browser to hydrate with; null
   * when the browser should render the page afresh instead (it shows a record that is missing).
   */
  state: string | null;
  /** The page's route modules (Vite manifest keys) whose code and styles the HTML should load. */
  modules: string[];
  /**
   * Lazily loaded parts the HTML already shows (Vite manifest keys): their styles must be in
   * the HTML; their code loads when hydration reaches them.
   */
  islands: string[];
}

/**
 * Renders a public page for `url` (path and query) in an interface language; null for pages
 * rendered only in the browser.
 */
export type PageRenderer = (
  url: string,
  reads: PageReads,
  language?: UiLanguage,
) => Promise<RenderedPage | null>;
