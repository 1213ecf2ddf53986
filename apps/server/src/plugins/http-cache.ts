import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** How long a shared cache (a CDN) keeps a public answer, and serves it stale while it asks. */
export interface HttpCacheSettings {
  sMaxAge: number;
  staleWhileRevalidate: number;
}

interface Marked {
  keys: string[];
  /** The answer is the same for every reader (the server's HTML); else personal when signed in. */
  everyone: boolean;
  etag: string | undefined;
}

const marked = new WeakMap<FastifyReply, Marked>();

/**
 * The CDN keys of what an answer shows, from the cache tags the pages and caches use
 * (page-cache.ts `tag`): `article:25` (its comments too), `blog:3`, `list` (the breakthrough
 * lists), `user:login`, `home`. Each kind's bare name comes along, for changes to a whole kind.
 */
export function cdnKeys(tags: Iterable<string>): string[] {
  const keys = new Set<string>();
  for (const tag of tags) {
    const cut = tag.indexOf(':');
    const scope = cut < 0 ? tag : tag.slice(0, cut);
    const id = cut < 0 ? '' : tag.slice(cut + 1);
    const kind = scope === 'comments' ? 'article' : scope === 'breakthroughLists' ? 'list' : scope;
    if (kind === 'list' || kind === 'home') {
      keys.add(kind);
      continue;
    }
    if (!['article', 'blog', 'user'].includes(kind)) continue;
    keys.add(kind);
    if (id !== '') keys.add(`${kind}:${id.toLowerCase()}`);
  }
  return [...keys];
}

/**
 * Marks a GET answer as a public read showing `tags` (see cdnKeys): it gets a strong ETag (304
 * to a matching If-None-Match) and, for a visitor, `Cache-Control: public, s-maxage=…` with
 * `Surrogate-Key` and `Cache-Tag`. A signed-in reader's answer may hold personal parts (liked,
 * member): it is `private`. `everyone`: the answer is the same for every reader (the server's
 * HTML, personal parts fill in after hydration), so it is public for everyone. `etag`: the
 * answer's own validator, when its bytes differ only by what does not matter to a cache (a
 * stored page's data timestamps, refreshed on every read); else the bytes' digest.
 */
export function publicRead(
  reply: FastifyReply,
  tags: Iterable<string>,
  options: { everyone?: boolean; etag?: string } = {},
): void {
  marked.set(reply, {
    keys: cdnKeys(tags),
    everyone: options.everyone ?? false,
    etag: options.etag,
  });
}

/** A strong validator of exactly these bytes. */
export const strongEtag = (body: string | Buffer): string =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** The keys a CDN purges this answer by, in both spellings CDNs read (see cdnKeys). */
export function surrogateKeys(reply: FastifyReply, keys: readonly string[]): void {
  reply.header('Surrogate-Key', keys.join(' '));
  reply.header('Cache-Tag', keys.join(','));
}

/** The Cache-Control of a public answer. */
export const publicCacheControl = (settings: HttpCacheSettings): string =>
  `public, max-age=0, s-maxage=${settings.sMaxAge}, stale-while-revalidate=${settings.staleWhileRevalidate}`;

/**
 * Headers a CDN understands on the answers marked by publicRead. Registered before compression,
 * so the ETag names the answer's own bytes (each encoding is the same representation).
 */
export function registerHttpCache(app: FastifyInstance, settings: HttpCacheSettings): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const mark = marked.get(reply);
    if (!mark || reply.statusCode !== 200) return payload;
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const personal = !mark.everyone && request.actor !== null;
    if (!mark.everyone) reply.header('Vary', 'Cookie');
    if (personal) {
      reply.header('Cache-Control', 'private, no-cache');
    } else {
      reply.header('Cache-Control', publicCacheControl(settings));
      if (mark.keys.length > 0) surrogateKeys(reply, mark.keys);
    }
    const etag = mark.etag ?? strongEtag(payload);
    reply.header('ETag', etag);
    if (etagMatches(request.headers['if-none-match'], etag)) {
      reply.code(304).removeHeader('content-type');
      return '';
    }
    return payload;
  });
}
