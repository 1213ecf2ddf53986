import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { ArticleListItem } from '@repolog/contract/articles';
import { buildTestApp, type TestApp } from './app.js';
import {
  createBlog,
  createUser,
  signIn,
  type BlogRow,
  type Session,
  type UserRow,
} from './factories.js';

/** The people and blog the article API tests share, and their calls. */
export interface ArticlesWorld {
  t: TestApp;
  owner: UserRow;
  member: UserRow;
  outsider: UserRow;
  ownerSession: Session;
  memberSession: Session;
  outsiderSession: Session;
  /** "Platform Team": owner and member. */
  blog: BlogRow;
}

/**
 * One app with an owner, a member and an outsider of "Platform Team", plus the official notice
 * board (id 39 as in the spec), made before the file's tests and closed after them.
 */
export function articlesWorld() {
  const w = {} as ArticlesWorld;
  beforeAll(async () => {
    w.t = await buildTestApp();
    w.owner = await createUser(w.t);
    w.member = await createUser(w.t);
    w.outsider = await createUser(w.t);
    w.ownerSession = await signIn(w.t, w.owner);
    w.memberSession = await signIn(w.t, w.member);
    w.outsiderSession = await signIn(w.t, w.outsider);
    w.blog = await createBlog(w.t, { owner: w.owner, members: [w.member], name: 'Platform Team' });
    await createBlog(w.t, { owner: w.owner, id: 39, name: 'Repolog Official' });
  });
  afterAll(() => w.t.close());

  const headers = (session?: Session) => (session ? { cookie: session.cookie } : {});
  const get = (url: string, session?: Session) =>
    w.t.request({ method: 'GET', url, headers: headers(session) });
  const send =
    (method: 'POST' | 'PUT' | 'DELETE') => (url: string, payload: unknown, session?: Session) =>
      w.t.request({
        method,
        url,
        headers: headers(session),
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
  return {
    w,
    /** A word no other test uses, so list assertions see only their own rows. */
    token: () => `tok${randomBytes(4).toString('hex')}`,
    get,
    list: async (query: Record<string, string | number>, session?: Session) => {
      const params = new URLSearchParams(
        Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
      );
      const res = await get(`/api/article/breakthrough?${params.toString()}`, session);
      expect(res.statusCode).toBe(200);
      return { res, items: res.json<ArticleListItem[]>() };
    },
    post: (payload: unknown, session?: Session) => send('POST')('/api/article', payload, session),
    put: (articleId: number | string, payload: unknown, session?: Session) =>
      send('PUT')(`/api/article/${articleId}`, payload, session),
    del: (articleId: number, session?: Session) =>
      send('DELETE')(`/api/article/${articleId}`, undefined, session),
    /** A valid new breakthrough of "Platform Team". */
    valid: () => ({
      blogId: w.blog.id,
      title: 'Connection pool exhaustion under load',
      content: '# What happened\n\nThe pool ran dry.',
      about: 'TypeScript',
      problem: 'Pool exhausted #12',
      solution: 'Release clients in finally',
    }),
  };
}
