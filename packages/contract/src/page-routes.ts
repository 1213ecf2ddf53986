/**
 * The public pages the server renders (DESIGN.md §7), in the one list both sides build on: the
 * web's loader table (apps/web/src/app/server-pages.ts) gives each its data, and the server
 * (apps/server/src/pages/) answers these addresses with the rendered page, or, when it sends the
 * plain app shell instead, with the route's code and first API call preloaded. Plain values:
 * browser and server.
 */
export interface PageRoute {
  /** The address pattern; `:name` stands for one path segment (React Router and Fastify alike). */
  readonly path: string;
  /** The route module (its Vite manifest key). */
  readonly module: string;
  /** The API call the page makes first, with the address's `:name` segments filled in. */
  readonly data?: string;
}

export const SERVER_PAGE_ROUTES = [
  { path: '/', module: 'src/app/routes/start.tsx' },
  { path: '/home', module: 'src/app/routes/home.tsx' },
  { path: '/breakthrough', module: 'src/app/routes/breakthrough-list.tsx' },
  {
    path: '/breakthrough/:articleId',
    module: 'src/app/routes/article.tsx',
    data: '/api/article/breakthrough/:articleId',
  },
  {
    path: '/blog/:blogId',
    module: 'src/app/routes/blog.tsx',
    data: '/api/blog/non-member/:blogId',
  },
  { path: '/user/:login', module: 'src/app/routes/user.tsx' },
  { path: '/search', module: 'src/app/routes/search.tsx' },
  { path: '/tag/:name', module: 'src/app/routes/tag.tsx' },
  {
    path: '/blog/:blogId/series/:seriesId',
    module: 'src/app/routes/series.tsx',
    data: '/api/series/:seriesId',
  },
] as const satisfies readonly PageRoute[];

/**
 * Signed-in readers' pages the browser renders itself whose code the app shell preloads with
 * the app's own (their first reads start when the app's code runs: the web's
 * app/page-reads.ts). Their answer is the reader's own: never kept by a shared cache.
 */
export const MEMBER_PAGE_ROUTES = [
  { path: '/blog/:blogId/breakthrough/write', module: 'src/app/routes/article-write.tsx' },
  { path: '/breakthrough/:articleId/edit', module: 'src/app/routes/article-edit.tsx' },
  { path: '/workspace', module: 'src/app/routes/workspace.tsx' },
  { path: '/admin', module: 'src/app/routes/admin.tsx' },
] as const satisfies readonly PageRoute[];

/** The address pattern of a server-rendered page. */
export type ServerPagePath = (typeof SERVER_PAGE_ROUTES)[number]['path'];

/**
 * The address pattern of a member's page the shell preloads: the web's route table and its
 * first reads are keyed by it, so a page added here without them (or there without it) does not
 * typecheck.
 */
export type MemberPagePath = (typeof MEMBER_PAGE_ROUTES)[number]['path'];

/** `pattern` with its `:name` segments replaced by `params` (URL-encoded). */
export function fillPath(pattern: string, params: Readonly<Record<string, string | undefined>>) {
  return pattern.replace(/:(\w+)/g, (_match, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
}
