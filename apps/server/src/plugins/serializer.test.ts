import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.js';
import { loginWithGitHub, type Session } from '../test/factories.js';

// The same database read by an app that checks every response against the contract and by
// one with the production serializer: the bodies must be identical.
let checked: TestApp;
let fast: TestApp;
let dana: Session;

beforeAll(async () => {
  checked = await buildTestApp({ seedDemo: true });
  fast = await buildTestApp({ database: checked.database, validateResponses: false });
  dana = await loginWithGitHub(checked, 'dana-kim');
});
afterAll(async () => {
  await fast.close();
  await checked.close();
});

const paths = [
  '/api/home/article',
  '/api/home/blog',
  '/api/article/breakthrough?page=1&size=5',
  '/api/article/breakthrough/25',
  '/api/blog/non-member/39',
  '/api/blog/32',
  '/api/comment/comments/25',
  '/api/notice?page=1&size=10',
  '/api/notice/count',
  '/api/auth/status',
  '/api/auth/info',
  '/api/home/article/like',
  '/api/home/blog/like',
];

describe('the production serializer', () => {
  it.each(paths)('writes %s exactly as the contract-checked one does', async (url) => {
    const headers = { cookie: dana.cookie };
    const a = await checked.request({ method: 'GET', url, headers });
    const b = await fast.request({ method: 'GET', url, headers });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(JSON.parse(b.body)).toEqual(JSON.parse(a.body));
  });

  it('writes only the fields the contract declares', async () => {
    const res = await fast.request({
      method: 'GET',
      url: '/api/auth/info',
      headers: { cookie: dana.cookie },
    });
    expect(Object.keys(res.json<object>()).sort()).toEqual(['avatarUrl', 'userId', 'userName']);
  });
});
