import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/**
 * Mutating API calls a visitor may make: signing in, refreshing, signing out, GitHub's webhook,
 * and an email's one-click unsubscribe (its signed token names the account).
 */
const OPEN_TO_VISITORS = new Set([
  'POST /api/auth/github',
  'POST /api/auth/refresh',
  'POST /api/auth/logout',
  'POST /api/webhooks/github',
  'POST /api/email/unsubscribe',
  // The article page's beacons: visitors are readers too (counted in memory, 204).
  'POST /api/stats/view',
  'POST /api/stats/read',
]);

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every mutating API route the app registered, so a route added later is checked too. */
const mutatingRoutes = () =>
  t.app.routeCatalog
    .filter((route) => MUTATING.has(route.method) && route.url.startsWith('/api/'))
    .map((route) => `${route.method} ${route.url}`)
    .filter((route) => !OPEN_TO_VISITORS.has(route));

describe('the signed-in guard', () => {
  it('covers the routes it should (the table is built from the app)', () => {
    expect(mutatingRoutes()).toEqual(
      expect.arrayContaining([
        'POST /api/article',
        'PUT /api/article/:articleId/like',
        'POST /api/comment',
        'POST /api/blog',
        'PUT /api/blog/:blogId/favorites',
        'PUT /api/notice/read-all',
        'DELETE /api/auth/delete-account',
      ]),
    );
  });

  it('refuses a visitor on every mutating route with 401, before looking at the body', async () => {
    const answers: Record<string, number> = {};
    for (const route of mutatingRoutes()) {
      const [method, pattern] = route.split(' ') as ['POST' | 'PUT' | 'PATCH' | 'DELETE', string];
      // Every path parameter a plausible id; a body no route accepts (an array, not an object).
      const url = pattern.replace(/:[A-Za-z]+/g, '1');
      const res = await t.request({ method, url, payload: [1, 2, 3] });
      answers[route] = res.statusCode;
    }
    const expected = Object.fromEntries(Object.keys(answers).map((route) => [route, 401]));
    expect(answers).toEqual(expected);
  });
});
