import type { FastifyBaseLogger } from 'fastify';
import type { UiLanguage } from '@repolog/contract/locale';

/** Title, description and Open Graph data of one page's head. */
export interface PageMeta {
  title: string;
  description: string;
  url?: string;
  type?: 'website' | 'article';
  /** The share card: a large picture for link previews (og:image, summary_large_image). */
  image?: { url: string; width: number; height: number; alt: string };
  /** Structured data (schema.org) for search engines, as JSON-LD. */
  jsonLd?: Record<string, unknown>;
}

/**
 * The page meta tags are asked about: its address (path and query) and where to log. A request
 * is one; so is a page rendered ahead of any request (page-store.ts).
 */
export interface PageAddress {
  url: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * Looks up meta tags for a client route; undefined means the defaults. Every provider is asked
 * and their answers are merged (a provider may add only the share card, say).
 */
export type MetaProvider = (page: PageAddress) => Promise<Partial<PageMeta> | undefined>;

/** A page's meta tags: every provider asked, answers merged over the language's defaults. */
export type PageMetaSource = (page: PageAddress, language: UiLanguage) => Promise<PageMeta>;

export const defaultMeta: PageMeta = {
  title: 'Repolog — team tech blogs from your repositories',
  description:
    'Repolog turns a GitHub repository into a real-time collaborative tech blog: breakthroughs written from issues, pull requests and commits.',
};

/** The same in the other interface languages (a page's own title and description are content). */
const defaultMetaIn: Partial<Record<UiLanguage, PageMeta>> = {
  ko: {
    title: 'Repolog — 저장소에서 만드는 팀 기술 블로그',
    description:
      'Repolog는 GitHub 저장소를 실시간 협업 기술 블로그로 만듭니다: 이슈, 풀 리퀘스트, 커밋에서 쓰는 브레이크스루.',
  },
};

export function pageMetaSource(providers: MetaProvider[], publicUrl: string): PageMetaSource {
  return async (page, language) => {
    const pathname = page.url.split('?')[0] ?? '/';
    const found = await Promise.all(providers.map((provider) => provider(page)));
    return Object.assign(
      { ...(defaultMetaIn[language] ?? defaultMeta), url: `${publicUrl}${pathname}` },
      ...found.filter((value) => value !== undefined),
    ) as PageMeta;
  };
}
