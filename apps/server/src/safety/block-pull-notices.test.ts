import { NOTICE_TYPES } from '@repolog/contract/constants';
import type { DraftSummary } from '@repolog/contract/drafts';
import type { Notice } from '@repolog/contract/notifications';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.js';
import { noticesOf } from '../test/comment-factories.js';
import { createBlog, loginWithGitHub, type Session } from '../test/factories.js';

// Issue 22: blocks stop every notification type, the notice of a draft a merged pull request
// left too (blocks.test.ts: likes, favorites, comments and invitations).

const REPO = 'repolog-team/backend';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { DEMO_STUB_CONTROL: 'true' } });
});
afterAll(() => t.close());

/** The GitHub stand-in's control API. */
const control = async (path: string, body: unknown) => {
  const res = await t.request({
    method: 'POST',
    url: `/__github/_stub${path}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json<{ number: number }>();
};

/** A pull request by `author`, merged on GitHub (the App's webhook tells Repolog). */
async function mergedPull(author: string, title: string): Promise<number> {
  const { number } = await control(`/repos/${REPO}/issues`, {
    title,
    user: author,
    pullRequest: true,
  });
  await control(`/repos/${REPO}/pulls/${number}/merge`, { user: author });
  return number;
}

const pullNotices = async (session: Session, pull: number) =>
  (await noticesOf(t, session)).filter(
    (n: Notice) =>
      n.type === NOTICE_TYPES.pullDraft &&
      (n.relatedId as { pullNumber?: number } | null)?.pullNumber === pull,
  );

const setBlock = (session: Session, method: 'PUT' | 'DELETE', login: string) =>
  t.request({ method, url: `/api/blocks/${login}`, headers: { cookie: session.cookie } });

describe('a merged pull request’s draft', () => {
  it('is not announced to a member who blocked the pull request’s author, even after unblocking', async () => {
    const owner = await loginWithGitHub(t, 'dana-kim');
    const member = await loginWithGitHub(t, 'minjun-park');
    // Not a member: every member hears of the draft, with the author as its instigator.
    const pest = await loginWithGitHub(t, 'sora-lee');
    const blog = await createBlog(t, {
      owner: { id: owner.userId },
      members: [{ id: member.userId }],
      repo: REPO,
    });
    await control('/app/installations', { account: 'repolog-team', repos: ['backend'] });
    const draftsAbout = async (title: string) =>
      (
        await t.request({
          method: 'GET',
          url: `/api/blog/${blog.id}/drafts`,
          headers: { cookie: owner.cookie },
        })
      )
        .json<DraftSummary[]>()
        .filter((d) => d.title === title);

    // Merged before the block: written, then no longer shown once the owner blocks the author.
    const before = await mergedPull(pest.userName, 'Trim the request log');
    await vi.waitFor(async () => expect(await pullNotices(owner, before)).toHaveLength(1));
    expect((await setBlock(owner, 'PUT', pest.userName)).statusCode).toBe(200);
    expect(await pullNotices(owner, before)).toEqual([]);

    // Merged while blocked: the draft is left and the other member hears of it; the owner not.
    const during = await mergedPull(pest.userName, 'Retry the webhook twice');
    await vi.waitFor(async () => expect(await pullNotices(member, during)).toHaveLength(1));
    expect((await pullNotices(member, during))[0]).toMatchObject({ instigator: pest.userName });
    expect(await draftsAbout('Retry the webhook twice')).toHaveLength(1);
    await t.app.outbox.drain();
    expect(await pullNotices(owner, during)).toEqual([]);

    // Unblocking later does not bring back what the blocked person caused meanwhile.
    expect((await setBlock(owner, 'DELETE', pest.userName)).statusCode).toBe(200);
    expect(await pullNotices(owner, during)).toEqual([]);
  });
});
