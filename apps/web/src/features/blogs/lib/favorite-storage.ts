import { storedFlag } from '../../../lib/stored-flag';

/** Spec §3: local-storage key fav_button_{blogId} caches the favorite state. */
export const favoriteStorageKey = (blogId: number) => `fav_button_${blogId}`;

export const favoriteFlag = (blogId: number) => storedFlag(favoriteStorageKey(blogId));
