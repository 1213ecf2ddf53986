import { notFound } from '../errors.js';
import type { FeedArticleRow, FeedsRepository } from './feeds.repository.js';
import { bodyText, excerpt } from './plain-text.js';
import {
  renderRss,
  renderSitemapIndex,
  renderUrlset,
  type RssItem,
  type SitemapUrl,
} from './xml.js';

/** Items per feed. */
export const FEED_SIZE = 50;
/** The sitemaps.org limit of URLs per file; beyond it /sitemap.xml becomes an index. */
export const SITEMAP_MAX_URLS = 50_000;
const DESCRIPTION_CHARS = 300;

export interface FeedsServiceDeps {
  repo: FeedsRepository;
  publicUrl: string;
  sitemapMaxUrls?: number;
}

/** RSS feeds and the sitemap, every link absolute from PUBLIC_URL. */
export function feedsService({
  repo,
  publicUrl,
  sitemapMaxUrls = SITEMAP_MAX_URLS,
}: FeedsServiceDeps) {
  const articleUrl = (id: number) => `${publicUrl}/breakthrough/${id}`;
  const blogUrl = (id: number) => `${publicUrl}/blog/${id}`;
  const tagUrl = (name: string) => `${publicUrl}/tag/${encodeURIComponent(name)}`;
  const staticUrls: SitemapUrl[] = ['/', '/home', '/breakthrough'].map((path) => ({
    loc: `${publicUrl}${path}`,
  }));

  const item = (row: FeedArticleRow): RssItem => ({
    title: row.title,
    link: articleUrl(row.id),
    description: excerpt(bodyText(row), DESCRIPTION_CHARS),
    pubDate: row.createdAt,
    categories: [row.blogName, ...(row.about ? [row.about] : [])],
    creator: row.authorName ?? 'deleted user',
  });

  /** The sitemap's URLs from position `start` (static pages, blogs, articles, then tags). */
  const urlsFrom = async (
    start: number,
    limit: number,
    counts: { blogs: number; articles: number },
  ) => {
    const blogCount = counts.blogs;
    const end = start + limit;
    const urls = staticUrls.slice(start, end);
    const blogStart = Math.max(0, start - staticUrls.length);
    const blogEnd = Math.min(blogCount, end - staticUrls.length);
    const articleStart = Math.max(0, start - staticUrls.length - blogCount);
    const articleEnd = Math.min(counts.articles, end - staticUrls.length - blogCount);
    const before = staticUrls.length + blogCount + counts.articles;
    const tagStart = Math.max(0, start - before);
    const [blogRows, articleRows, tagRows] = await Promise.all([
      repo.blogLastmods(blogStart, blogEnd - blogStart),
      repo.articleLastmods(articleStart, articleEnd - articleStart),
      repo.tagLastmods(tagStart, end - before - tagStart),
    ]);
    return [
      ...urls,
      ...blogRows.map((row) => ({ loc: blogUrl(row.id), lastmod: row.lastmod })),
      ...articleRows.map((row) => ({ loc: articleUrl(row.id), lastmod: row.lastmod })),
      ...tagRows.map((row) => ({ loc: tagUrl(row.name), lastmod: row.lastmod })),
    ];
  };

  return {
    /** /rss.xml: the newest breakthroughs of every blog, official notices included. */
    async siteFeed(): Promise<string> {
      const rows = await repo.latest({ limit: FEED_SIZE });
      return renderRss({
        title: 'Repolog',
        link: `${publicUrl}/breakthrough`,
        selfLink: `${publicUrl}/rss.xml`,
        description: 'The newest breakthroughs from team tech blogs on Repolog.',
        items: rows.map(item),
      });
    },

    /** /blog/{blogId}/rss.xml */
    async blogFeed(blogId: number): Promise<string> {
      const blog = await repo.findBlog(blogId);
      if (!blog) throw notFound('blogs.gone');
      const rows = await repo.latest({ limit: FEED_SIZE, blogId });
      return renderRss({
        title: `${blog.name} · Repolog`,
        link: blogUrl(blog.id),
        selfLink: `${blogUrl(blog.id)}/rss.xml`,
        description: excerpt(blog.description.replace(/\s+/g, ' ').trim(), DESCRIPTION_CHARS),
        items: rows.map(item),
      });
    },

    /** /tag/{name}/rss.xml: the newest breakthroughs with the tag (none yet: an empty feed). */
    async tagFeed(name: string): Promise<string> {
      const rows = await repo.latest({ limit: FEED_SIZE, tag: name });
      return renderRss({
        title: `#${name} · Repolog`,
        link: tagUrl(name),
        selfLink: `${tagUrl(name)}/rss.xml`,
        description: `The newest breakthroughs tagged ${name} on Repolog.`,
        items: rows.map(item),
      });
    },

    /**
     * /sitemap.xml: one urlset while it fits the protocol's limit, otherwise an index of
     * /sitemap.xml?page=N files.
     */
    async sitemap(page: number | undefined): Promise<string> {
      const counts = await repo.counts();
      const total = staticUrls.length + counts.blogs + counts.articles + counts.tags;
      const pages = Math.ceil(total / sitemapMaxUrls);
      if (page === undefined) {
        if (pages <= 1) return renderUrlset(await urlsFrom(0, sitemapMaxUrls, counts));
        return renderSitemapIndex(
          Array.from({ length: pages }, (_, i) => `${publicUrl}/sitemap.xml?page=${i + 1}`),
        );
      }
      if (page > pages) throw notFound('feeds.sitemapPages', { pages });
      return renderUrlset(await urlsFrom((page - 1) * sitemapMaxUrls, sitemapMaxUrls, counts));
    },
  };
}

export type FeedsService = ReturnType<typeof feedsService>;
