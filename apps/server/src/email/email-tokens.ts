import { createHmac, timingSafeEqual } from 'node:crypto';
import type { EmailKind } from '@repolog/contract/constants';
import { AppError } from '../errors.js';

/** What a signed link does: unsubscribe from a kind (or a digest), or confirm an address. */
export type TokenClaim =
  | { purpose: 'unsubscribe'; userId: number; topic: EmailKind | 'daily' | 'weekly' }
  | { purpose: 'verify'; userId: number; address: string };

export const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;
export const UNSUBSCRIBE_TTL_MS = 90 * 24 * 60 * 60 * 1000;

const b64 = (value: Buffer | string) => Buffer.from(value).toString('base64url');

/**
 * Signed links (HMAC-SHA256 over the claim and its expiry, with the server's secret): a token
 * changed in any byte, past its time, or of another purpose is refused with a message.
 */
export function emailTokens(secret: string, now: () => Date = () => new Date()) {
  const key = createHmac('sha256', secret).update('repolog email links').digest();
  const sign = (body: string) => createHmac('sha256', key).update(body).digest();

  return {
    sign(claim: TokenClaim, ttlMs: number): string {
      const body = b64(JSON.stringify({ ...claim, exp: now().getTime() + ttlMs }));
      return `${body}.${b64(sign(body))}`;
    },

    /** The claim of a token made by `sign` for this purpose; throws a keyed 400 otherwise. */
    verify<P extends TokenClaim['purpose']>(
      token: string,
      purpose: P,
    ): Extract<TokenClaim, { purpose: P }> {
      const [body, mac, extra] = token.split('.');
      const invalid = new AppError('bad_request', 'mail.tokenInvalid');
      if (!body || !mac || extra !== undefined) throw invalid;
      // Compared as written: base64url's last character has spare bits, so decoding first
      // would let a changed character through.
      const expected = Buffer.from(b64(sign(body)));
      const given = Buffer.from(mac);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid;
      let claim: (TokenClaim & { exp: number }) | undefined;
      try {
        claim = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TokenClaim & {
          exp: number;
        };
      } catch {
        throw invalid;
      }
      if (claim.purpose !== purpose || !Number.isSafeInteger(claim.userId)) throw invalid;
      if (!(claim.exp > now().getTime())) throw new AppError('bad_request', 'mail.tokenExpired');
      // The purpose was checked above; the signature vouches for the rest of the claim.
      return claim as unknown as Extract<TokenClaim, { purpose: P }>;
    },
  };
}

export type EmailTokens = ReturnType<typeof emailTokens>;
