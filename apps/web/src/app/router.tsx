import type { MemberPagePath } from '@repolog/contract/page-routes';
import { lazy, type ComponentType, type ReactElement } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { RequireAuth } from './layouts/require-auth';
import { RootLayout } from './layouts/root-layout';

/** A page's component, whose code can be fetched before it is first rendered. */
type Page = ComponentType & { preload: () => Promise<unknown> };

/**
 * A named export loaded on first use: each page is its own chunk. Once its code is here the page
 * renders at once, without suspending: the browser loads the server-rendered page's code before
 * it hydrates (preloadPage), so hydration never finds the page's boundary waiting — an update
 * reaching a boundary still waiting would replace the server's HTML with the empty fallback.
 */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): Page {
  let loaded: ComponentType | undefined;
  const get = async () => (loaded ??= (await load())[name]);
  const Lazy = lazy(async () => ({ default: await get() }));
  function LazyPage() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  LazyPage.preload = get;
  return LazyPage;
}

const StartPage = page(() => import('./routes/start'), 'StartPage');
const LoginPage = page(() => import('./routes/login'), 'LoginPage');
const GithubCallbackPage = page(() => import('./routes/github-callback'), 'GithubCallbackPage');
const HomePage = page(() => import('./routes/home'), 'HomePage');
const BreakthroughListPage = page(
  () => import('./routes/breakthrough-list'),
  'BreakthroughListPage',
);
const ArticlePage = page(() => import('./routes/article'), 'ArticlePage');
const ArticleHistoryPage = page(() => import('./routes/article-history'), 'ArticleHistoryPage');
const BlogPage = page(() => import('./routes/blog'), 'BlogPage');
const NotificationsPage = page(() => import('./routes/notifications'), 'NotificationsPage');
const UserPage = page(() => import('./routes/user'), 'UserPage');
const SearchPage = page(() => import('./routes/search'), 'SearchPage');
const TagPage = page(() => import('./routes/tag'), 'TagPage');
const SeriesPage = page(() => import('./routes/series'), 'SeriesPage');
const ArticleEditPage = page(() => import('./routes/article-edit'), 'ArticleEditPage');
const BlogEditPage = page(() => import('./routes/blog-edit'), 'BlogEditPage');
const ArticleWritePage = page(() => import('./routes/article-write'), 'ArticleWritePage');
const WorkspacePage = page(() => import('./routes/workspace'), 'WorkspacePage');
const WorkspaceStatsPage = page(() => import('./routes/stats'), 'WorkspaceStatsPage');
const BlogStatsPage = page(() => import('./routes/stats'), 'BlogStatsPage');
const ArticleStatsPage = page(() => import('./routes/stats'), 'ArticleStatsPage');
const MakeBlogPage = page(() => import('./routes/make-blog'), 'MakeBlogPage');
const MyBlogPage = page(() => import('./routes/my-blog'), 'MyBlogPage');
const LikedBreakthroughsPage = page(
  () => import('./routes/breakthrough-list'),
  'LikedBreakthroughsPage',
);
const FollowedBlogsPage = page(() => import('./routes/followed-blogs'), 'FollowedBlogsPage');
const AdminPage = page(() => import('./routes/admin'), 'AdminPage');
const SettingsPage = page(() => import('./routes/settings'), 'SettingsPage');
const NotFoundPage = page(() => import('./routes/not-found'), 'NotFoundPage');

/** The members' pages the app shell preloads (MEMBER_PAGE_ROUTES), by the contract's paths. */
const MEMBER_PAGES: Record<MemberPagePath, Page> = {
  '/blog/:blogId/breakthrough/write': ArticleWritePage,
  '/breakthrough/:articleId/edit': ArticleEditPage,
  '/workspace': WorkspacePage,
  '/admin': AdminPage,
};

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <StartPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/github', element: <GithubCallbackPage /> },
      { path: '/home', element: <HomePage /> },
      { path: '/breakthrough', element: <BreakthroughListPage /> },
      { path: '/breakthrough/:articleId', element: <ArticlePage /> },
      { path: '/breakthrough/:articleId/history', element: <ArticleHistoryPage /> },
      { path: '/blog/:blogId', element: <BlogPage /> },
      { path: '/notification', element: <NotificationsPage /> },
      { path: '/user/:login', element: <UserPage /> },
      { path: '/search', element: <SearchPage /> },
      { path: '/tag/:name', element: <TagPage /> },
      { path: '/blog/:blogId/series/:seriesId', element: <SeriesPage /> },
      {
        element: <RequireAuth />,
        children: [
          ...Object.entries(MEMBER_PAGES).map(([path, Member]) => ({ path, element: <Member /> })),
          { path: '/blog/:blogId/edit', element: <BlogEditPage /> },
          { path: '/workspace/stats', element: <WorkspaceStatsPage /> },
          { path: '/blog/:blogId/stats', element: <BlogStatsPage /> },
          { path: '/breakthrough/:articleId/stats', element: <ArticleStatsPage /> },
          { path: '/workspace/makeblog', element: <MakeBlogPage /> },
          { path: '/workspace/myblog/:blog_id', element: <MyBlogPage /> },
          { path: '/like/breakthrough', element: <LikedBreakthroughsPage /> },
          { path: '/follow/blog', element: <FollowedBlogsPage /> },
          { path: '/settings', element: <SettingsPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** Route tables holding only one page's route (by its path), made once each. */
const single = new Map<string, RouteObject[]>();

/**
 * The route table with only the page at `path` under the root layout: what the server renders
 * for one of its pages. It matches that page as the whole table does (same elements, same
 * params), without React Router ranking every route again on each render.
 */
function onlyRoute(path: string): RouteObject[] {
  let table = single.get(path);
  if (!table) {
    const [root] = routes;
    const page = root?.children?.find((route) => route.path === path);
    table = root && page ? [{ element: root.element, children: [page] }] : routes;
    single.set(path, table);
  }
  return table;
}

/**
 * Every route of spec §2, as one route table built once. Declarative routes (not the data
 * router) keep the first load of the public pages inside the 100 KB JavaScript budget; pages
 * other than the start page load lazily. `only`: the path of the one route the server renders.
 */
export function AppRoutes({ only }: { only?: string }) {
  return useRoutes(only === undefined ? routes : onlyRoute(only));
}

/** Fetches the code of the pages an address shows (before the browser hydrates the server's). */
export async function preloadPage(pathname: string): Promise<void> {
  const loads = (matchRoutes(routes, pathname) ?? []).flatMap(({ route }) => {
    const type = (route.element as ReactElement | undefined)?.type;
    return typeof type === 'function' && 'preload' in type ? [(type as Page).preload()] : [];
  });
  await Promise.all(loads);
}
