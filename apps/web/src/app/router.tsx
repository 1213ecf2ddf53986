import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { RequireAuth } from './layouts/require-auth';
import { RootLayout } from './layouts/root-layout';

/** React.lazy for a named export: each page is its own chunk. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
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
const ArticleEditPage = page(() => import('./routes/article-edit'), 'ArticleEditPage');
const BlogEditPage = page(() => import('./routes/blog-edit'), 'BlogEditPage');
const ArticleWritePage = page(() => import('./routes/article-write'), 'ArticleWritePage');
const WorkspacePage = page(() => import('./routes/workspace'), 'WorkspacePage');
const MakeBlogPage = page(() => import('./routes/make-blog'), 'MakeBlogPage');
const MyBlogPage = page(() => import('./routes/my-blog'), 'MyBlogPage');
const LikedBreakthroughsPage = page(
  () => import('./routes/liked-breakthroughs'),
  'LikedBreakthroughsPage',
);
const FollowedBlogsPage = page(() => import('./routes/followed-blogs'), 'FollowedBlogsPage');
const NotFoundPage = page(() => import('./routes/not-found'), 'NotFoundPage');

/**
 * Every route of spec §2. Declarative routes (not the data router) keep the first load of
 * /home inside the 100 KB JavaScript budget; pages other than the start page load lazily.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route path="/" element={<StartPage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/github" element={<GithubCallbackPage />} />
        <Route path="/home" element={<HomePage />} />
        <Route path="/breakthrough" element={<BreakthroughListPage />} />
        <Route path="/breakthrough/:articleId" element={<ArticlePage />} />
        <Route path="/breakthrough/:articleId/history" element={<ArticleHistoryPage />} />
        <Route path="/blog/:blogId" element={<BlogPage />} />
        <Route path="/notification" element={<NotificationsPage />} />
        <Route element={<RequireAuth />}>
          <Route path="/breakthrough/:articleId/edit" element={<ArticleEditPage />} />
          <Route path="/blog/:blogId/edit" element={<BlogEditPage />} />
          <Route path="/blog/:blogId/breakthrough/write" element={<ArticleWritePage />} />
          <Route path="/workspace" element={<WorkspacePage />} />
          <Route path="/workspace/makeblog" element={<MakeBlogPage />} />
          <Route path="/workspace/myblog/:blog_id" element={<MyBlogPage />} />
          <Route path="/like/breakthrough" element={<LikedBreakthroughsPage />} />
          <Route path="/follow/blog" element={<FollowedBlogsPage />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
