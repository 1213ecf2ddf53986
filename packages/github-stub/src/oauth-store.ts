import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const CODE_TTL_MS = 10 * 60_000;

/** What an authorization code was issued for; the exchange must match it. */
export interface CodeGrant {
  login: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string | null;
  scope: string;
}

interface PendingCode extends CodeGrant {
  expiresAt: number;
}

/** base64url(sha256(verifier)), the S256 PKCE transform. */
export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** One-time codes and the access tokens they turn into. Tokens live as long as the stub. */
export class AuthStore {
  private readonly codes = new Map<string, PendingCode>();
  private readonly tokens = new Map<string, { login: string; scope: string }>();

  issueCode(grant: CodeGrant): string {
    const now = Date.now();
    for (const [code, pending] of this.codes) {
      if (pending.expiresAt <= now) this.codes.delete(code);
    }
    const code = randomBytes(10).toString('hex');
    this.codes.set(code, { ...grant, expiresAt: now + CODE_TTL_MS });
    return code;
  }

  /** Returns the grant and burns the code: a code is presented at most once. */
  takeCode(code: string): CodeGrant | undefined {
    const pending = this.codes.get(code);
    if (!pending) return undefined;
    this.codes.delete(code);
    return pending.expiresAt > Date.now() ? pending : undefined;
  }

  issueToken(login: string, scope: string): string {
    // Same look as GitHub's OAuth tokens: "gho_" and 36 URL-safe characters.
    const token = `gho_${randomBytes(27).toString('base64url')}`;
    this.tokens.set(token, { login, scope });
    return token;
  }

  lookup(token: string): { login: string; scope: string } | undefined {
    return this.tokens.get(token);
  }
}
