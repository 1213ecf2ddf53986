import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleSeries, Series, SeriesSummary } from '@repolog/contract/series';
import { buildTestApp, type TestApp } from '../test/app.js';
import { errorBody } from '../test/errors.js';
import {
  createArticle,
  createBlog,
  createUser,
  signIn,
  type ArticleRow,
  type BlogRow,
  type Session,
} from '../test/factories.js';

/*
 * Series (issue 21 part 6) on PGlite and, with TEST_DATABASE_URL, PostgreSQL: members make,
 * name and order them; anyone reads a series and an article's place in it.
 */

let t: TestApp;
let member: Session;
let stranger: Session;
let blog: BlogRow;
let otherBlog: BlogRow;
const parts: ArticleRow[] = [];
let foreign: ArticleRow;

const send = (
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  who: Session | null,
  payload?: object,
) =>
  t.request({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload ? { payload } : {}),
  });

const read = async <T>(url: string) => {
  const res = await t.request({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

beforeAll(async () => {
  t = await buildTestApp();
  const owner = await createUser(t, { userName: 'series-owner' });
  const other = await createUser(t, { userName: 'series-stranger' });
  member = await signIn(t, owner);
  stranger = await signIn(t, other);
  blog = await createBlog(t, { owner, name: 'Series Blog' });
  otherBlog = await createBlog(t, { owner: other, name: 'Elsewhere' });
  for (const n of [1, 2, 3]) {
    parts.push(await createArticle(t, { blog, author: owner, title: `Part title ${n}` }));
  }
  foreign = await createArticle(t, { blog: otherBlog, author: other, title: 'Not ours' });
});
afterAll(() => t.close());

describe('series', () => {
  let seriesId: number;

  it('a member makes one with its parts in order; anyone reads it', async () => {
    const ids = parts.map((p) => p.id);
    const res = await send('POST', `/api/blog/${blog.id}/series`, member, {
      name: '  Scaling reads  ',
      articleIds: [ids[1], ids[0], ids[2]],
    });
    expect(res.statusCode, res.body).toBe(200);
    const made = res.json<Series>();
    seriesId = made.seriesId;
    expect(made.name).toBe('Scaling reads');
    expect(made.items.map((i) => i.articleId)).toEqual([ids[1], ids[0], ids[2]]);
    expect(await read<Series>(`/api/series/${seriesId}`)).toEqual(made);
    expect(await read<SeriesSummary[]>(`/api/blog/${blog.id}/series`)).toEqual([
      { seriesId, blogId: blog.id, name: 'Scaling reads', count: 3 },
    ]);
  });

  it('an article knows its place, previous and next', async () => {
    const [first, second, third] = parts.map((p) => p.id);
    const of = await read<ArticleSeries>(`/api/article/breakthrough/${first}/series`);
    expect(of.series).toEqual({
      seriesId,
      blogId: blog.id,
      name: 'Scaling reads',
      position: 2,
      parts: [
        { articleId: second, title: 'Part title 2' },
        { articleId: first, title: 'Part title 1' },
        { articleId: third, title: 'Part title 3' },
      ],
    });
    expect(await read<ArticleSeries>(`/api/article/breakthrough/${foreign.id}/series`)).toEqual({
      series: null,
    });
  });

  it('a member renames and reorders it; one left out leaves the series', async () => {
    const [first, second, third] = parts.map((p) => p.id);
    const res = await send('PUT', `/api/series/${seriesId}`, member, {
      name: 'Reads at scale',
      articleIds: [third, first],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Series>()).toMatchObject({ name: 'Reads at scale' });
    expect(res.json<Series>().items.map((i) => i.articleId)).toEqual([third, first]);
    const gone = await read<ArticleSeries>(`/api/article/breakthrough/${second}/series`);
    expect(gone.series).toBeNull();
  });

  it('a breakthrough moves when another series takes it', async () => {
    const [first, , third] = parts.map((p) => p.id);
    const res = await send('POST', `/api/blog/${blog.id}/series`, member, {
      name: 'Second series',
      articleIds: [first],
    });
    expect(res.statusCode, res.body).toBe(200);
    const old = await read<Series>(`/api/series/${seriesId}`);
    expect(old.items.map((i) => i.articleId)).toEqual([third]);
    const removed = await send('DELETE', `/api/series/${res.json<Series>().seriesId}`, member);
    expect(removed.statusCode).toBe(200);
    const of = await read<ArticleSeries>(`/api/article/breakthrough/${first}/series`);
    expect(of.series).toBeNull();
  });

  it('refuses visitors, non-members, other blogs’ breakthroughs and bad names', async () => {
    const url = `/api/blog/${blog.id}/series`;
    expect((await send('POST', url, null, { name: 'x' })).statusCode).toBe(401);
    const notMember = await send('POST', url, stranger, { name: 'x' });
    expect(notMember.statusCode).toBe(403);
    expect(notMember.json()).toEqual(errorBody('forbidden', 'series.membersOnly'));
    const put = await send('PUT', `/api/series/${seriesId}`, stranger, { name: 'x' });
    expect(put.statusCode).toBe(403);
    const strangerPart = await send('POST', url, member, {
      name: 'x',
      articleIds: [foreign.id],
    });
    expect(strangerPart.statusCode).toBe(400);
    expect(strangerPart.json()).toEqual(
      errorBody('bad_request', 'series.notInBlog', { articleId: foreign.id }),
    );
    expect((await send('POST', url, member, { name: '   ' })).statusCode).toBe(400);
    expect((await send('POST', url, member, { name: 'x'.repeat(101) })).statusCode).toBe(400);
    const missing = await t.request({ method: 'GET', url: '/api/series/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(errorBody('not_found', 'series.notFound', { seriesId: 999999 }));
  });
});
