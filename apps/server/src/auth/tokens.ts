import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

export interface AccessClaims {
  /** user id */
  sub: number;
  /** session id */
  sid: string;
  /** GitHub login at the time of issue */
  name: string;
  iat: number;
  exp: number;
}

export type VerifyResult =
  { ok: true; claims: AccessClaims } | { ok: false; reason: 'malformed' | 'signature' | 'expired' };

export const ACCESS_TOKEN_TTL_S = 15 * 60;
export const REFRESH_TOKEN_TTL_S = 7 * 24 * 60 * 60;

/** Derives independent keys from SECRET for each purpose. */
function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'repolog', purpose, 32));
}

/** HS256 JWTs for access tokens, AES-256-GCM for stored GitHub tokens. */
export class TokenKeys {
  private readonly jwtKey: Buffer;
  private readonly encKey: Buffer;

  constructor(secret: string) {
    this.jwtKey = deriveKey(secret, 'access-token');
    this.encKey = deriveKey(secret, 'github-token');
  }

  signAccess(
    claims: Omit<AccessClaims, 'iat' | 'exp'>,
    nowS = Math.floor(Date.now() / 1000),
  ): string {
    const header = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
    const body = b64url(JSON.stringify({ ...claims, iat: nowS, exp: nowS + ACCESS_TOKEN_TTL_S }));
    const signature = createHmac('sha256', this.jwtKey)
      .update(`${header}.${body}`)
      .digest('base64url');
    return `${header}.${body}.${signature}`;
  }

  verifyAccess(token: string, nowS = Math.floor(Date.now() / 1000)): VerifyResult {
    const parts = token.split('.');
    if (parts.length !== 3) return { ok: false, reason: 'malformed' };
    const [header, body, signature] = parts as [string, string, string];
    const expected = createHmac('sha256', this.jwtKey).update(`${header}.${body}`).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return { ok: false, reason: 'signature' };
    }
    let claims: AccessClaims;
    try {
      claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as AccessClaims;
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    if (
      typeof claims.sub !== 'number' ||
      typeof claims.sid !== 'string' ||
      typeof claims.exp !== 'number'
    ) {
      return { ok: false, reason: 'malformed' };
    }
    if (claims.exp <= nowS) return { ok: false, reason: 'expired' };
    return { ok: true, claims };
  }

  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.encKey, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url')).join('.');
  }

  decrypt(sealed: string): string {
    const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !tag || !data) throw new Error('sealed value is malformed');
    const decipher = createDecipheriv('aes-256-gcm', this.encKey, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  }
}

/** A random opaque token (refresh tokens, OAuth state, PKCE verifier). */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** PKCE S256 challenge of a verifier. */
export const pkceChallenge = (verifier: string) =>
  createHash('sha256').update(verifier).digest('base64url');

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
