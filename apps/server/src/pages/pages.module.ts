import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Article } from '@repolog/contract/articles';
import type { Blog } from '@repolog/contract/blogs';
import type { PageReads, PageRenderer } from '@repolog/contract/pages';
import type { AppDeps } from '../deps.js';
import { assembleDocument, type DocumentSource } from '../plugins/static-spa.js';
import { cardStore } from './card-store.js';
import { pageCache, tag } from './page-cache.js';
import { registerShareCardRoutes, shareMeta } from './share-cards.js';

/** The reads every server-rendered page may use; missing ones mean a module was not registered. */
function completeReads(reads: Partial<PageReads>): PageReads {
  const names = [
    'article',
    'comments',
    'blog',
    'breakthroughs',
    'homeArticles',
    'homeBlogs',
    'user',
    'userBreakthroughs',
  ] as const;
  for (const name of names) {
    if (!reads[name]) throw new Error(`pages: no module registered the ${name} read`);
  }
  return reads as PageReads;
}

/** The same reads, noting in `tags` which cached views the page was made of. */
function trackedReads(reads: PageReads, tags: Set<string>): PageReads {
  return {
    article: async (articleId) => {
      tags.add(tag('article', articleId));
      const article: Article = await reads.article(articleId);
      // The page shows the blog's name too.
      tags.add(tag('blog', article.blogId));
      return article;
    },
    comments: (articleId) => {
      tags.add(tag('comments', articleId));
      return reads.comments(articleId);
    },
    blog: (blogId): Promise<Blog> => {
      tags.add(tag('blog', blogId));
      return reads.blog(blogId);
    },
    breakthroughs: (query) => {
      tags.add(tag('breakthroughLists'));
      return reads.breakthroughs(query);
    },
    homeArticles: () => reads.homeArticles(),
    homeBlogs: () => reads.homeBlogs(),
    user: async (login) => {
      // A new or deleted breakthrough moves the counts; the page names the user's blogs.
      tags.add(tag('breakthroughLists'));
      const profile = await reads.user(login);
      for (const blog of profile.blogs) tags.add(tag('blog', blog.blogId));
      return profile;
    },
    userBreakthroughs: (login, page) => {
      tags.add(tag('breakthroughLists'));
      return reads.userBreakthroughs(login, page);
    },
  };
}

/**
 * Public pages rendered on the server (DESIGN.md §7): the same React components as the browser,
 * fed by the services the API routes use, as a visitor. Everyone gets the same HTML, kept per
 * instance for a second and dropped with the API views it shows. Also the share cards.
 */
export function registerPagesModule(
  app: FastifyInstance,
  deps: AppDeps,
  renderer: PageRenderer | undefined,
): DocumentSource | undefined {
  const reads = completeReads(deps.pageReads);
  const cards = cardStore({
    dir: path.join(deps.config.dataDir, 'cards'),
    onError: (error) => app.log.warn({ err: error }, 'share card not kept on disk'),
  });
  registerShareCardRoutes(app, reads, cards);
  deps.metaProviders.push(shareMeta(reads, deps.config.publicUrl));
  if (!renderer) return undefined;

  const pages = pageCache<{ status: number; html: string } | undefined>({
    cacheSync: deps.cacheSync,
  });
  return async (request: FastifyRequest, shell, language) => {
    const url = request.url;
    const pathname = url.split('?')[0] ?? '/';
    try {
      // One HTML per page and interface language.
      return await pages.get(`${language} ${url}`, async (tags) => {
        const page = await renderer(url, trackedReads(reads, tags), language);
        if (!page) return undefined;
        return {
          status: page.status,
          html: assembleDocument(shell, pathname, await shell.meta(request), page, language),
        };
      });
    } catch (error) {
      // The browser can still render the page itself.
      request.log.error({ err: error, url }, 'server rendering failed; sending the app shell');
      return undefined;
    }
  };
}
