/** Spec §3: a per-article local-storage key caches the reader's liked flag. */
export const likeStorageKey = (articleId: number) => `like_button_${articleId}`;

export function readStoredLike(articleId: number): boolean | null {
  try {
    const value = localStorage.getItem(likeStorageKey(articleId));
    return value === 'true' ? true : value === 'false' ? false : null;
  } catch {
    return null; // storage blocked (private mode, policies): fall back to the server
  }
}

export function storeLike(articleId: number, liked: boolean): void {
  try {
    localStorage.setItem(likeStorageKey(articleId), String(liked));
  } catch {
    // Storage blocked: the flag simply is not cached.
  }
}

/** Spec §4: on load a stored flag wins; without one the server's value is used and stored. */
export function resolveInitialLike(articleId: number, serverLiked: boolean): boolean {
  const stored = readStoredLike(articleId);
  if (stored !== null) return stored;
  storeLike(articleId, serverLiked);
  return serverLiked;
}
