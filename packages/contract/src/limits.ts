/** Field limits the server enforces and the forms hint at (DESIGN.md §4). */
export const limits = {
  blogName: { min: 1, max: 100 },
  /** Bytes of UTF-8, not characters. */
  descriptionBytes: { min: 1, max: 4000 },
  articleTitle: { min: 1, max: 200 },
  articleBody: { min: 1, max: 100_000 },
  comment: { min: 1, max: 5000 },
  blogMembers: { max: 50 },
  githubLogin: { max: 39 },
} as const;

/** UTF-8 length of a string, as the description limit counts it. */
export function utf8Bytes(value: string): number {
  return new TextEncoder().encode(value).length;
}
