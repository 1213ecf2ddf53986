import { DEVELOPER_BLOG_IDS, OFFICIAL_BLOG_ID } from '@repolog/contract/constants';
import type { PageReads } from '@repolog/contract/pages';

/** A read's answer as it crosses to a render thread: its value, or its failure's fields. */
export type ReadResult = { value: unknown } | { error: ErrorFields };

export type ErrorFields = Record<string, unknown> & { message: string };

/** Reads done before a render, by `readKey`, sent to the render thread with its task. */
export type Prefetched = Record<string, ReadResult>;

/** One read and its arguments, as the page's loader calls it (`article[25]`). */
export const readKey = (name: keyof PageReads, args: readonly unknown[]): string =>
  `${name}${JSON.stringify(args)}`;

/** What a failed read tells the page (the web's loader reads status, code, key and params). */
export function errorFields(error: unknown): ErrorFields {
  if (!(error instanceof Error)) return { message: String(error) };
  const { status, code, key, params } = error as Error & Record<string, unknown>;
  return { message: error.message, status, code, key, params };
}

const ARTICLE = /^\/breakthrough\/([1-9]\d{0,9})$/;
const BLOG = /^\/blog\/([1-9]\d{0,9})$/;
/** The web's isValidId: a larger id makes the page "not found" without a read. */
const MAX_ID = 2_147_483_647;

type Ask = [keyof PageReads, number[]];

/**
 * The reads the web's loaders (apps/web/src/app/server-pages.ts) make for a breakthrough's and
 * a blog's page. Only a guess that saves round trips: a read the loader makes and this did not
 * is still asked for over the render's port, and one this made and the loader did not is unused.
 */
function knownReads(url: string): Ask[] {
  const article = ARTICLE.exec(url);
  const id = Number(article?.[1] ?? BLOG.exec(url)?.[1] ?? 0);
  if (id < 1 || id > MAX_ID) return [];
  if (article)
    return [
      ['article', [id]],
      ['comments', [id]],
      ['articleSeries', [id]],
      ['related', [id]],
    ];
  const developers: Ask[] = DEVELOPER_BLOG_IDS.map((blogId) => ['blog', [blogId]]);
  return [['blog', [id]], ...(id === OFFICIAL_BLOG_ID ? developers : [])];
}

/**
 * Does the page's known reads on this thread, all at once (one round of queries instead of the
 * loader's two, and no message per read between the threads).
 */
export async function prefetchReads(url: string, reads: PageReads): Promise<Prefetched> {
  const asks = knownReads(url);
  const byName = reads as unknown as Record<
    keyof PageReads,
    (...args: unknown[]) => Promise<unknown>
  >;
  const results = await Promise.all(
    asks.map(([name, args]) =>
      // Called in a promise: a read that throws at once becomes its failure too.
      Promise.resolve()
        .then(() => byName[name](...args))
        .then(
          (value): ReadResult => ({ value }),
          (error: unknown): ReadResult => ({ error: errorFields(error) }),
        ),
    ),
  );
  const prefetched: Prefetched = {};
  asks.forEach(([name, args], at) => {
    const result = results[at];
    if (result) prefetched[readKey(name, args)] = result;
  });
  return prefetched;
}
