import type { Article } from '@repolog/contract/articles';
import type { Blog } from '@repolog/contract/blogs';
import type { PageReads } from '@repolog/contract/pages';
import { tag } from './page-cache.js';
import { articleWatch, blogWatch } from './page-store.repository.js';

/** The reads every server-rendered page may use; missing ones mean a module was not registered. */
export function completeReads(reads: Partial<PageReads>): PageReads {
  const names = [
    'article',
    'comments',
    'blog',
    'breakthroughs',
    'homeArticles',
    'homeBlogs',
    'user',
    'userBreakthroughs',
    'search',
    'series',
    'articleSeries',
    'related',
  ] as const;
  for (const name of names) {
    if (!reads[name]) throw new Error(`pages: no module registered the ${name} read`);
  }
  return reads as PageReads;
}

/** The record a page shows and what of it no cache signal follows (page-store.repository.ts). */
export interface Shown {
  article?: { id: number; watch: string };
  blog?: { id: number; watch: string };
}

/** The same reads, noting in `tags` which cached views the page was made of. */
export function trackedReads(reads: PageReads, tags: Set<string>, shown: Shown = {}): PageReads {
  return {
    article: async (articleId) => {
      tags.add(tag('article', articleId));
      const article: Article = await reads.article(articleId);
      // The page shows the blog's name too.
      tags.add(tag('blog', article.blogId));
      shown.article ??= { id: articleId, watch: articleWatch(article) };
      return article;
    },
    comments: (articleId) => {
      tags.add(tag('comments', articleId));
      return reads.comments(articleId);
    },
    blog: async (blogId): Promise<Blog> => {
      tags.add(tag('blog', blogId));
      const blog = await reads.blog(blogId);
      // The page names its newest breakthroughs: their new titles make it stale too.
      for (const listed of blog.break_throughs) tags.add(tag('article', listed.articleId));
      shown.blog ??= {
        id: blogId,
        watch: blogWatch({
          favCount: blog.fav_count,
          articleCount: blog.article_count,
          newest: blog.break_throughs.map((listed) => ({
            id: listed.articleId,
            likeCount: listed.likeCount,
            commentCount: listed.commentCount,
          })),
        }),
      };
      return blog;
    },
    breakthroughs: (query) => {
      tags.add(tag('breakthroughLists'));
      return reads.breakthroughs(query);
    },
    homeArticles: () => {
      tags.add('home');
      return reads.homeArticles();
    },
    homeBlogs: () => {
      tags.add('home');
      return reads.homeBlogs();
    },
    user: async (login) => {
      tags.add(`user:${login.toLowerCase()}`);
      // A new or deleted breakthrough moves the counts; the page names the user's blogs.
      tags.add(tag('breakthroughLists'));
      const profile = await reads.user(login);
      for (const blog of profile.blogs) tags.add(tag('blog', blog.blogId));
      return profile;
    },
    userBreakthroughs: (login, page) => {
      tags.add(tag('breakthroughLists'));
      tags.add(`user:${login.toLowerCase()}`);
      return reads.userBreakthroughs(login, page);
    },
    search: async (query) => {
      // New and deleted breakthroughs change the results; edits change the found ones.
      tags.add(tag('breakthroughLists'));
      const result = await reads.search(query);
      for (const item of result.items) tags.add(tag('article', item.articleId));
      return result;
    },
    series: async (seriesId) => {
      const series = await reads.series(seriesId);
      // Its name and order come with a signal of its blog; its parts' titles with theirs.
      tags.add(tag('blog', series.blogId));
      for (const item of series.items) tags.add(tag('article', item.articleId));
      return series;
    },
    articleSeries: async (articleId) => {
      // A change of the series (name, order, a part joining or leaving) signals each part.
      tags.add(tag('article', articleId));
      const found = await reads.articleSeries(articleId);
      for (const part of found.series?.parts ?? []) tags.add(tag('article', part.articleId));
      return found;
    },
    related: async (articleId) => {
      // A list computed again signals its article; the listed ones' titles signal themselves.
      tags.add(tag('article', articleId));
      const items = await reads.related(articleId);
      for (const item of items) tags.add(tag('article', item.articleId));
      return items;
    },
  };
}
