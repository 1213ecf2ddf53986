import type { TestApp } from './app.js';
import { createBlog, createUser, signIn } from './factories.js';

/**
 * The article service renders each body in a worker thread with a time limit; the first render
 * of an app also starts the worker, which on a crowded machine can take longer than the limit
 * (the post is then refused as unrenderable). Posting once in a blog of its own, until the
 * worker answers, lets a test file's own posts meet a warm renderer.
 */
export async function warmMarkdownRenderer(t: TestApp, attempts = 5): Promise<void> {
  const user = await createUser(t);
  const session = await signIn(t, user);
  const blog = await createBlog(t, { owner: user, name: 'Warm-up' });
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    const res = await t.request({
      method: 'POST',
      url: '/api/article',
      headers: { cookie: session.cookie },
      payload: { blogId: blog.id, title: 'Warm-up', content: '# Warm-up\n\n`code`' },
    });
    if (res.statusCode === 200) return;
  }
}
