import type { ArticleFilters } from './articles.repository.js';

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
