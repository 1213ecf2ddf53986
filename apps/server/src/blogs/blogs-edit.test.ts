import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Blog, MyBlog } from '@repolog/contract/blogs';
import { articles, users } from '../db/schema.js';
import type { TestApp } from '../test/app.js';
import { stubRepoUrl } from '../test/blog-factories.js';
import { blogsWorld, type ErrorBody } from '../test/blogs-world.js';
import { createArticle, type Session } from '../test/factories.js';

describe('blogs API: editing and deleting', () => {
  const { w, get, send, danaBlog, editBody } = blogsWorld();
  let t: TestApp;
  let dana: Session;
  let sora: Session;
  let stranger: Session;
  beforeAll(() => {
    ({ t, dana, sora, stranger } = w);
  });

  describe('PUT /api/blog/{blogId}', () => {
    it('lets members edit and refuses everyone else', async () => {
      const blog = await danaBlog();
      const body = editBody({ name: 'Renamed', description: 'New words' }, ['sora-lee']);
      expect((await send('PUT', `/api/blog/${blog.id}`, undefined, body)).statusCode).toBe(401);
      const refused = await send('PUT', `/api/blog/${blog.id}`, stranger, body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json<ErrorBody>().message).toBe('Only members of this blog can edit it.');

      const byMember = await send('PUT', `/api/blog/${blog.id}`, sora, body);
      expect(byMember.statusCode).toBe(200);
      expect(byMember.json<Blog>()).toMatchObject({
        blog_id: blog.id,
        blog_name: 'Renamed',
        description: 'New words',
        members: ['dana-kim', 'sora-lee'],
        owner: 'dana-kim',
      });
      const byOwner = await send('PUT', `/api/blog/${blog.id}`, dana, {
        ...body,
        blogName: 'Owner edit',
      });
      expect(byOwner.statusCode).toBe(200);
      expect(byOwner.json<Blog>().blog_name).toBe('Owner edit');
      expect((await send('PUT', '/api/blog/987654', dana, body)).statusCode).toBe(404);
    });

    it('syncs members: adds new ones, drops removed ones, and keeps the owner', async () => {
      const blog = await danaBlog();
      const res = await send(
        'PUT',
        `/api/blog/${blog.id}`,
        sora,
        editBody(blog, ['alex-chen', 'Octocat', 'octocat']),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json<Blog>().members).toEqual(['dana-kim', 'alex-chen', 'octocat']);
      expect(res.json<Blog>().owner).toBe('dana-kim');
      // octocat never signed in but now has a user row, so they can be shown and invited.
      const [octocat] = await t.database.db
        .select()
        .from(users)
        .where(eq(users.userName, 'octocat'));
      expect(octocat?.signedUpAt).toBeNull();

      const soraBlogs = (await get('/api/blog', sora)).json<MyBlog[]>();
      expect(soraBlogs.map((b) => b.blogId)).not.toContain(blog.id);

      const emptied = await send('PUT', `/api/blog/${blog.id}`, dana, editBody(blog, []));
      expect(emptied.json<Blog>().members).toEqual(['dana-kim']);
    });

    it('refuses an unknown new member and changes nothing', async () => {
      const blog = await danaBlog();
      const res = await send(
        'PUT',
        `/api/blog/${blog.id}`,
        dana,
        editBody({ name: 'Changed', description: 'Changed' }, ['sora-lee', 'ghost-of-nobody']),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().message).toBe(
        "blogMember: no GitHub user found with the ID 'ghost-of-nobody'.",
      );
      const after = (await get(`/api/blog/${blog.id}`)).json<Blog>();
      expect(after.blog_name).toBe(blog.name);
      expect(after.members).toEqual(['dana-kim', 'sora-lee']);
    });

    it('keeps the repository: the same address is fine, another one is refused', async () => {
      const blog = await danaBlog();
      const same = await send('PUT', `/api/blog/${blog.id}`, dana, {
        ...editBody(blog, ['sora-lee']),
        gitRepoUrl: blog.gitRepoUrl,
      });
      expect(same.statusCode).toBe(200);
      expect(same.json<Blog>().git_repo_url).toBe(blog.gitRepoUrl);
      const other = await send('PUT', `/api/blog/${blog.id}`, dana, {
        ...editBody(blog, ['sora-lee']),
        gitRepoUrl: stubRepoUrl(t, 'octocat/Hello-World'),
      });
      expect(other.statusCode).toBe(400);
      expect(other.json<ErrorBody>().message).toBe(
        `gitRepoUrl: the repository of a blog cannot change (this blog is linked to ${blog.repoKey}).`,
      );
    });
  });

  describe('DELETE /api/blog/{blogId}', () => {
    it('is for the owner only', async () => {
      const blog = await danaBlog();
      expect((await send('DELETE', `/api/blog/${blog.id}`)).statusCode).toBe(401);
      for (const who of [stranger, sora]) {
        const res = await send('DELETE', `/api/blog/${blog.id}`, who);
        expect(res.statusCode).toBe(403);
        expect(res.json<ErrorBody>().message).toBe('Only the owner of this blog can delete it.');
      }
      expect((await get(`/api/blog/${blog.id}`)).statusCode).toBe(200);
    });

    it('deletes the blog with its articles', async () => {
      const blog = await danaBlog();
      const written = [
        await createArticle(t, { blog, author: { id: dana.userId } }),
        await createArticle(t, { blog, author: { id: sora.userId } }),
      ];
      const res = await send('DELETE', `/api/blog/${blog.id}`, dana);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'The blog has been successfully deleted.' });
      expect((await get(`/api/blog/${blog.id}`)).statusCode).toBe(404);
      const left = await t.database.db
        .select()
        .from(articles)
        .where(
          inArray(
            articles.id,
            written.map((a) => a.id),
          ),
        );
      expect(left).toHaveLength(0);
      expect((await send('DELETE', `/api/blog/${blog.id}`, dana)).statusCode).toBe(404);
    });
  });
});
