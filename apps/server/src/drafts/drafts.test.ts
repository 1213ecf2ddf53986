import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article, ArticleListItem } from '@repolog/contract/articles';
import type { Blog } from '@repolog/contract/blogs';
import type { Draft, DraftConflict, DraftSummary, PublishedDraft } from '@repolog/contract/drafts';
import { drafts } from '../db/schema.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import {
  createArticle,
  createBlog,
  createUser,
  signIn,
  type BlogRow,
  type Session,
  type UserRow,
} from '../test/factories.js';
import { draftsRepository } from './drafts.repository.js';

let t: TestApp;
let author: UserRow;
let member: UserRow;
let outsider: UserRow;
let authorSession: Session;
let memberSession: Session;
let outsiderSession: Session;
let blog: BlogRow;
let otherBlog: BlogRow;

beforeAll(async () => {
  t = await buildTestApp();
  author = await createUser(t);
  member = await createUser(t);
  outsider = await createUser(t);
  authorSession = await signIn(t, author);
  memberSession = await signIn(t, member);
  outsiderSession = await signIn(t, outsider);
  blog = await createBlog(t, { owner: author, members: [member], name: 'Drafting Team' });
  otherBlog = await createBlog(t, { owner: outsider, name: 'Elsewhere' });
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  session?: Session,
  payload?: Record<string, unknown>,
) =>
  t.request({
    method,
    url,
    headers: session ? { cookie: session.cookie } : {},
    ...(payload ? { payload } : {}),
  });

const createDraft = async (
  session: Session,
  fields: Record<string, unknown> = {},
  blogId = blog.id,
) => {
  const res = await call('POST', `/api/blog/${blogId}/drafts`, session, fields);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Draft>();
};

const draftRows = async (draftId: number) =>
  t.database.db.select().from(drafts).where(eq(drafts.id, draftId));

describe('a draft of a new breakthrough', () => {
  it('is created at the first change and saved with every character, version by version', async () => {
    const created = await createDraft(authorSession, { title: 'Half a tho' });
    expect(created).toMatchObject({
      blogId: blog.id,
      articleId: null,
      title: 'Half a tho',
      content: '',
      about: null,
      version: 1,
      creatorId: author.id,
      creatorName: author.userName,
      updatedByName: author.userName,
    });

    const body = '  Indented first line\n\n```ts\nconst ünïcode = "💡";\n```\n';
    const saved = await call('PUT', `/api/draft/${created.draftId}`, authorSession, {
      version: 1,
      title: 'Half a thought ',
      content: body,
      about: 'typescript',
      problem: 'Pool exhausted #12',
      solution: '',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Draft>()).toMatchObject({
      version: 2,
      title: 'Half a thought ',
      content: body,
      about: 'TypeScript',
      problem: 'Pool exhausted #12',
      solution: null,
    });
    expect(Date.parse(saved.json<Draft>().updatedAt)).toBeGreaterThan(
      Date.parse(created.updatedAt),
    );

    const reread = await call('GET', `/api/draft/${created.draftId}`, authorSession);
    expect(reread.json<Draft>().content).toBe(body);
  });

  it('refuses a save based on a stale version with 409 and the draft as it is now', async () => {
    const draft = await createDraft(authorSession, { title: 'Ours' });
    const theirs = await call('PUT', `/api/draft/${draft.draftId}`, memberSession, {
      version: 1,
      title: 'Theirs',
      content: 'The member wrote this.',
    });
    expect(theirs.statusCode).toBe(200);

    const stale = await call('PUT', `/api/draft/${draft.draftId}`, authorSession, {
      version: 1,
      title: 'Mine, based on version 1',
      content: 'Would overwrite theirs.',
    });
    expect(stale.statusCode).toBe(409);
    const conflict = stale.json<DraftConflict>();
    expect(conflict.error).toBe('conflict');
    expect(conflict.message).toMatch(/saved by someone else/);
    expect(conflict).toMatchObject({ key: 'drafts.changed', params: {} });
    expect(conflict.draft).toMatchObject({
      version: 2,
      title: 'Theirs',
      content: 'The member wrote this.',
      updatedById: member.id,
      updatedByName: member.userName,
    });
    const [row] = await draftRows(draft.draftId);
    expect(row).toMatchObject({ version: 2, title: 'Theirs' });

    // Based on the version the conflict showed, the save goes through.
    const retried = await call('PUT', `/api/draft/${draft.draftId}`, authorSession, {
      version: 2,
      title: 'Merged',
      content: 'Both of us.',
    });
    expect(retried.json<Draft>()).toMatchObject({ version: 3, title: 'Merged' });
  });

  it('refuses fields past the limits and unknown languages, naming the field, and stores nothing', async () => {
    const draft = await createDraft(authorSession, { title: 'Limits' });
    const tooLong = await call('PUT', `/api/draft/${draft.draftId}`, authorSession, {
      version: 1,
      title: 'x'.repeat(201),
      content: '',
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<{ message: string }>().message).toMatch(/title must be at most 200/);
    const badLanguage = await call('POST', `/api/blog/${blog.id}/drafts`, authorSession, {
      about: 'COBOL',
    });
    expect(badLanguage.statusCode).toBe(400);
    expect(badLanguage.json<{ message: string }>().message).toMatch(/about must be one of/);
    const noVersion = await call('PUT', `/api/draft/${draft.draftId}`, authorSession, {
      title: 'No version',
    });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json<{ message: string }>().message).toMatch(/version/);
    const [row] = await draftRows(draft.draftId);
    expect(row).toMatchObject({ version: 1, title: 'Limits' });
  });
});

describe('who sees and changes drafts', () => {
  it('lists a blog’s drafts to its members only, newest first; 404 to outsiders and visitors', async () => {
    const older = await createDraft(authorSession, { title: 'Older' });
    const newer = await createDraft(memberSession, { title: '' });
    const listed = await call('GET', `/api/blog/${blog.id}/drafts`, memberSession);
    expect(listed.statusCode).toBe(200);
    const items = listed.json<DraftSummary[]>();
    const ids = items.map((d) => d.draftId);
    expect(ids.indexOf(newer.draftId)).toBeLessThan(ids.indexOf(older.draftId));
    expect(items.find((d) => d.draftId === newer.draftId)).toMatchObject({
      title: '',
      creatorName: member.userName,
    });
    expect(items[0]).not.toHaveProperty('content');

    for (const session of [outsiderSession, undefined]) {
      const refused = await call('GET', `/api/blog/${blog.id}/drafts`, session);
      expect(refused.statusCode).toBe(404);
      expect(refused.body).not.toContain('Older');
      const one = await call('GET', `/api/draft/${older.draftId}`, session);
      expect(one.statusCode).toBe(404);
      expect(one.json<{ message: string }>().message).toMatch(/does not exist/);
    }
  });

  it('answers outsiders 404 on every write, visitors 401, and changes nothing', async () => {
    const draft = await createDraft(authorSession, { title: 'Private', content: 'Secret' });
    const attempts = [
      () => call('PUT', `/api/draft/${draft.draftId}`, outsiderSession, { version: 1, title: 'x' }),
      () => call('DELETE', `/api/draft/${draft.draftId}`, outsiderSession),
      () => call('POST', `/api/draft/${draft.draftId}/publish`, outsiderSession, { version: 1 }),
      () => call('POST', `/api/blog/${blog.id}/drafts`, outsiderSession, { title: 'Intruder' }),
    ];
    for (const attempt of attempts) expect((await attempt()).statusCode).toBe(404);
    const visitor = [
      () => call('PUT', `/api/draft/${draft.draftId}`, undefined, { version: 1, title: 'x' }),
      () => call('DELETE', `/api/draft/${draft.draftId}`),
      () => call('POST', `/api/draft/${draft.draftId}/publish`, undefined, { version: 1 }),
      () => call('POST', `/api/blog/${blog.id}/drafts`, undefined, { title: 'Visitor' }),
    ];
    for (const attempt of visitor) expect((await attempt()).statusCode).toBe(401);
    const [row] = await draftRows(draft.draftId);
    expect(row).toMatchObject({ title: 'Private', content: 'Secret', version: 1 });
    const intruders = await t.database.db.select().from(drafts).where(eq(drafts.blogId, blog.id));
    expect(intruders.map((d) => d.title)).not.toContain('Intruder');
    expect(intruders.map((d) => d.title)).not.toContain('Visitor');
  });

  it('keeps a member of another blog out of this blog’s drafts', async () => {
    const theirs = await createDraft(outsiderSession, { title: 'Elsewhere draft' }, otherBlog.id);
    expect((await call('GET', `/api/draft/${theirs.draftId}`, memberSession)).statusCode).toBe(404);
    expect((await call('GET', `/api/draft/${theirs.draftId}`, outsiderSession)).statusCode).toBe(
      200,
    );
  });

  it('lets members co-write a draft, but only its creator or the blog owner delete it', async () => {
    const authors = await createDraft(authorSession, { title: 'Author started' });
    const members = await createDraft(memberSession, { title: 'Member started' });
    expect(
      (
        await call('PUT', `/api/draft/${authors.draftId}`, memberSession, {
          version: 1,
          title: 'Co',
        })
      ).statusCode,
    ).toBe(200);

    const refused = await call('DELETE', `/api/draft/${authors.draftId}`, memberSession);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toMatch(/started this draft/);
    expect(await draftRows(authors.draftId)).toHaveLength(1);

    // The author owns the blog: they may tidy up a member's draft, and their own.
    expect((await call('DELETE', `/api/draft/${members.draftId}`, authorSession)).statusCode).toBe(
      200,
    );
    expect((await call('DELETE', `/api/draft/${authors.draftId}`, authorSession)).statusCode).toBe(
      200,
    );
    expect(await draftRows(authors.draftId)).toHaveLength(0);
    expect((await call('GET', `/api/draft/${authors.draftId}`, authorSession)).statusCode).toBe(
      404,
    );
  });
});

describe('posting a draft', () => {
  it('turns it into the breakthrough through the post flow, with its revision, and the draft is gone', async () => {
    const draft = await createDraft(memberSession, {
      title: '  Pool exhaustion  ',
      content: '# What happened\n\nThe pool ran dry.',
      about: 'Python',
    });
    const published = await call('POST', `/api/draft/${draft.draftId}/publish`, memberSession, {
      version: 1,
    });
    expect(published.statusCode, published.body).toBe(200);
    const { articleId, blogId, message } = published.json<PublishedDraft>();
    expect(blogId).toBe(blog.id);
    expect(message).toBe('Your breakthrough has been posted.');

    const article = (await call('GET', `/api/article/breakthrough/${articleId}`)).json<Article>();
    expect(article).toMatchObject({
      title: 'Pool exhaustion',
      content: '# What happened\n\nThe pool ran dry.',
      about: 'Python',
      userId: member.id,
    });
    expect(article.contentHtml).toContain('<h1');
    const blogPage = (await call('GET', `/api/blog/${blog.id}`)).json<Blog>();
    expect(blogPage.break_throughs.map((a) => a.articleId)).toContain(articleId);
    expect(await draftRows(draft.draftId)).toHaveLength(0);
    const revisions = await call('GET', `/api/article/${articleId}/revisions`, memberSession);
    expect(revisions.json<unknown[]>()).toHaveLength(1);
  });

  it('refuses a draft without a title or body (400 naming the field), and keeps the draft', async () => {
    const draft = await createDraft(authorSession, { title: '   ', content: 'Body only' });
    const refused = await call('POST', `/api/draft/${draft.draftId}/publish`, authorSession, {
      version: 1,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error: 'bad_request',
      message: 'title is required',
      key: 'validation.title.required',
      params: {},
    });
    expect(await draftRows(draft.draftId)).toHaveLength(1);
  });

  it('refuses to post a stale version (409 with the draft), posting nothing', async () => {
    const word = `stale${Date.now()}`;
    const draft = await createDraft(authorSession, { title: word, content: 'v1' });
    await call('PUT', `/api/draft/${draft.draftId}`, memberSession, {
      version: 1,
      title: word,
      content: 'v2 by the member',
    });
    const stale = await call('POST', `/api/draft/${draft.draftId}/publish`, authorSession, {
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<DraftConflict>().draft.content).toBe('v2 by the member');
    const listed = (await call('GET', `/api/article/breakthrough?q=${word}`)).json<
      ArticleListItem[]
    >();
    expect(listed).toEqual([]);
  });

  it('never shows drafts in lists, search, the blog page, feeds or the sitemap', async () => {
    const word = `unposted${Date.now()}`;
    await createDraft(authorSession, { title: word, content: `${word} body` });
    const reads = [
      `/api/article/breakthrough?q=${word}`,
      `/api/article/breakthrough`,
      `/api/blog/${blog.id}`,
      `/api/home/article`,
      `/rss.xml`,
      `/blog/${blog.id}/rss.xml`,
      `/sitemap.xml`,
    ];
    for (const url of reads) {
      const res = await call('GET', url, authorSession);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain(word);
    }
  });
});

describe('a pending edit of a published breakthrough', () => {
  it('is one draft per breakthrough, saved by its author, published as the edit with a revision', async () => {
    const article = await createArticle(t, { blog, author, title: 'Before', content: 'Old body' });
    const started = await createDraft(authorSession, {
      articleId: article.id,
      title: 'After',
      content: 'Old body',
    });
    expect(started.articleId).toBe(article.id);

    // A second tab resumes it instead of starting another.
    const again = await call('POST', `/api/blog/${blog.id}/drafts`, authorSession, {
      articleId: article.id,
      title: 'Second tab',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<DraftConflict>().draft.draftId).toBe(started.draftId);

    const saved = await call('PUT', `/api/draft/${started.draftId}`, authorSession, {
      version: 1,
      title: 'After',
      content: 'New body',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Until published, readers see the breakthrough as it was.
    expect(
      (await call('GET', `/api/article/breakthrough/${article.id}`)).json<Article>().title,
    ).toBe('Before');

    const published = await call('POST', `/api/draft/${started.draftId}/publish`, authorSession, {
      version: 2,
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json<PublishedDraft>()).toMatchObject({ articleId: article.id });
    const after = (await call('GET', `/api/article/breakthrough/${article.id}`)).json<Article>();
    expect(after).toMatchObject({ title: 'After', content: 'New body' });
    expect(await draftRows(started.draftId)).toHaveLength(0);
    const revisions = (
      await call('GET', `/api/article/${article.id}/revisions`, memberSession)
    ).json<{ number: number }[]>();
    // The breakthrough as it was before (kept when first edited) and the edit.
    expect(revisions.map((r) => r.number)).toEqual([2, 1]);
  });

  it('is refused to a member who is not the author, and to a breakthrough of another blog', async () => {
    const article = await createArticle(t, { blog, author });
    const byMember = await call('POST', `/api/blog/${blog.id}/drafts`, memberSession, {
      articleId: article.id,
    });
    expect(byMember.statusCode).toBe(403);
    const elsewhere = await createArticle(t, { blog: otherBlog, author: outsider });
    const wrongBlog = await call('POST', `/api/blog/${blog.id}/drafts`, authorSession, {
      articleId: elsewhere.id,
    });
    expect(wrongBlog.statusCode).toBe(404);
    const stored = await t.database.db.select().from(drafts).where(eq(drafts.blogId, blog.id));
    expect(stored.map((d) => d.articleId)).not.toContain(article.id);
    expect(stored.map((d) => d.articleId)).not.toContain(elsewhere.id);
  });

  it('goes away with its breakthrough, and cancelling discards it', async () => {
    const article = await createArticle(t, { blog, author });
    const draft = await createDraft(authorSession, { articleId: article.id, title: 'x' });
    expect((await call('DELETE', `/api/article/${article.id}`, authorSession)).statusCode).toBe(
      200,
    );
    expect(await draftRows(draft.draftId)).toHaveLength(0);

    const kept = await createArticle(t, { blog, author, title: 'Kept' });
    const cancelled = await createDraft(authorSession, { articleId: kept.id, title: 'Changed' });
    expect(
      (await call('DELETE', `/api/draft/${cancelled.draftId}`, authorSession)).statusCode,
    ).toBe(200);
    expect((await call('GET', `/api/article/breakthrough/${kept.id}`)).json<Article>().title).toBe(
      'Kept',
    );
  });
});

describe('media referenced by drafts', () => {
  it('names the candidates some draft body mentions, for the media clean-up', async () => {
    await createDraft(authorSession, {
      title: 'Screenshot',
      content: 'Look: ![the graph](/media/aaa111.webp)',
    });
    const found = await draftsRepository(t.database.db).mediaReferencedByDrafts([
      '/media/aaa111.webp',
      '/media/bbb222.webp',
      'aaa111',
    ]);
    expect(found.sort()).toEqual(['/media/aaa111.webp', 'aaa111']);
    expect(await draftsRepository(t.database.db).mediaReferencedByDrafts([])).toEqual([]);
  });
});
