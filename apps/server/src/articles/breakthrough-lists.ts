import type { ArticleListItem, ListSort } from '@repolog/contract/articles';
import type { CacheSync } from '../plugins/cache-sync.js';
import { microcache } from '../plugins/microcache.js';
import { presentListItem } from './articles.presenter.js';
import type { ArticleListsRepository } from './article-lists.repository.js';
import type { ArticleFilters } from './list-filters.js';

/**
 * How long this instance reuses a list page it built (a slice of an id list plus one
 * primary-key read, whatever its number or the number of articles).
 */
export const LIST_CACHE_MS = 2000;

/**
 * How long this instance trusts the ordered ids matching one search/language (and so the
 * total) without reading them again. Every change that moves lists reaches every instance at
 * once (cache-sync): a new or deleted breakthrough is applied to the ids in place, an edit
 * drops only the lists it joins or leaves, a blog renamed or deleted drops them all. So this
 * expiry is only the fallback should a change notice be lost; reading every matching id costs
 * in proportion to the articles, so it is rare.
 */
export const ID_LIST_TTL_MS = 60_000;

/**
 * Past ID_LIST_TTL_MS, an id list keeps answering for this long while it is read again in the
 * background: no request waits for that read (only the first after a change that dropped it).
 */
export const ID_LIST_STALE_MS = 10 * 60_000;

/**
 * How long this instance trusts the ids of a list sorted by likes. Likes are not sent to the
 * lists (a like costs one row and a counter, not a message to every instance), so this expiry
 * is what brings a like's new place: within a few seconds on a list people are reading (the
 * counts on a page are read afresh with each page, every LIST_CACHE_MS).
 */
export const LIKED_ID_LIST_TTL_MS = 5000;

/**
 * Past LIKED_ID_LIST_TTL_MS, a list sorted by likes keeps answering for this long while it is
 * read again in the background; a list nobody read for longer waits for a fresh read.
 */
export const LIKED_ID_LIST_STALE_MS = 60_000;

/** What a list needs to know of a breakthrough to tell whether it belongs in it. */
export interface ListedArticle {
  id: number;
  title: string;
  blogId: number;
  blogName: string;
  about: string | null;
}

/**
 * How the breakthrough lists changed: a new breakthrough (it goes first in every list it
 * matches), one deleted, one edited (its title or language may move it into or out of a
 * list), or anything else (every list is read again).
 */
export type ListChange =
  | { kind: 'added'; article: ListedArticle }
  | { kind: 'removed'; articleId: number }
  | { kind: 'edited'; before: ListedArticle; after: ListedArticle }
  | { kind: 'any' };

/** A change as the cache-sync key that carries it to the other instances. */
export function encodeListChange(change: ListChange): string {
  if (change.kind === 'added') return `+${JSON.stringify(change.article)}`;
  if (change.kind === 'removed') return `-${change.articleId}`;
  if (change.kind === 'edited') return `~${JSON.stringify([change.before, change.after])}`;
  return '';
}

/** A ListedArticle read back from JSON, or undefined when it is not one. */
function listed(value: unknown): ListedArticle | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const article = value as Partial<ListedArticle>;
  if (
    typeof article.id === 'number' &&
    typeof article.title === 'string' &&
    typeof article.blogId === 'number' &&
    typeof article.blogName === 'string' &&
    (typeof article.about === 'string' || article.about === null)
  ) {
    return {
      id: article.id,
      title: article.title,
      blogId: article.blogId,
      blogName: article.blogName,
      about: article.about,
    };
  }
  return undefined;
}

/** The change a cache-sync key carries; anything unreadable means "read every list again". */
export function decodeListChange(key: string): ListChange {
  if (key.startsWith('-')) {
    const articleId = Number(key.slice(1));
    return Number.isSafeInteger(articleId) ? { kind: 'removed', articleId } : { kind: 'any' };
  }
  try {
    if (key.startsWith('+')) {
      const article = listed(JSON.parse(key.slice(1)));
      if (article) return { kind: 'added', article };
    }
    if (key.startsWith('~')) {
      const pair = JSON.parse(key.slice(1)) as unknown;
      const [before, after] = Array.isArray(pair) ? pair.map(listed) : [];
      if (before && after) return { kind: 'edited', before, after };
    }
  } catch {
    // fall through: read everything again
  }
  return { kind: 'any' };
}

/**
 * Whether a breakthrough belongs in the list of `filters` — the same rule as the repository's
 * query (spec §5: case-insensitive "contains" on title or blog name, exact case-insensitive
 * language, the official notice board left out).
 */
export function inList(
  article: ListedArticle,
  filters: ArticleFilters,
  excludeBlogId: number,
): boolean {
  if (article.blogId === excludeBlogId) return false;
  if (filters.lang !== null && article.about?.toLowerCase() !== filters.lang.toLowerCase()) {
    return false;
  }
  if (filters.q === null) return true;
  const q = filters.q.toLowerCase();
  return article.title.toLowerCase().includes(q) || article.blogName.toLowerCase().includes(q);
}

