import type { MetaProvider, PageAddress, PageMeta } from '../pages/pages.public.js';
import type { FeedsRepository } from './feeds.repository.js';
import { bodyText, excerpt } from './plain-text.js';

const ARTICLE_PAGE = /^\/breakthrough\/(\d{1,10})\/?$/;
const MAX_ID = 2_147_483_647;
const DESCRIPTION_CHARS = 160;

/** Title, description and og:type for /breakthrough/{id}, so shared links unfurl. */
export function articleMetaProvider(repo: FeedsRepository): MetaProvider {
  return async (request: PageAddress): Promise<PageMeta | undefined> => {
    const match = ARTICLE_PAGE.exec(request.url.split('?')[0] ?? '');
    const id = Number(match?.[1]);
    if (!match || !Number.isSafeInteger(id) || id < 1 || id > MAX_ID) return undefined;
    try {
      const article = await repo.articleMeta(id);
      if (!article) return undefined;
      const text = bodyText(article);
      return {
        title: `${article.title} · Repolog`,
        description:
          text === ''
            ? `A breakthrough from ${article.blogName} on Repolog.`
            : excerpt(text, DESCRIPTION_CHARS),
        type: 'article',
      };
    } catch (error) {
      // The page still works with the default tags; only link previews lose detail.
      request.log.warn({ err: error }, 'article meta tags unavailable');
      return undefined;
    }
  };
}
