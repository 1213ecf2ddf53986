import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleListItem } from '@repolog/contract/articles';
import { buildTestApp, type TestApp } from '../test/app.js';
import { addLike } from '../test/article-factories.js';
import {
  createArticle,
  createBlog,
  createUser,
  signIn,
  type ArticleRow,
  type Session,
} from '../test/factories.js';

/*
 * Korean titles and blog names must be found like English ones, on PGlite and on PostgreSQL
 * (this file runs on both: TEST_DATABASE_URL selects PostgreSQL). pg_trgm keeps Hangul in its
 * trigrams only under a Unicode-aware LC_CTYPE (C.UTF-8 here); under LC_CTYPE=C it drops them,
 * and a two-syllable query has no whole trigram either way: the search then falls back to
 * checking every title, so it stays correct whatever the database's locale.
 */

let t: TestApp;
let session: Session;
let deploy: ArticleRow;
let review: ArticleRow;
let english: ArticleRow;

beforeAll(async () => {
  t = await buildTestApp();
  const owner = await createUser(t);
  const reader = await createUser(t);
  session = await signIn(t, owner);
  const blog = await createBlog(t, { owner, name: 'Han River Labs' });
  const koreanBlog = await createBlog(t, { owner, name: '한강 지도 팀' });
  await createBlog(t, { owner, id: 39, name: 'Repolog Official' });
  english = await createArticle(t, {
    blog,
    author: owner,
    title: 'Deploying without fear',
    about: 'Kotlin',
    createdAt: new Date(Date.now() - 3000),
  });
  deploy = await createArticle(t, {
    blog,
    author: owner,
    title: '배포 자동화로 얻은 교훈',
    about: 'JavaScript',
    createdAt: new Date(Date.now() - 2000),
  });
  review = await createArticle(t, {
    blog: koreanBlog,
    author: owner,
    title: '코드 리뷰 문화 만들기',
    createdAt: new Date(Date.now() - 1000),
  });
  // A Korean notice on the official board is never listed.
  await createArticle(t, { blog: { id: 39 }, author: owner, title: '배포 일정 안내' });
  await addLike(t, { userId: reader.id, articleId: deploy.id });
});
afterAll(() => t.close());

const search = async (q: string, extra = '') => {
  const res = await t.request({
    method: 'GET',
    url: `/api/article/breakthrough?q=${encodeURIComponent(q)}${extra}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ArticleListItem[]>().map((item) => item.articleId);
};

describe('Korean search on the breakthrough list', () => {
  it('finds a title by a two-syllable word, a longer one, a phrase and its last word', async () => {
    expect(await search('배포')).toEqual([deploy.id]);
    expect(await search('자동화로')).toEqual([deploy.id]);
    expect(await search('배포 자동화')).toEqual([deploy.id]);
    expect(await search('교훈')).toEqual([deploy.id]);
    expect(await search('리뷰')).toEqual([review.id]);
    expect(await search('  배포  ')).toEqual([deploy.id]);
  });

  it('finds nothing for a Korean word no title or blog holds', async () => {
    expect(await search('깃')).toEqual([]);
    expect(await search('배포 일정')).toEqual([]);
  });

  it("finds every breakthrough of a blog by the blog's Korean name", async () => {
    expect(await search('한강')).toEqual([review.id]);
    expect(await search('지도 팀')).toEqual([review.id]);
  });

  it('finds the syllables when the query comes as separate jamo (decomposed Unicode)', async () => {
    const decomposed = '배포'.normalize('NFD');
    expect(decomposed).not.toBe('배포');
    expect(await search(decomposed)).toEqual([deploy.id]);
  });

  it('combines with the language filter and the likes order', async () => {
    expect(await search('배포', '&lang=javascript&sort=likes')).toEqual([deploy.id]);
    expect(await search('배포', '&lang=kotlin')).toEqual([]);
  });

  it('leaves English search as it was', async () => {
    expect(await search('deploy')).toEqual([english.id]);
    expect(await search('DEPLOYING WITHOUT')).toEqual([english.id]);
    expect(await search('han river')).toEqual([deploy.id, english.id]);
  });

  it('finds a Korean breakthrough posted after the list was read (the cached lists take it in)', async () => {
    expect(await search('회고')).toEqual([]);
    const posted = await t.request({
      method: 'POST',
      url: '/api/article',
      headers: { cookie: session.cookie },
      payload: { blogId: deploy.blogId, title: '첫 배포 회고', content: '배운 점을 적습니다.' },
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const { articleId } = posted.json<{ articleId: number }>();
    expect(await search('회고')).toEqual([articleId]);
    expect(await search('배포')).toEqual([articleId, deploy.id]);
  });
});
