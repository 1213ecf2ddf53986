import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';

/** An error with the status the handler should answer. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  return raw?.split(',')[0]?.trim() || undefined;
}

function mountPrefix(req: IncomingMessage): string {
  const clean = (p: string): string =>
    /^(\/[\w.~%!$&'()*+,;=:@-]+)+\/?$/.test(p) ? p.replace(/\/$/, '') : '';
  const forwarded = firstHeader(req.headers['x-forwarded-prefix']);
  if (forwarded) return clean(forwarded);
  // Express and Connect keep the unstripped URL here when they mount a handler.
  const original = (req as IncomingMessage & { originalUrl?: unknown }).originalUrl;
  const originalPath = typeof original === 'string' ? original.split('?')[0] : undefined;
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  if (originalPath && originalPath !== path && originalPath.endsWith(path)) {
    return clean(originalPath.slice(0, originalPath.length - path.length));
  }
  return '';
}

/**
 * The absolute URL this handler is reachable at, as the client sees it: scheme from the socket
 * (or X-Forwarded-Proto), the Host header, and the mount prefix when the host server reports it
 * through X-Forwarded-Prefix or `req.originalUrl`.
 */
export function requestBase(req: IncomingMessage): string {
  const forwardedProto = firstHeader(req.headers['x-forwarded-proto']);
  const proto =
    forwardedProto === 'https' || forwardedProto === 'http'
      ? forwardedProto
      : (req.socket as Partial<TLSSocket>).encrypted
        ? 'https'
        : 'http';
  const hostHeader = req.headers.host;
  const host =
    hostHeader && /^[\w.-]+(:\d+)?$|^\[[\da-fA-F:.]+\](:\d+)?$/.test(hostHeader)
      ? hostHeader
      : `127.0.0.1:${req.socket.localPort ?? 80}`;
  return `${proto}://${host}${mountPrefix(req)}`;
}

const BODY_LIMIT = 1_000_000;

/** Reads the whole request body as UTF-8; 413 past 1 MB. */
export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > BODY_LIMIT) throw new HttpError(413, 'Request body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function isJsonRequest(req: IncomingMessage): boolean {
  return /^application\/([\w.+-]+\+)?json\b/i.test(req.headers['content-type'] ?? '');
}

/** Parses a JSON body; 400 when it is not valid JSON. */
export async function readJson(req: IncomingMessage): Promise<unknown> {
  const text = await readBody(req);
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, 'Problems parsing JSON');
  }
}

/** String fields of a form-urlencoded or JSON body (other JSON values are ignored). */
export async function readParams(req: IncomingMessage): Promise<Record<string, string>> {
  if (isJsonRequest(req)) {
    const body = await readJson(req);
    const out: Record<string, string> = {};
    if (typeof body === 'object' && body !== null) {
      for (const [key, value] of Object.entries(body)) {
        if (typeof value === 'string') out[key] = value;
      }
    }
    return out;
  }
  return Object.fromEntries(new URLSearchParams(await readBody(req)));
}

export function send(
  res: ServerResponse,
  status: number,
  contentType: string,
  body: string,
  headers: OutgoingHttpHeaders = {},
): void {
  res.writeHead(status, {
    ...headers,
    'content-type': contentType,
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: OutgoingHttpHeaders = {},
): void {
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(body), headers);
}

/** Strong validator: the SHA-256 of the exact body. */
export function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('hex')}"`;
}

/** RFC 9110 weak comparison, which is what If-None-Match uses. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string): string => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}
