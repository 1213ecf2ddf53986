import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.js';
import {
  createArticle,
  createBlog,
  createUser,
  loginWithGitHub,
  signIn,
  type Session,
} from '../test/factories.js';
import { registerErrorHandler } from './error-handler.js';

let t: TestApp;
let session: Session;
let articleId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const user = await createUser(t);
  session = await signIn(t, user);
  const blog = await createBlog(t, { owner: user });
  articleId = (await createArticle(t, { blog, author: user })).id;
});
afterAll(() => t.close());

describe('text PostgreSQL cannot store', () => {
  it('refuses a NUL character in a body field with a 400 naming it', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/comment',
      headers: { cookie: session.cookie },
      payload: { articleId, content: 'a\u0000b' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'bad_request',
      message: 'body.content: the NUL character (\\u0000) is not allowed in text.',
      key: 'http.nul',
      params: { field: 'body.content' },
    });
  });

  it('refuses a NUL character in a search', async () => {
    const res = await t.request({ method: 'GET', url: '/api/article/breakthrough?q=a%00b' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/^querystring\.q:/);
  });
});

describe('paths are judged as they are routed', () => {
  it('applies the Origin check to a percent-encoded /api path', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/%61pi/comment',
      headers: { cookie: session.cookie, 'content-type': 'application/json' },
      payload: { articleId, content: 'sneaky' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('reads the session on a percent-encoded /api path too', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/%61pi/auth/status',
      headers: { cookie: session.cookie },
    });
    expect(res.json()).toMatchObject({ loggedIn: true, userId: session.userId });
  });
});

describe('repository addresses', () => {
  it('refuses dot segments that would point GitHub somewhere else', async () => {
    const dana = await loginWithGitHub(t, 'dana-kim');
    const res = await t.request({
      method: 'POST',
      url: '/api/blog',
      headers: { cookie: dana.cookie },
      payload: {
        blogName: 'Sneaky',
        description: 'Points at /user',
        gitRepoUrl: `${t.config.publicUrl}/__github/../user`,
        blogMember: [],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(
      /^gitRepoUrl must be a repository address/,
    );
  });
});

describe('database errors wrapped by the ORM', () => {
  it('maps a unique violation to 409 and bad text to 400, whatever wraps them', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/dup', () => {
      throw new Error('Failed query', {
        cause: Object.assign(new Error('duplicate key'), { code: '23505' }),
      });
    });
    app.get('/bytes', () => {
      throw new Error('Failed query', {
        cause: Object.assign(new Error('invalid byte'), { code: '22021' }),
      });
    });
    expect((await app.inject({ url: '/dup' })).statusCode).toBe(409);
    expect((await app.inject({ url: '/bytes' })).statusCode).toBe(400);
    await app.close();
  });
});
