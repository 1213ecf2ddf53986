import { eq, sql } from 'drizzle-orm';
import { loadDefaultSeed } from '@repolog/github-stub/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleListItem } from '@repolog/contract/articles';
import { articles, blogs, comments, likes, users } from '../db/schema.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import { createBlog, createUser, loginWithGitHub } from '../test/factories.js';
import { DEMO_ARTICLES } from './demo-articles.js';
import { seedDemoData } from './demo.seed.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seedDemo: true });
});
afterAll(() => t.close());

describe('demo data', () => {
  it("has the spec's fixed blogs and article", async () => {
    const rows = await t.database.db.select().from(blogs).orderBy(blogs.id);
    expect(rows.map((b) => b.id)).toEqual(expect.arrayContaining([32, 38, 39]));
    const official = rows.find((b) => b.id === 39);
    expect(official?.gitRepoUrl).toBe('http://localhost:3000/__github/repolog-team/repolog-notice');
    const [banner] = await t.database.db.select().from(articles).where(eq(articles.id, 25));
    expect(banner?.blogId).toBe(32);
    expect(banner?.content).toContain('```tsx');
  });

  it('is rendered by the time the server answers (seeded without HTML, rendered at start)', async () => {
    const res = await t.request({ method: 'GET', url: '/api/article/breakthrough/25' });
    expect(res.json<{ contentHtml: string }>().contentHtml).toContain('<code class="hljs');
    const [unrendered] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(articles)
      .where(sql`${articles.contentHtml} is null`);
    expect(unrendered?.n).toBe(0);
  });

  it('keeps like counts equal to the like rows', async () => {
    const mismatched = await t.database.db
      .select({ id: articles.id })
      .from(articles)
      .where(
        sql`${articles.likeCount} <> (SELECT count(*) FROM ${likes} WHERE ${likes.articleId} = ${articles.id})`,
      );
    expect(mismatched).toEqual([]);
  });

  it('keeps comment counts equal to the comment rows', async () => {
    const mismatched = await t.database.db
      .select({ id: articles.id })
      .from(articles)
      .where(
        sql`${articles.commentCount} <> (SELECT count(*) FROM ${comments} WHERE ${comments.articleId} = ${articles.id})`,
      );
    expect(mismatched).toEqual([]);
  });

  it('has a Korean breakthrough that a two-syllable Korean search finds', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/article/breakthrough?q=${encodeURIComponent('배포')}`,
    });
    expect(res.json<ArticleListItem[]>()).toMatchObject([
      {
        articleId: 35,
        title: '배포 자동화로 얻은 교훈',
        blogName: 'Ddareungi Map',
        commentCount: 1,
      },
    ]);
  });

  it("quotes real issue, pull request and commit titles of the stand-in's repositories", () => {
    const seed = loadDefaultSeed();
    const titles = new Set(
      seed.repos.flatMap((repo) => [
        ...repo.issues.map((issue) => issue.title),
        ...repo.commits.map((commit) => commit.message.split('\n')[0]),
      ]),
    );
    for (const article of DEMO_ARTICLES) {
      for (const quoted of [article.problem, article.solution]) {
        if (quoted) expect(titles, `${article.title}: ${quoted}`).toContain(quoted);
      }
    }
  });

  it('leaves room for new rows after the fixed ids and never seeds twice', async () => {
    const owner = await createUser(t);
    const blog = await createBlog(t, { owner });
    expect(blog.id).toBeGreaterThan(40);
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(await seedDemoData(t.database.db, 'http://localhost:3000/__github')).toBe(false);
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(after).toEqual(before);
  });

  it('signs demo accounts in as the seeded users', async () => {
    const session = await loginWithGitHub(t, 'dana-kim');
    const [dana] = await t.database.db.select().from(users).where(eq(users.userName, 'dana-kim'));
    expect(session.userId).toBe(dana?.id);
  });
});
