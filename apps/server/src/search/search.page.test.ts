import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.js';
import { createArticle, createBlog, createUser } from '../test/factories.js';

// /search as the server renders it (run `npm run build` first: it uses the built web app).

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ builtWeb: true });
  const owner = await createUser(t);
  const blog = await createBlog(t, { owner, name: 'Page Search Blog' });
  await createArticle(t, {
    blog,
    author: owner,
    title: '인덱스 튜닝',
    content: '검색에서 1 < 2 && "quoted" 느린 쿼리를 찾았다.',
  });
  await t.app.searchIndexer.runPass();
}, 120_000);
afterAll(() => t.close());

const page = (url: string, headers: Record<string, string> = {}) =>
  t.request({ method: 'GET', url, headers });

describe('/search, rendered on the server', () => {
  it('shows the results with the matched words marked and the body text escaped', async () => {
    const res = await page(`/search?q=${encodeURIComponent('검색')}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('인덱스 튜닝');
    expect(res.body).toContain('<mark>검색</mark>에서');
    // Text, never markup: the stored plain text is escaped before <mark> is added.
    expect(res.body).toContain('1 &lt; 2 &amp;&amp; &quot;quoted&quot;');
    // The header's search box and the page's own: plain forms that work without JavaScript.
    expect(res.body.match(/<form role="search"[^>]*action="\/search">/g)).toHaveLength(2);
  });

  it('says so in Korean when nothing matches', async () => {
    const res = await page(`/search?q=${encodeURIComponent('없는단어')}`, {
      'accept-language': 'ko',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('“없는단어”에 맞는 브레이크스루가 없습니다.');
  });

  it('answers 400 for a query made of operators alone', async () => {
    const res = await page('/search?q=-');
    expect(res.statusCode).toBe(400);
  });
});
