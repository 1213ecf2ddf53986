import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DraftSummary } from '@repolog/contract/drafts';
import type { Notice } from '@repolog/contract/notifications';
import { outbox } from '../db/schema.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import { createBlog, loginWithGitHub, type Session } from '../test/factories.js';

// Issue 20, item 5: a merged pull request leaves a draft whether the App's webhook or the
// repository activity poll (conditional requests, for blogs without the App) sees it first.

let t: TestApp;
let dana: Session;
let minjun: Session;
const blogs: Record<string, number> = {};
const FRONTEND = 'repolog-team/frontend';
const BACKEND = 'repolog-team/backend';

const get = (url: string, session: Session) =>
  t.request({ method: 'GET', url, headers: { cookie: session.cookie } });
const control = async (path: string, body: unknown) => {
  const res = await t.request({
    method: 'POST',
    url: `/__github/_stub${path}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json<{ id: number; number: number }>();
};
const openPull = async (repo: string, title: string) =>
  (await control(`/repos/${repo}/issues`, { title, user: 'minjun-park', pullRequest: true }))
    .number;
const merge = (repo: string, pull: number) =>
  control(`/repos/${repo}/pulls/${pull}/merge`, { user: 'dana-kim' });

/** A reader opens the blog's "Project Repository Activity" (what makes the poll ask GitHub). */
async function viewActivity(repo: string) {
  const htmlUrl = `${t.config.publicUrl}/__github/${repo}`;
  const res = await get(`/api/issues-and-commits?html_url=${encodeURIComponent(htmlUrl)}`, dana);
  expect(res.statusCode, res.body).toBe(200);
}
/** A minute passes: the next view revalidates the cached lists with a conditional request. */
const minutePasses = () =>
  t.database.db.execute(sql`UPDATE repo_cache SET checked_at = now() - interval '2 minutes'`);

const draftsAbout = async (repo: string, title: string) =>
  (await get(`/api/blog/${blogs[repo]}/drafts`, dana))
    .json<DraftSummary[]>()
    .filter((d) => d.title === title);
const noticesAbout = async (pull: number) =>
  (await get('/api/notice?page=1', minjun))
    .json<Notice[]>()
    .filter(
      (n) =>
        n.type === 'PR 초안' &&
        (n.relatedId as { pullNumber?: number } | null)?.pullNumber === pull,
    );

/** GitHub's `pull_request` closed-and-merged delivery, signed with the App's secret. */
function deliverMerged(repo: string, pull: number) {
  const body = JSON.stringify({
    action: 'closed',
    number: pull,
    pull_request: { number: pull, merged: true, user: { login: 'minjun-park', id: 62345180 } },
    repository: { full_name: repo },
  });
  const secret = t.app.demoGitHub?.app.webhookSecret ?? '';
  return t.request({
    method: 'POST',
    url: '/api/webhooks/github-app',
    headers: {
      'content-type': 'application/json',
      'x-github-event': 'pull_request',
      'x-github-delivery': crypto.randomUUID(),
      'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
    },
    payload: body,
  });
}

/**
 * How long a poll's work may take to show (it runs after the response): vi.waitFor's default
 * second was not enough at load 15-20 on 2 cores.
 */
const WAIT = { timeout: 10_000 };

beforeAll(async () => {
  t = await buildTestApp({ env: { DEMO_STUB_CONTROL: 'true' } });
  dana = await loginWithGitHub(t, 'dana-kim');
  minjun = await loginWithGitHub(t, 'minjun-park');
  for (const repo of [FRONTEND, BACKEND]) {
    const members = [{ id: minjun.userId }];
    blogs[repo] = (await createBlog(t, { owner: { id: dana.userId }, members, repo })).id;
  }
  await control('/app/installations', { account: 'repolog-team', repos: ['backend'] });
});
afterAll(() => t.close());

describe('a merge the activity poll sees (a blog without the App)', () => {
  it('leaves one draft and one notice, and the next polls leave no more', async () => {
    await viewActivity(FRONTEND);
    // The first look is the repository's history: its merged pull requests are not news.
    expect((await get(`/api/blog/${blogs[FRONTEND]}/drafts`, dana)).json<DraftSummary[]>()).toEqual(
      [],
    );

    const pull = await openPull(FRONTEND, 'Cache the feed per page');
    await minutePasses();
    await viewActivity(FRONTEND);
    await merge(FRONTEND, pull);
    await t.app.outbox.drain();
    // No App: GitHub's delivery reaches no connected repository, so nothing yet.
    expect(await draftsAbout(FRONTEND, 'Cache the feed per page')).toEqual([]);

    await minutePasses();
    await viewActivity(FRONTEND);
    await vi.waitFor(
      async () => expect(await draftsAbout(FRONTEND, 'Cache the feed per page')).toHaveLength(1),
      WAIT,
    );
    const [draft] = await draftsAbout(FRONTEND, 'Cache the feed per page');
    const full = (await get(`/api/draft/${draft?.draftId}`, minjun)).json<
      Record<string, unknown>
    >();
    expect(full).toMatchObject({
      solution: 'Cache the feed per page',
      solutionRef: `pull:${pull}`,
    });
    await vi.waitFor(async () => expect(await noticesAbout(pull)).toHaveLength(1), WAIT);
    expect((await noticesAbout(pull))[0]).toMatchObject({ instigator: 'minjun-park' });

    await minutePasses();
    await viewActivity(FRONTEND);
    await t.app.outbox.drain();
    expect(await draftsAbout(FRONTEND, 'Cache the feed per page')).toHaveLength(1);
    expect(await noticesAbout(pull)).toHaveLength(1);
  });
});

describe('a merge both the poll and the webhook see', () => {
  it('leaves one draft when the poll sees it first', async () => {
    await viewActivity(FRONTEND);
    // Opened and merged between two polls: the poll never saw it open.
    const pull = await openPull(FRONTEND, 'Retry the upload once');
    await merge(FRONTEND, pull);
    await minutePasses();
    await viewActivity(FRONTEND);
    await vi.waitFor(async () => expect(await noticesAbout(pull)).toHaveLength(1), WAIT);

    // The team then installs the App, and GitHub delivers the merge as well.
    await control('/app/installations', { account: 'repolog-team', repos: ['frontend'] });
    expect((await deliverMerged(FRONTEND, pull)).statusCode).toBe(202);
    await t.app.outbox.drain();
    expect(await draftsAbout(FRONTEND, 'Retry the upload once')).toHaveLength(1);
    expect(await noticesAbout(pull)).toHaveLength(1);
  });

  it('leaves one draft when the webhook sees it first', async () => {
    await viewActivity(BACKEND);
    const pull = await openPull(BACKEND, 'Index the outbox by type');
    await merge(BACKEND, pull);
    await vi.waitFor(
      async () => expect(await draftsAbout(BACKEND, 'Index the outbox by type')).toHaveLength(1),
      WAIT,
    );

    await minutePasses();
    await viewActivity(BACKEND);
    await t.app.outbox.drain();
    expect(await draftsAbout(BACKEND, 'Index the outbox by type')).toHaveLength(1);
    await vi.waitFor(async () => expect(await noticesAbout(pull)).toHaveLength(1), WAIT);
    // The poll did see it: a second event reached the one claim per pull request.
    const events = await t.database.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(eq(outbox.type, 'pull.merged'));
    expect(events.filter((e) => (e.payload as { number: number }).number === pull)).toHaveLength(2);
  });
});
