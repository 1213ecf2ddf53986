import { beforeAll, describe, expect, it } from 'vitest';
import type { ArticleListItem } from '@repolog/contract/articles';
import { TEST_ORIGIN, type TestApp } from '../test/app.js';
import { createArticlesBulk } from '../test/article-factories.js';
import { articlesWorld } from '../test/articles-world.js';
import {
  createArticle,
  createBlog,
  type BlogRow,
  type Session,
  type UserRow,
} from '../test/factories.js';

const { w, token, get, list, post, del, valid } = articlesWorld();
let t: TestApp;
let owner: UserRow;
let member: UserRow;
let ownerSession: Session;
let memberSession: Session;
let blog: BlogRow;
beforeAll(() => {
  ({ t, owner, member, ownerSession, memberSession, blog } = w);
});

describe('GET /api/article/breakthrough', () => {
  it('lists breakthroughs newest first with the spec fields, official notices left out', async () => {
    const word = token();
    const official = { id: 39 };
    const older = await createArticle(t, {
      blog,
      author: owner,
      title: `${word} older`,
      about: 'Java',
      createdAt: new Date(Date.now() - 60_000),
    });
    const newer = await createArticle(t, { blog, author: member, title: `${word} newer` });
    await createArticle(t, { blog: official, author: owner, title: `${word} notice` });

    const { res, items } = await list({ q: word });
    expect(items).toEqual([
      {
        articleId: newer.id,
        title: `${word} newer`,
        createdAt: newer.createdAt.toISOString(),
        blogName: 'Platform Team',
        blogId: blog.id,
        about: null,
        likeCount: 0,
        commentCount: 0,
        tags: [],
      },
      {
        articleId: older.id,
        title: `${word} older`,
        createdAt: older.createdAt.toISOString(),
        blogName: 'Platform Team',
        blogId: blog.id,
        about: 'Java',
        likeCount: 0,
        commentCount: 0,
        tags: [],
      },
    ]);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.headers.link).toBeUndefined();
  });

  it('searches titles case-insensitively and blog names too', async () => {
    const word = token();
    const other = await createBlog(t, { owner, name: `Kafka ${word.toUpperCase()} Guild` });
    const byTitle = await createArticle(t, { blog, author: owner, title: `Fixing ${word} leaks` });
    const byBlog = await createArticle(t, { blog: other, author: owner, title: 'Unrelated' });

    const upper = await list({ q: word.toUpperCase() });
    expect(upper.items.map((a) => a.articleId).sort()).toEqual([byTitle.id, byBlog.id].sort());
    // Surrounding spaces are ignored.
    const spaced = await list({ q: `  ${word}  ` });
    expect(spaced.items).toHaveLength(2);
    // Only the blog name matches.
    const guild = await list({ q: `${word} guild` });
    expect(guild.items.map((a) => a.articleId)).toEqual([byBlog.id]);
  });

  it('matches % _ and \\ literally', async () => {
    const word = token();
    const percent = await createArticle(t, { blog, author: owner, title: `${word} 100% done` });
    await createArticle(t, { blog, author: owner, title: `${word} 1000 done` });
    const underscore = await createArticle(t, { blog, author: owner, title: `${word} snake_case` });
    await createArticle(t, { blog, author: owner, title: `${word} snakeXcase` });
    const backslash = await createArticle(t, { blog, author: owner, title: `${word} C:\\temp` });
    await createArticle(t, { blog, author: owner, title: `${word} C:temp` });

    expect((await list({ q: `${word} 100%` })).items.map((a) => a.articleId)).toEqual([percent.id]);
    expect((await list({ q: 'snake_case' })).items.map((a) => a.articleId)).toEqual([
      underscore.id,
    ]);
    expect((await list({ q: ':\\temp' })).items.map((a) => a.articleId)).toEqual([backslash.id]);
    expect((await list({ q: `${word}%` })).items).toEqual([]);
  });

  it('filters by language exactly and case-insensitively; blank means all, unknown means none', async () => {
    const word = token();
    const ts = await createArticle(t, { blog, author: owner, title: word, about: 'TypeScript' });
    const java = await createArticle(t, { blog, author: owner, title: word, about: 'Java' });
    const js = await createArticle(t, { blog, author: owner, title: word, about: 'JavaScript' });
    await createArticle(t, { blog, author: owner, title: word, about: null });

    expect((await list({ q: word, lang: 'typescript' })).items.map((a) => a.articleId)).toEqual([
      ts.id,
    ]);
    // Exact, not "contains": Java does not match JavaScript.
    expect((await list({ q: word, lang: 'JAVA' })).items.map((a) => a.articleId)).toEqual([
      java.id,
    ]);
    expect((await list({ q: word, lang: 'javascript' })).items.map((a) => a.articleId)).toEqual([
      js.id,
    ]);
    expect((await list({ q: word, lang: '' })).items).toHaveLength(4);
    expect((await list({ q: word, lang: 'Cobol' })).items).toEqual([]);
  });

  it('pages with X-Total-Count and a GitHub-style Link header that keeps q and lang', async () => {
    const word = token();
    for (let i = 0; i < 5; i += 1) {
      await createArticle(t, {
        blog,
        author: owner,
        title: `${word} ${i}`,
        about: 'Python',
        createdAt: new Date(Date.now() - (10 - i) * 1000),
      });
    }
    const base = `${TEST_ORIGIN}/api/article/breakthrough`;
    const first = await list({ page: 1, size: 2, q: word, lang: 'python' });
    expect(first.items.map((a) => a.title)).toEqual([`${word} 4`, `${word} 3`]);
    expect(first.res.headers['x-total-count']).toBe('5');
    expect(first.res.headers.link).toBe(
      [
        `<${base}?page=2&size=2&q=${word}&lang=python>; rel="next"`,
        `<${base}?page=3&size=2&q=${word}&lang=python>; rel="last"`,
      ].join(', '),
    );

    const middle = await list({ page: 2, size: 2, q: word, lang: 'python' });
    expect(middle.items.map((a) => a.title)).toEqual([`${word} 2`, `${word} 1`]);
    expect(middle.res.headers.link).toBe(
      [
        `<${base}?page=1&size=2&q=${word}&lang=python>; rel="first"`,
        `<${base}?page=1&size=2&q=${word}&lang=python>; rel="prev"`,
        `<${base}?page=3&size=2&q=${word}&lang=python>; rel="next"`,
        `<${base}?page=3&size=2&q=${word}&lang=python>; rel="last"`,
      ].join(', '),
    );

    const last = await list({ page: 3, size: 2, q: word, lang: 'python' });
    expect(last.items.map((a) => a.title)).toEqual([`${word} 0`]);
    expect(last.res.headers.link).not.toMatch(/rel="next"/);

    // A sixth breakthrough (no page gained) and a seventh (a fourth page): the same address
    // now links on to page 4.
    for (const i of [5, 6]) {
      const res = await post({ ...valid(), title: `${word} ${i}`, about: 'Python' }, ownerSession);
      expect(res.statusCode).toBe(200);
    }
    const grown = await list({ page: 3, size: 2, q: word, lang: 'python' });
    expect(grown.res.headers['x-total-count']).toBe('7');
    expect(grown.res.headers.link).toContain(
      `<${base}?page=4&size=2&q=${word}&lang=python>; rel="last"`,
    );

    // The page size defaults to 10 when a page is asked for.
    const defaults = await list({ page: 1, q: word });
    expect(defaults.items).toHaveLength(7);
  });

  it('without page returns "all" capped at 1000, linking to the rest', async () => {
    const word = token();
    const bulkBlog = await createBlog(t, { owner, name: `Bulk ${word}` });
    await createArticlesBulk(t, { blogId: bulkBlog.id, authorId: owner.id, count: 1003 });

    const all = await list({ q: word });
    expect(all.items).toHaveLength(1000);
    expect(all.items[0]?.title).toBe('Bulk 1003');
    expect(all.res.headers['x-total-count']).toBe('1003');
    const next = `${TEST_ORIGIN}/api/article/breakthrough?q=${word}&page=2&size=1000`;
    expect(all.res.headers.link).toBe(`<${next}>; rel="next", <${next}>; rel="last"`);

    const rest = await get(next.replace(TEST_ORIGIN, ''));
    expect(rest.statusCode).toBe(200);
    expect(rest.headers['x-total-count']).toBe('1003');
    expect(rest.json<ArticleListItem[]>().map((a) => a.title)).toEqual([
      'Bulk 3',
      'Bulk 2',
      'Bulk 1',
    ]);
  });

  it('shows a new or deleted breakthrough on the unfiltered first page at once', async () => {
    const before = await list({ page: 1 });
    const total = Number(before.res.headers['x-total-count']);

    const posted = await post({ ...valid(), title: 'Fresh off the press' }, memberSession);
    const { articleId } = posted.json<{ articleId: number }>();
    const after = await list({ page: 1 });
    expect(after.items[0]?.articleId).toBe(articleId);
    expect(after.res.headers['x-total-count']).toBe(String(total + 1));
    const all = await list({});
    expect(all.items[0]?.articleId).toBe(articleId);

    expect((await del(articleId, memberSession)).statusCode).toBe(200);
    const gone = await list({ page: 1 });
    expect(gone.items.map((a) => a.articleId)).not.toContain(articleId);
    expect(gone.res.headers['x-total-count']).toBe(String(total));
  });

  it('refuses bad paging values with a 400 naming the parameter', async () => {
    const big = await get('/api/article/breakthrough?page=1&size=1001');
    expect(big.statusCode).toBe(400);
    expect(big.json<{ message: string }>().message).toMatch(/size/);
    const zero = await get('/api/article/breakthrough?page=0');
    expect(zero.statusCode).toBe(400);
    expect(zero.json<{ message: string }>().message).toMatch(/page/);
    expect((await get('/api/article/breakthrough?page=abc')).statusCode).toBe(400);
  });
});
