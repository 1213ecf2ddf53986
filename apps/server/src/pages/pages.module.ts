import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Article } from '@repolog/contract/articles';
import type { Blog } from '@repolog/contract/blogs';
import type { UiLanguage } from '@repolog/contract/locale';
import type { PageReads } from '@repolog/contract/pages';
import type { AppDeps } from '../deps.js';
import {
  assembleDocument,
  pageMetaSource,
  type DocumentSource,
  type PageAddress,
  type RenderedDocument,
} from '../plugins/static-spa.js';
import { cardStore } from './card-store.js';
import { pageCache, tag } from './page-cache.js';
import { createPageFill } from './page-fill.js';
import type { LoadedRenderer } from './page-renderer.js';
import { createPageStore } from './page-store.js';
import { articleWatch, blogWatch, pageStoreRepository } from './page-store.repository.js';
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

/** The record a page shows and what of it no cache signal follows (page-store.repository.ts). */
interface Shown {
  article?: { id: number; watch: string };
  blog?: { id: number; watch: string };
}

/** The same reads, noting in `tags` which cached views the page was made of. */
function trackedReads(reads: PageReads, tags: Set<string>, shown: Shown = {}): PageReads {
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
 * A stored page was found to show what its records hold now: its data is as fresh as a page
 * rendered this moment, so the browser's query cache is told so (else it would ask the API
 * again for data older than its stale time). In the dehydrated JSON that key is only ever a key:
 * the same characters inside a string value would have their quotes escaped.
 */
function current(page: RenderedDocument): RenderedDocument {
  if (!page.state) return page;
  return {
    ...page,
    state: page.state.replace(/"dataUpdatedAt":\d+/g, `"dataUpdatedAt":${Date.now()}`),
  };
}

/** Pages kept in the database: a breakthrough's and a blog's, at their plain address. */
const STORED_PAGE = /^\/(?:breakthrough|blog)\/[1-9]\d{0,9}$/;

/**
 * Public pages rendered on the server (DESIGN.md §7): the same React components as the browser,
 * fed by the services the API routes use, as a visitor. Everyone gets the same HTML, kept per
 * instance for a second and dropped with the API views it shows. Breakthrough and blog pages are
 * also stored (page-store.ts), rendered ahead of readers by a background pass, so a reader at
 * any of them gets it with one query. Also the share cards.
 */
export function registerPagesModule(
  app: FastifyInstance,
  deps: AppDeps,
  renderer: LoadedRenderer | undefined,
): DocumentSource | undefined {
  const reads = completeReads(deps.pageReads);
  const cards = cardStore({
    dir: path.join(deps.config.dataDir, 'cards'),
    onError: (error) => app.log.warn({ err: error }, 'share card not kept on disk'),
  });
  registerShareCardRoutes(app, reads, cards);
  deps.metaProviders.push(shareMeta(reads, deps.config.publicUrl));
  if (!renderer) return undefined;

  const metaOf = pageMetaSource(deps.metaProviders, deps.config.publicUrl);
  const pages = pageCache<{ status: number; html: string } | undefined>({
    cacheSync: deps.cacheSync,
  });
  const repo = pageStoreRepository(deps.db);
  const store = createPageStore({
    repo,
    cacheSync: deps.cacheSync,
    build: renderer.build,
    onError: (error) => app.log.warn({ err: error }, 'stored page not kept'),
  });

  /** Renders a page; a breakthrough's or blog's page found whole is stored too. */
  const render = async (page: PageAddress, language: UiLanguage, tags: Set<string>) => {
    const storable = STORED_PAGE.test(page.url);
    const mark = store.mark();
    const shown: Shown = {};
    const rendered = await renderer.render(page.url, trackedReads(reads, tags, shown), language);
    if (!rendered) return undefined;
    const meta = await metaOf(page, language);
    const saved =
      storable && rendered.status === 200 && (shown.article ?? shown.blog)
        ? store.save(mark, {
            path: page.url,
            language,
            ...rendered,
            meta: JSON.stringify(meta),
            // An article page watches its blog's name instead of every signal of its blog.
            tags: shown.article ? [...tags].filter((t) => !t.startsWith('blog:')) : [...tags],
            articleId: shown.article?.id ?? null,
            blogId: shown.article ? null : (shown.blog?.id ?? null),
            watch: (shown.article ?? shown.blog)?.watch ?? '',
          })
        : undefined;
    return { page: rendered, meta, saved };
  };

  const fill = createPageFill({
    repo,
    build: renderer.build,
    languages: deps.config.pageFillLanguages,
    renderPage: async (url, language) => {
      const done = await render({ url, log: app.log }, language, new Set());
      await done?.saved;
    },
    onError: (error) => app.log.warn({ err: error }, 'page not rendered ahead'),
  });
  if (deps.config.pageFillLanguages.length > 0) {
    app.addHook('onReady', () => {
      void fill.runPass().then((count) => {
        if (count > 0) app.log.info({ pages: count }, 'public pages rendered ahead');
      });
    });
  }
  deps.onClose(async () => {
    await fill.stop();
    await store.settled();
  });

  return async (request: FastifyRequest, shell, language) => {
    const url = request.url;
    const pathname = url.split('?')[0] ?? '/';
    const key = `${language} ${url}`;
    try {
      // A page read or rendered within the second; else a stored one, which is not kept in
      // memory (on a long tail it would only be pushed out unused, and its query is cheap).
      const kept = pages.peek(key);
      if (kept) return await kept;
      if (STORED_PAGE.test(url)) {
        const stored = await store.read(url, language);
        if (stored) {
          if (stored.old) fill.refresh(url, language);
          return {
            status: stored.page.status,
            html: assembleDocument(shell, pathname, stored.meta, current(stored.page), language),
          };
        }
      }
      // One render at a time per page and interface language.
      return await pages.get(key, async (tags) => {
        const done = await render(request, language, tags);
        if (!done) return undefined;
        return {
          status: done.page.status,
          html: assembleDocument(shell, pathname, done.meta, done.page, language),
        };
      });
    } catch (error) {
      // The browser can still render the page itself.
      request.log.error({ err: error, url }, 'server rendering failed; sending the app shell');
      return undefined;
    }
  };
}
