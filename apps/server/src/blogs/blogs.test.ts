import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Blog, CreatedBlog, MyBlog } from '@repolog/contract/blogs';
import { blogs } from '../db/schema.js';
import type { TestApp } from '../test/app.js';
import { addFavorite, stubRepoUrl } from '../test/blog-factories.js';
import { blogsWorld, type ErrorBody } from '../test/blogs-world.js';
import {
  createArticle,
  createBlog,
  createUser,
  loginWithGitHub,
  signIn,
  type Session,
} from '../test/factories.js';

describe('blogs API', () => {
  const { w, get, send, newBlog, danaBlog, editBody } = blogsWorld();
  let t: TestApp;
  let dana: Session;
  let sora: Session;
  let stranger: Session;
  beforeAll(() => {
    ({ t, dana, sora, stranger } = w);
  });

  describe('POST /api/blog', () => {
    it('creates a blog from a repository the creator can see, with its contributors', async () => {
      const res = await send(
        'POST',
        '/api/blog',
        dana,
        newBlog({ blogMember: ['Sora-Lee', 'sora-lee', 'alex-chen', 'DANA-KIM'] }),
      );
      expect(res.statusCode).toBe(200);
      const created = res.json<CreatedBlog>();
      expect(Object.keys(created).sort()).toEqual(['blog_id', 'message']);
      expect(Number.isInteger(created.blog_id)).toBe(true);
      expect(created.message).toBe('The blog has been created.');

      const visitor = await get(`/api/blog/non-member/${created.blog_id}`);
      expect(visitor.statusCode).toBe(200);
      const blog = visitor.json<Blog>();
      expect(blog).toEqual({
        blog_id: created.blog_id,
        blog_name: 'Frontend notes',
        description: 'What the frontend team learned',
        git_repo_url: `${t.config.publicUrl}/__github/repolog-team/frontend`,
        members: ['dana-kim', 'sora-lee', 'alex-chen'],
        owner: 'dana-kim',
        fav_count: 0,
        fav_button: false,
        article_count: 0,
        created_at: blog.created_at,
        break_throughs: [],
      });
      expect(blog.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(Date.now() - Date.parse(blog.created_at)).toBeLessThan(60_000);
      const member = await get(`/api/blog/${created.blog_id}`, dana);
      expect(member.json()).toEqual(blog);

      // alex-chen had never signed in; once they do, the blog is in their workspace.
      const alex = await loginWithGitHub(t, 'alex-chen');
      const mine = await get('/api/blog', alex);
      expect(mine.json<MyBlog[]>()).toContainEqual({
        blogId: created.blog_id,
        blogName: 'Frontend notes',
        description: 'What the frontend team learned',
      });
    });

    it('stores the canonical repository address and its private flag', async () => {
      const minjun = await loginWithGitHub(t, 'minjun-park');
      const res = await send(
        'POST',
        '/api/blog',
        minjun,
        newBlog({
          blogName: 'Infra',
          gitRepoUrl: `${t.config.publicUrl}/__github/Repolog-Team/INFRA.git`,
          blogMember: ['jisoo-han'],
        }),
      );
      expect(res.statusCode).toBe(200);
      const { blog_id } = res.json<CreatedBlog>();
      const [row] = await t.database.db.select().from(blogs).where(eq(blogs.id, blog_id));
      expect(row).toMatchObject({
        gitRepoUrl: `${t.config.publicUrl}/__github/repolog-team/infra`,
        repoKey: 'repolog-team/infra',
        repoPrivate: true,
      });
      // A private repository's activity is not shown to visitors.
      const activity = await get(
        `/api/issues-and-commits?html_url=${encodeURIComponent(row?.gitRepoUrl ?? '')}`,
      );
      expect(activity.statusCode).toBe(403);
    });

    it('refuses a second blog for the same repository with 409, whoever asks', async () => {
      const again = await send('POST', '/api/blog', sora, newBlog({ blogName: 'Another' }));
      expect(again.statusCode).toBe(409);
      expect(again.json<ErrorBody>().message).toBe(
        'The repository repolog-team/frontend already has a blog. A repository can have only one blog.',
      );
    });

    it('lets only one of two simultaneous creations for a repository win', async () => {
      const body = newBlog({ gitRepoUrl: stubRepoUrl(t, 'sora-lee/design-tokens') });
      const results = await Promise.all([
        send('POST', '/api/blog', dana, { ...body, blogName: 'Tokens A' }),
        send('POST', '/api/blog', sora, { ...body, blogName: 'Tokens B' }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const rows = await t.database.db
        .select()
        .from(blogs)
        .where(eq(blogs.repoKey, 'sora-lee/design-tokens'));
      expect(rows).toHaveLength(1);
    });

    it('refuses a repository the creator cannot see on GitHub', async () => {
      const res = await send(
        'POST',
        '/api/blog',
        dana,
        newBlog({ gitRepoUrl: stubRepoUrl(t, 'jisoo-han/kafka-outbox') }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().message).toBe(
        'gitRepoUrl: the repository jisoo-han/kafka-outbox does not exist on GitHub or your GitHub account cannot see it.',
      );
    });

    it('refuses an address that is not a repository on GitHub', async () => {
      const res = await send(
        'POST',
        '/api/blog',
        dana,
        newBlog({ gitRepoUrl: 'https://gitlab.example/team/project' }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().message).toMatch(/^gitRepoUrl must be a repository address/);
    });

    it('refuses a contributor GitHub does not know, and creates nothing', async () => {
      const res = await send(
        'POST',
        '/api/blog',
        dana,
        newBlog({
          gitRepoUrl: stubRepoUrl(t, 'dana-kim/hangul-keyboard-lab'),
          blogMember: ['sora-lee', 'no-such-person-42'],
        }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().message).toBe(
        "blogMember: no GitHub user found with the ID 'no-such-person-42'.",
      );
      const rows = await t.database.db
        .select()
        .from(blogs)
        .where(eq(blogs.repoKey, 'dana-kim/hangul-keyboard-lab'));
      expect(rows).toHaveLength(0);
    });

    it('answers 502 with a clear message when GitHub fails, never 500', async () => {
      t.stub.faults.failStatus = 502;
      const res = await send(
        'POST',
        '/api/blog',
        dana,
        newBlog({ gitRepoUrl: stubRepoUrl(t, 'dana-kim/hangul-keyboard-lab') }),
      );
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({
        error: 'github_unavailable',
        message:
          'GitHub is not answering right now, so the repository could not be checked. Please try again in a minute.',
        key: 'github.repoUnchecked',
        params: { reason: { key: 'github.reason.down', params: {} } },
      });
    });

    it('answers 502 when GitHub fails while checking a contributor on edit', async () => {
      const blog = await danaBlog();
      t.stub.faults.failStatus = 502;
      const res = await send(
        'PUT',
        `/api/blog/${blog.id}`,
        dana,
        editBody(blog, ['sora-lee', 'octocat']),
      );
      expect(res.statusCode).toBe(502);
      expect(res.json<ErrorBody>().message).toBe(
        "GitHub is not answering right now, so the GitHub user 'octocat' could not be checked. Please try again in a minute.",
      );
    });

    it('is for signed-in users only', async () => {
      const res = await send('POST', '/api/blog', undefined, newBlog());
      expect(res.statusCode).toBe(401);
    });
  });

  describe('limits', () => {
    const check = async (overrides: Record<string, unknown>) => {
      const blog = await danaBlog();
      return send('PUT', `/api/blog/${blog.id}`, dana, {
        ...editBody(blog, ['sora-lee']),
        ...overrides,
      });
    };

    it('takes a blog name of 100 characters and refuses 101', async () => {
      expect((await check({ blogName: 'n'.repeat(100) })).statusCode).toBe(200);
      const res = await check({ blogName: 'n'.repeat(101) });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().message).toBe(
        'body.blogName: blogName must be at most 100 characters',
      );
    });

    it('counts the description in UTF-8 bytes: 1333 × 가 fits, 1334 × 가 does not', async () => {
      const fits = await check({ description: '가'.repeat(1333) });
      expect(fits.statusCode).toBe(200);
      expect(fits.json<Blog>().description).toBe('가'.repeat(1333));
      const res = await check({ description: '가'.repeat(1334) });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().message).toBe(
        'body.description: description must be at most 4000 bytes',
      );
      const created = await send(
        'POST',
        '/api/blog',
        dana,
        newBlog({ description: '가'.repeat(1334) }),
      );
      expect(created.statusCode).toBe(400);
    });

    it('refuses whitespace-only fields, naming the field', async () => {
      for (const field of ['blogName', 'description', 'gitRepoUrl']) {
        const res = await send('POST', '/api/blog', dana, newBlog({ [field]: ' \n\t ' }));
        expect(res.statusCode).toBe(400);
        expect(res.json<ErrorBody>().message).toBe(`body.${field}: ${field} is required`);
      }
      expect((await check({ blogName: '   ' })).json<ErrorBody>().message).toBe(
        'body.blogName: blogName is required',
      );
    });

    it('allows at most 50 members, the owner included', async () => {
      const fifty = Array.from({ length: 50 }, (_, i) => `member-${i}`);
      const res = await send(
        'POST',
        '/api/blog',
        dana,
        newBlog({ gitRepoUrl: stubRepoUrl(t, 'dana-kim/hangul-keyboard-lab'), blogMember: fifty }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().message).toBe(
        'blogMember: a blog can have at most 50 members, the owner included (this list makes 51).',
      );
      const edit = await check({ blogMember: fifty });
      expect(edit.statusCode).toBe(400);
    });

    it('refuses a contributor id that cannot be a GitHub login', async () => {
      const res = await send('POST', '/api/blog', dana, newBlog({ blogMember: ['bad login!'] }));
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().message).toMatch(/^body\.blogMember\.0: /);
    });
  });

  describe('GET /api/blog/{blogId}', () => {
    it('lists the newest 15 breakthroughs, counts all, and shows the caller their favorite', async () => {
      const blog = await danaBlog('Busy blog');
      const start = Date.now() - 100_000;
      const written = [];
      for (let i = 0; i < 17; i += 1) {
        written.push(
          await createArticle(t, {
            blog,
            author: { id: dana.userId },
            title: `Note ${i}`,
            createdAt: new Date(start + i * 1000),
          }),
        );
      }
      await addFavorite(t, { user: { id: dana.userId }, blog });

      const mine = (await get(`/api/blog/${blog.id}`, dana)).json<Blog>();
      expect(mine.article_count).toBe(17);
      expect(mine.fav_count).toBe(1);
      expect(mine.fav_button).toBe(true);
      expect(mine.break_throughs).toHaveLength(15);
      const newest = written[16];
      expect(mine.break_throughs[0]).toEqual({
        articleId: newest?.id,
        articleTitle: 'Note 16',
        createdAt: newest?.createdAt.toISOString(),
        likeCount: 0,
        commentCount: 0,
      });
      expect(mine.break_throughs.map((a) => a.articleTitle).at(-1)).toBe('Note 2');

      const visitor = (await get(`/api/blog/non-member/${blog.id}`)).json<Blog>();
      expect(visitor.fav_button).toBe(false);
      expect(visitor.fav_count).toBe(1);
      const other = (await get(`/api/blog/${blog.id}`, stranger)).json<Blog>();
      expect(other.fav_button).toBe(false);
    });

    it('answers 404 for an unknown blog and 400 for an id that is not a number', async () => {
      const missing = await get('/api/blog/987654');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({
        error: 'not_found',
        message: 'Blog 987654 was not found.',
        key: 'blogs.notFound',
        params: { blogId: 987654 },
      });
      expect((await get('/api/blog/non-member/987654')).statusCode).toBe(404);
      for (const id of ['abc', '0', '1.5', '99999999999']) {
        const res = await get(`/api/blog/non-member/${id}`);
        expect(res.statusCode).toBe(400);
        expect(res.json<ErrorBody>().message).toMatch(/^params\.blogId: blogId /);
        expect(res.json<ErrorBody>()).toMatchObject({
          key: expect.stringMatching(/^validation\./) as string,
          params: { name: 'blogId' },
          field: 'params.blogId',
        });
      }
    });
  });

  describe('GET /api/blog', () => {
    it("lists the blogs the user is a member of, newest first, and nobody else's", async () => {
      const solo = await signIn(t, await createUser(t));
      const older = await createBlog(t, { owner: { id: solo.userId }, name: 'Older' });
      await createBlog(t, { owner: { id: dana.userId }, name: 'Not mine' });
      const newer = await createBlog(t, {
        owner: { id: dana.userId },
        members: [{ id: solo.userId }],
        name: 'Newer',
      });
      const res = await get('/api/blog', solo);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        { blogId: newer.id, blogName: 'Newer', description: newer.description },
        { blogId: older.id, blogName: 'Older', description: older.description },
      ]);
    });

    it('is 401 for visitors', async () => {
      expect((await get('/api/blog')).statusCode).toBe(401);
    });
  });

  describe('the /blog/{blogId} page', () => {
    it("carries the blog's name and description in its meta tags", async () => {
      const blog = await createBlog(t, {
        owner: { id: dana.userId },
        name: 'Tips & <Tricks>',
        description: 'Small things we learned',
      });
      const res = await get(`/blog/${blog.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>Tips &amp; &lt;Tricks&gt; · Repolog</title>');
      expect(res.body).toContain('<meta name="description" content="Small things we learned" />');
      expect(res.body).toContain(
        `<meta property="og:url" content="${t.config.publicUrl}/blog/${blog.id}" />`,
      );
      const unknown = await get('/blog/987654');
      expect(unknown.body).toContain(
        '<title>Repolog — team tech blogs from your repositories</title>',
      );
    });
  });
});
