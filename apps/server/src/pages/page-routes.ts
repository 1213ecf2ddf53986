import {
  fillPath,
  MEMBER_PAGE_ROUTES,
  SERVER_PAGE_ROUTES,
  type PageRoute,
} from '@repolog/contract/page-routes';
import { pickUiLanguage, UI_LANGUAGE_COOKIE, type UiLanguage } from '@repolog/contract/locale';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { publicRead } from '../plugins/http-cache.js';
import { BUSY_RETRY_S, isBusy } from './render-limit.js';
import { shellDocument, type Shell } from './document.js';
import type { PageNeeds } from './preload-tags.js';

/**
 * Answers a page request with a whole document and the cache tags of what it shows
 * (page-cache.ts), or undefined for the plain app shell.
 */
export type DocumentSource = (
  request: FastifyRequest,
  shell: Shell,
  language: UiLanguage,
) => Promise<{ status: number; html: string; tags: readonly string[]; etag?: string } | undefined>;

/** Answers a request for a page of the web app. */
export type PageReply = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

/** The interface language of a page request: the reader's remembered choice, else the browser's. */
export const requestLanguage = (request: FastifyRequest): UiLanguage =>
  pickUiLanguage(request.cookies[UI_LANGUAGE_COOKIE], request.headers['accept-language']);

/** Ids in these addresses are positive integers; for anything else the page asks nothing. */
const ID = /^[1-9]\d{0,9}$/;

/** What the app shell of a server-rendered page's route preloads: its code and first call. */
function shellNeeds(route: PageRoute, params: Record<string, string>): PageNeeds {
  const asks = route.data !== undefined && Object.values(params).every((value) => ID.test(value));
  return {
    modules: [route.module],
    ...(asks && route.data ? { data: [fillPath(route.data, params)] } : {}),
  };
}

/**
 * Answers the server-rendered pages' addresses (SERVER_PAGE_ROUTES, the list the web's loaders
 * are built from) with the page `documents` renders, or else the app shell with the route's
 * code and data preloaded; the members' pages of MEMBER_PAGE_ROUTES with the app shell and
 * their code preloaded. Returns the same answer without a route's preloads, for every other
 * address of the web app (the history fallback).
 */
export function registerPageRoutes(
  app: FastifyInstance,
  shell: Shell,
  documents: DocumentSource | undefined,
): PageReply {
  const reply =
    (route: PageRoute | undefined, personal = route === undefined): PageReply =>
    async (request, res) => {
      const language = requestLanguage(request);
      // The language follows the cookie, else the browser's languages.
      res.header('Vary', 'Cookie, Accept-Language');
      const rendered = await documents?.(request, shell, language).catch((error: unknown) => {
        if (isBusy(error)) res.header('Retry-After', String(BUSY_RETRY_S));
        throw error;
      });
      if (rendered) {
        // The same HTML for every reader: a CDN may keep it (http-cache.ts), purged by its tags.
        if (rendered.status === 200)
          publicRead(res, rendered.tags, {
            everyone: true,
            ...(rendered.etag ? { etag: rendered.etag } : {}),
          });
        return res
          .code(rendered.status)
          .header('Cache-Control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(rendered.html);
      }
      const needs = route && shellNeeds(route, request.params as Record<string, string>);
      return (
        res
          // Pages other than the public ones are a reader's own (workspace, notifications, …).
          .header('Cache-Control', personal ? 'private, no-cache' : 'no-cache')
          .type('text/html; charset=utf-8')
          .send(shellDocument(shell, await shell.meta(request, language), needs, language))
      );
    };
  // Straight to the page: through the static files each would first be looked for on disk with
  // its compressed twins, and "/" would be answered as a directory (403).
  for (const route of SERVER_PAGE_ROUTES) app.get(route.path, reply(route));
  for (const route of MEMBER_PAGE_ROUTES) app.get(route.path, reply(route, true));
  return reply(undefined);
}
