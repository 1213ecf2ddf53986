import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { buildTestApp, type TestApp } from './app.js';
import { stubRepoUrl } from './blog-factories.js';
import { createBlog, createUser, loginWithGitHub, signIn, type Session } from './factories.js';

/** An error answer's body. */
export interface ErrorBody {
  error: string;
  message: string;
  key: string;
  params: Record<string, unknown>;
}

/** The app and people the blog API tests share: dana and sora (GitHub logins), a stranger. */
export interface BlogsWorld {
  t: TestApp;
  dana: Session;
  sora: Session;
  stranger: Session;
}

/**
 * One app serving a minimal web page, with dana and sora signed in through the GitHub stand-in
 * and a stranger, made before the file's tests and closed after them; the stand-in's injected
 * failure is cleared after each test.
 */
export function blogsWorld() {
  const w = {} as BlogsWorld;
  beforeAll(async () => {
    const webDist = mkdtempSync(path.join(tmpdir(), 'repolog-blogs-web-'));
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><head><!--meta--><title>x</title><!--/meta--></head><body></body></html>',
    );
    w.t = await buildTestApp({ webDist });
    w.dana = await loginWithGitHub(w.t, 'dana-kim');
    w.sora = await loginWithGitHub(w.t, 'sora-lee');
    w.stranger = await signIn(w.t, await createUser(w.t));
  });
  afterAll(() => w.t.close());
  afterEach(() => {
    w.t.stub.faults.failStatus = null;
  });

  const withCookie = (session?: Session) => (session ? { cookie: session.cookie } : {});
  return {
    w,
    get: (url: string, session?: Session) =>
      w.t.request({ method: 'GET', url, headers: withCookie(session) }),
    send: (method: 'POST' | 'PUT' | 'DELETE', url: string, session?: Session, payload?: object) =>
      w.t.request({ method, url, headers: withCookie(session), ...(payload ? { payload } : {}) }),
    newBlog: (overrides: Record<string, unknown> = {}) => ({
      blogName: 'Frontend notes',
      description: 'What the frontend team learned',
      gitRepoUrl: stubRepoUrl(w.t, 'repolog-team/frontend'),
      blogMember: [],
      ...overrides,
    }),
    /** A blog owned by dana with sora as a member, made without GitHub. */
    danaBlog: (name?: string) =>
      createBlog(w.t, {
        owner: { id: w.dana.userId },
        members: [{ id: w.sora.userId }],
        ...(name ? { name } : {}),
      }),
    editBody: (blog: { name: string; description: string }, members: string[]) => ({
      blogName: blog.name,
      description: blog.description,
      blogMember: members,
    }),
  };
}
