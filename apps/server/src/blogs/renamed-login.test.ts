import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.js';
import { createArticle, createBlog, createUser, signIn } from '../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

// GitHub logins can be renamed and reused: for a while two accounts may hold one login here.
describe('an account holding a login another member used to hold', () => {
  it('gets no member or owner rights on that blog', async () => {
    const owner = await createUser(t, { userName: 'alice', githubId: 111 });
    const impostor = await createUser(t, { userName: 'Alice', githubId: 222 });
    const blog = await createBlog(t, { owner });
    const article = await createArticle(t, { blog, author: owner });
    const session = await signIn(t, impostor);
    const headers = { cookie: session.cookie };

    const write = await t.request({
      method: 'POST',
      url: '/api/article',
      headers,
      payload: { blogId: blog.id, title: 'Not mine', content: 'Nope' },
    });
    expect(write.statusCode).toBe(403);
    const edit = await t.request({
      method: 'PUT',
      url: `/api/blog/${blog.id}`,
      headers,
      payload: { blogName: 'Taken over', description: 'No', blogMember: [] },
    });
    expect(edit.statusCode).toBe(403);
    const remove = await t.request({ method: 'DELETE', url: `/api/blog/${blog.id}`, headers });
    expect(remove.statusCode).toBe(403);
    const deleteArticle = await t.request({
      method: 'DELETE',
      url: `/api/article/${article.id}`,
      headers,
    });
    expect(deleteArticle.statusCode).toBe(403);
  });
});
