/** Field limits the server enforces and the forms hint at (DESIGN.md §4). */
export const limits = {
  blogName: { min: 1, max: 100 },
  /** Bytes of UTF-8, not characters. */
  descriptionBytes: { min: 1, max: 4000 },
  articleTitle: { min: 1, max: 200 },
  articleBody: { min: 1, max: 100_000 },
  /** A series of breakthroughs: its name, and how many it may hold. */
  seriesName: { min: 1, max: 100 },
  seriesArticles: { max: 100 },
  comment: { min: 1, max: 5000 },
  blogMembers: { max: 50 },
  githubLogin: { max: 39 },
  /** Images in breakthrough bodies (POST /api/media). */
  image: {
    /** Bytes of the uploaded file. */
    maxBytes: 10 * 1024 * 1024,
    /** Pixels of one picture (or one frame), read from the header before anything is decoded. */
    maxPixels: 40_000_000,
    /** Pixels of every frame of an animation together. */
    maxAnimationPixels: 100_000_000,
    /** Longest side of the stored image; larger ones are scaled down. */
    maxSide: 2000,
  },
} as const;

/** UTF-8 length of a string, as the description limit counts it. */
export function utf8Bytes(value: string): number {
  return new TextEncoder().encode(value).length;
}
