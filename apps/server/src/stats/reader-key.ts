import { createHmac, randomBytes } from 'node:crypto';

/**
 * Recognizes a reader without cookies and without keeping an address: a keyed hash of the
 * address, the user agent and the day. The key is random, made in memory for each day (UTC)
 * and never written anywhere, so yesterday's hashes cannot be recomputed by anyone — not even
 * by this process once the day has passed.
 */
export function createReaderKeys() {
  let day = '';
  let key: Buffer = randomBytes(32);
  return {
    /** A short, opaque name for this reader today. */
    readerOf(address: string, userAgent: string, today: string): string {
      if (today !== day) {
        day = today;
        key = randomBytes(32);
      }
      return createHmac('sha256', key)
        .update(`${today}\n${address}\n${userAgent}`)
        .digest('base64url')
        .slice(0, 22);
    },
  };
}
