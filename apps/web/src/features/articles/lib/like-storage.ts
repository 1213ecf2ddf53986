import { storedFlag } from '../../../lib/stored-flag';

/** Spec §3: a per-article local-storage key caches the reader's liked flag. */
export const likeStorageKey = (articleId: number) => `like_button_${articleId}`;

export const likeFlag = (articleId: number) => storedFlag(likeStorageKey(articleId));
