/** Spec §3: local-storage key fav_button_{blogId} caches the favorite state. */
export const favoriteStorageKey = (blogId: number) => `fav_button_${blogId}`;

export function readStoredFavorite(blogId: number): boolean | null {
  try {
    const value = localStorage.getItem(favoriteStorageKey(blogId));
    return value === 'true' ? true : value === 'false' ? false : null;
  } catch {
    return null; // storage blocked: fall back to the server
  }
}

export function storeFavorite(blogId: number, favorite: boolean): void {
  try {
    localStorage.setItem(favoriteStorageKey(blogId), String(favorite));
  } catch {
    // Storage blocked: the flag simply is not cached.
  }
}

/** Spec §4: the stored value wins; otherwise the server's fav_button is used and stored. */
export function resolveInitialFavorite(blogId: number, serverFavorite: boolean): boolean {
  const stored = readStoredFavorite(blogId);
  if (stored !== null) return stored;
  storeFavorite(blogId, serverFavorite);
  return serverFavorite;
}
