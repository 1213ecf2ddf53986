import type { FastifyInstance } from 'fastify';
import type { Article } from '@repolog/contract/articles';
import type { Blog } from '@repolog/contract/blogs';
import type { PageReads } from '@repolog/contract/pages';
import { badRequest } from '../errors.js';
import { cdnKeys, surrogateKeys } from '../plugins/http-cache.js';
import type { MetaProvider, PageAddress, PageMeta } from './page-meta.js';
import type { cardStore } from './card-store.js';
import { CARD_HEIGHT, CARD_WIDTH, cardVersion, renderCard, type CardInput } from './share-card.js';

const ARTICLE_PAGE = /^\/breakthrough\/(\d{1,10})\/?$/;
const BLOG_PAGE = /^\/blog\/(\d{1,10})\/?$/;
const MAX_ID = 2_147_483_647;
const CARD_FILE = /^([\w-]{16})\.png$/;

const day = (iso: string) => iso.slice(0, 10);

const articleCard = (article: Article): CardInput => ({
  kind: 'breakthrough',
  title: article.title,
  subtitle: article.blogName,
  language: article.about,
  date: day(article.createdAt),
});

const blogCard = (blog: Blog): CardInput => ({
  kind: 'blog',
  title: blog.blog_name,
  subtitle: blog.description,
  language: null,
  date: day(blog.created_at),
});

const cardPath = (input: CardInput, id: number) =>
  `/og/${input.kind}/${id}/${cardVersion(input)}.png`;

function idFrom(pattern: RegExp, request: PageAddress): number | undefined {
  const match = pattern.exec(request.url.split('?')[0] ?? '');
  const id = Number(match?.[1]);
  return match && Number.isSafeInteger(id) && id >= 1 && id <= MAX_ID ? id : undefined;
}

const isMissing = (error: unknown) => (error as { status?: unknown }).status === 404;

/**
 * og:image (the share card, whose address changes with what it shows), the large Twitter card
 * and schema.org JSON-LD for article and blog pages: BlogPosting and Blog.
 */
export function shareMeta(reads: PageReads, publicUrl: string): MetaProvider {
  const organization = { '@type': 'Organization', name: 'Repolog', url: publicUrl };
  return async (request): Promise<Partial<PageMeta> | undefined> => {
    try {
      const articleId = idFrom(ARTICLE_PAGE, request);
      if (articleId !== undefined) {
        const article = await reads.article(articleId);
        const image = `${publicUrl}${cardPath(articleCard(article), articleId)}`;
        const url = `${publicUrl}/breakthrough/${articleId}`;
        return {
          url,
          image: { url: image, width: CARD_WIDTH, height: CARD_HEIGHT, alt: article.title },
          jsonLd: {
            '@context': 'https://schema.org',
            '@type': 'BlogPosting',
            headline: article.title,
            url,
            mainEntityOfPage: url,
            image,
            datePublished: article.createdAt,
            dateModified: article.updatedAt,
            author: { '@type': 'Person', name: article.userName },
            publisher: organization,
            ...(article.about || article.tags.length > 0
              ? {
                  keywords: [...article.tags, ...(article.about ? [article.about] : [])].join(', '),
                }
              : {}),
            isPartOf: {
              '@type': 'Blog',
              name: article.blogName,
              url: `${publicUrl}/blog/${article.blogId}`,
            },
          },
        };
      }
      const blogId = idFrom(BLOG_PAGE, request);
      if (blogId !== undefined) {
        const blog = await reads.blog(blogId);
        const image = `${publicUrl}${cardPath(blogCard(blog), blogId)}`;
        const url = `${publicUrl}/blog/${blogId}`;
        return {
          image: { url: image, width: CARD_WIDTH, height: CARD_HEIGHT, alt: blog.blog_name },
          jsonLd: {
            '@context': 'https://schema.org',
            '@type': 'Blog',
            name: blog.blog_name,
            description: blog.description,
            url,
            image,
            publisher: organization,
            blogPost: blog.break_throughs.map((post) => ({
              '@type': 'BlogPosting',
              headline: post.articleTitle,
              url: `${publicUrl}/breakthrough/${post.articleId}`,
              datePublished: post.createdAt,
            })),
          },
        };
      }
    } catch (error) {
      if (!isMissing(error)) request.log.warn({ err: error }, 'share tags unavailable');
    }
    return undefined;
  };
}

/**
 * GET /og/breakthrough/{id}/{version}.png and /og/blog/{id}/{version}.png: the share card. An
 * address with an old version (the title changed since) redirects to the current one.
 */
export function registerShareCardRoutes(
  app: FastifyInstance,
  reads: PageReads,
  cards: ReturnType<typeof cardStore>,
): void {
  const serve = (kind: CardInput['kind'], load: (id: number) => Promise<CardInput>) =>
    app.get<{ Params: { id: string; card: string } }>(
      `/og/${kind}/:id/:card`,
      async (request, reply) => {
        const id = Number(request.params.id);
        const file = CARD_FILE.exec(request.params.card);
        if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID || !file) {
          throw badRequest('pages.shareCardPath', { path: `/og/${kind}/{id}/{version}.png` });
        }
        const input = await load(id);
        const version = cardVersion(input);
        if (file[1] !== version) {
          return reply
            .header('Cache-Control', 'public, max-age=300')
            .redirect(`/og/${kind}/${id}/${version}.png`, 301);
        }
        const card = await cards.get(`${kind}-${id}-${version}`, () => renderCard(input));
        // A CDN keeps it until what it shows changes or is hidden (purged by these keys); a
        // hidden breakthrough's card is a 404 here, as its page is.
        surrogateKeys(reply, cdnKeys([`${kind === 'blog' ? 'blog' : 'article'}:${id}`]));
        if (card.url !== undefined) {
          return reply.header('Cache-Control', 'public, max-age=86400').redirect(card.url, 302);
        }
        return reply
          .type('image/png')
          .header('Cache-Control', 'public, max-age=31536000, immutable')
          .send(card.png);
      },
    );
  serve('breakthrough', async (id) => articleCard(await reads.article(id)));
  serve('blog', async (id) => blogCard(await reads.blog(id)));
}