/** `ids` with `id` first (a new breakthrough is the newest). */
export function prepend(ids: Int32Array, id: number): Int32Array {
  const next = new Int32Array(ids.length + 1);
  next[0] = id;
  next.set(ids, 1);
  return next;
}

/** `ids` without `id`. */
export function without(ids: Int32Array, id: number): Int32Array {
  const at = ids.indexOf(id);
  if (at < 0) return ids;
  const next = new Int32Array(ids.length - 1);
  next.set(ids.subarray(0, at));
  next.set(ids.subarray(at + 1), at);
  return next;
}

type ListResult = { items: ArticleListItem[]; total: number };

/**
 * The breakthrough list (spec §5) of this instance: pages built from an ordered id list per
 * search/language/order, so page 5,000 costs what page 1 does — a slice plus one primary-key
 * read. Changes come through cache-sync from every instance (this one included): a new or
 * deleted breakthrough is applied to the cached id lists in place, since reading every matching
 * id again costs in proportion to the articles, for every search and language (a most-liked
 * list a new one joins is read again); an edit drops the lists it joins or leaves; anything
 * else, or a change this instance cannot read, drops all.
 */
export function breakthroughLists(deps: {
  repo: Pick<ArticleListsRepository, 'listBreakthroughIds' | 'findListRows'>;
  officialBlogId: number;
  cacheSync: CacheSync;
}) {
  const { repo, officialBlogId, cacheSync } = deps;
  const idLists = microcache<Int32Array>({
    ttlMs: ID_LIST_TTL_MS,
    staleMs: ID_LIST_STALE_MS,
    maxKeys: 64,
    name: 'article_ids',
  });
  const pages = microcache<ListResult>({
    ttlMs: LIST_CACHE_MS,
    maxKeys: 256,
    name: 'article_pages',
  });

  // Sorted by likes: the same changes apply, but a like moves ids without telling (see
  // LIKED_ID_LIST_TTL_MS).
  const likedIdLists = microcache<Int32Array>({
    ttlMs: LIKED_ID_LIST_TTL_MS,
    staleMs: LIKED_ID_LIST_STALE_MS,
    maxKeys: 64,
    name: 'article_ids_by_likes',
  });
  const idListsBy: Record<ListSort, typeof idLists> = { latest: idLists, likes: likedIdLists };

  cacheSync.on('breakthroughLists', (key) => {
    pages.clear();
    const change = decodeListChange(key);
    if (change.kind === 'any') {
      idLists.clear();
      likedIdLists.clear();
      return;
    }
    for (const [sort, lists] of Object.entries(idListsBy) as [ListSort, typeof idLists][]) {
      lists.update((listKey, ids) => {
        if (change.kind === 'removed') return without(ids, change.articleId);
        const [q, lang] = JSON.parse(listKey) as [string | null, string | null];
        const filters = { q, lang };
        if (change.kind === 'edited') {
          // Where it was listed it stays (its date and likes do not move); a list it joins or
          // leaves is read again.
          const was = inList(change.before, filters, officialBlogId);
          return was === inList(change.after, filters, officialBlogId) ? ids : undefined;
        }
        const belongs = inList(change.article, filters, officialBlogId);
        if (!belongs) return ids;
        // By likes, a new breakthrough (no likes yet) goes before the first without likes,
        // which only a read can tell: that list is read again.
        if (sort === 'likes') return undefined;
        // A list read after the insert already has it (it is among the newest).
        return ids.subarray(0, 1000).includes(change.article.id)
          ? ids
          : prepend(ids, change.article.id);
      });
    }
  });

  const build = async (
    filters: ArticleFilters,
    sort: ListSort,
    window: { offset: number; limit: number },
  ): Promise<ListResult> => {
    const ids = await idListsBy[sort].get(JSON.stringify([filters.q, filters.lang]), () =>
      repo.listBreakthroughIds({ filters, sort, excludeBlogId: officialBlogId }),
    );
    // The rows (and so their like and comment counts) are read afresh for every page built.
    const rows = await repo.findListRows(ids.slice(window.offset, window.offset + window.limit));
    return { items: rows.map(presentListItem), total: ids.length };
  };

  return {
    /** One page of the list for these filters in this order, and how many match in all. */
    page: (filters: ArticleFilters, sort: ListSort, window: { offset: number; limit: number }) => {
      const key = JSON.stringify([filters.q, filters.lang, sort, window.offset, window.limit]);
      return pages.get(key, () => build(filters, sort, window));
    },
    /** Something changed: here at once, on the other instances through cache-sync. */
    changed: (change: ListChange) => {
      cacheSync.changed('breakthroughLists', encodeListChange(change));
    },
  };
}
