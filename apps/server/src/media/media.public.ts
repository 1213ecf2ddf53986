// What other features may use of the media feature (STYLE.md: features meet through public
// modules). Nothing here imports another feature.
import { MEDIA_PATH } from '@repolog/contract/constants';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/client.js';
import { mediaRepository } from './media.repository.js';

/** The address a body links a stored image by. */
export const mediaUrl = (hash: string) => `${MEDIA_PATH}${hash}.webp`;

/**
 * A stored image's address inside markdown or HTML; group 1 is its hash. The same pattern in
 * PostgreSQL's regex dialect is MEDIA_REFERENCE_SQL.
 */
const MEDIA_REFERENCE = /\/media\/([0-9a-f]{64})\.webp/g;
export const MEDIA_REFERENCE_SQL = '/media/([0-9a-f]{64})\\.webp';

/** The hashes of the stored images a text (markdown or HTML) links to, each once. */
export function mediaHashesIn(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(MEDIA_REFERENCE), (match) => match[1] ?? ''))];
}

/**
 * Something that may hold references to stored images: breakthrough bodies, drafts,
 * revisions. The orphan clean-up keeps an image while any source references it.
 */
export interface MediaReferenceSource {
  /** Names the source in logs. */
  name: string;
  /** Of `hashes`, the ones some row of this source references. */
  referenced(hashes: readonly string[]): Promise<Set<string>>;
}

/** An <img> tag as @repolog/markdown writes it: attribute values always double-quoted. */
const IMG_TAG = /<img\s(?:[^>"]|"[^"]*")*>/g;
const MEDIA_SRC = /\ssrc="\/media\/([0-9a-f]{64})\.webp"/;
const HAS_SIZE = /\s(?:width|height)=/;

export type ImageSizer = (html: string) => Promise<string>;

/**
 * Gives every stored image in rendered HTML its width and height, so the page reserves its
 * box before the image arrives (no layout shift). Sizes never change for a name, so they are
 * kept in memory once looked up.
 */
export function createImageSizer(db: Db, options: { cacheSize?: number } = {}): ImageSizer {
  const repo = mediaRepository(db);
  const sizes = new LRUCache<string, { width: number; height: number }>({
    max: options.cacheSize ?? 10_000,
  });

  return async (html) => {
    if (!html.includes('/media/')) return html;
    const wanted = new Set<string>();
    for (const [tag] of html.matchAll(IMG_TAG)) {
      const hash = MEDIA_SRC.exec(tag)?.[1];
      if (hash && !sizes.has(hash)) wanted.add(hash);
    }
    if (wanted.size > 0) {
      for (const row of await repo.findSizes([...wanted])) sizes.set(row.hash, row);
    }
    return html.replace(IMG_TAG, (tag) => {
      const hash = MEDIA_SRC.exec(tag)?.[1];
      const size = hash ? sizes.get(hash) : undefined;
      // Attribute values are blanked before looking for a size, so alt text cannot fake one.
      if (!size || HAS_SIZE.test(tag.replace(/"[^"]*"/g, '""'))) return tag;
      const end = tag.endsWith('/>') ? -2 : -1;
      return `${tag.slice(0, end)} width="${size.width}" height="${size.height}"${tag.slice(end)}`;
    });
  };
}
