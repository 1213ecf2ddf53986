import { ACTIVITY_MESSAGE_HEADER, ACTIVITY_NOTICE_HEADER } from '@repolog/contract/constants';
import { LIVE_CLOSE, liveCloseKey } from '@repolog/contract/live';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activityNotice } from '../lib/activity-notice';
import { api } from '../lib/api-client';
import { describeMessage, locale, provideCatalog } from './index';
import { ko, tellMessage } from './ko';

const hangul = /[\uac00-\ud7a3]/;

/** Error bodies as the API sends them: the English text, and its key and params. */
const NO_COMMENT = {
  error: 'not_found',
  message: 'There is no comment with id 42.',
  key: 'comments.notFound',
  params: { commentId: 42 },
};
const TITLE_TOO_LONG = {
  error: 'validation_failed',
  message: 'body.title: title must be at most 200 characters',
  key: 'validation.title.tooLong',
  params: { max: 200 },
  field: 'body.title',
};
const GITHUB_DOWN = {
  error: 'github_unavailable',
  message:
    "GitHub's rate limit was reached, so the repository could not be checked. Please try again in a minute.",
  key: 'github.repoUnchecked',
  params: { reason: { key: 'github.reason.rateLimited', params: {} } },
};

const answer = (body: object, status: number) => () =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));

describe("the API's messages in the reader's language", () => {
  beforeAll(() => provideCatalog('ko', ko, tellMessage));
  afterEach(() => {
    locale.set('en');
    vi.unstubAllGlobals();
  });
  afterAll(() => locale.set('en'));

  it("gives a Korean reader the catalog's text for an error's key, params filled in", async () => {
    vi.stubGlobal('fetch', vi.fn(answer(NO_COMMENT, 404)));
    locale.set('ko');
    await expect(api('/api/comment/42')).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
      key: 'comments.notFound',
      params: { commentId: 42 },
      message: 'ID가 42인 댓글이 없습니다.',
    });
  });

  it("gives an English reader the server's own text", async () => {
    vi.stubGlobal('fetch', vi.fn(answer(NO_COMMENT, 404)));
    await expect(api('/api/comment/42')).rejects.toMatchObject({
      key: 'comments.notFound',
      message: 'There is no comment with id 42.',
    });
  });

  it('names the field of a failed check before its text, and fills nested messages', async () => {
    locale.set('ko');
    vi.stubGlobal('fetch', vi.fn(answer(TITLE_TOO_LONG, 400)));
    await expect(api('/api/article')).rejects.toMatchObject({
      message: 'body.title: 제목은 최대 200자까지 입력할 수 있습니다.',
    });
    vi.stubGlobal('fetch', vi.fn(answer(GITHUB_DOWN, 502)));
    await expect(api('/api/blog')).rejects.toMatchObject({
      message: 'GitHub 요청 한도에 도달해 저장소를 확인하지 못했습니다. 1분 뒤 다시 시도하세요.',
    });
  });

  it('shows the English text as it came for a key the catalog does not know, or no key', () => {
    locale.set('ko');
    expect(describeMessage({ key: 'nobody.knows', params: {} }, 'Something new.')).toBe(
      'Something new.',
    );
    expect(describeMessage(undefined, 'Request failed.')).toBe('Request failed.');
    // A nested message the catalog lacks: the whole English sentence, never half of each.
    const nested = { key: 'github.repoUnchecked', params: { reason: { key: 'x', params: {} } } };
    expect(describeMessage(nested, GITHUB_DOWN.message)).toBe(GITHUB_DOWN.message);
  });

  it('tells the notice of a list served from the cache by its key', () => {
    const notice = {
      key: 'github.reposAsOf',
      params: { reason: { key: 'github.reason.slow', params: {} }, until: '2026-05-06T12:00Z' },
    };
    const english = 'GitHub is slow to answer right now; showing your repositories as of 2026…';
    const headers = new Headers({
      [ACTIVITY_MESSAGE_HEADER]: encodeURIComponent(english),
      [ACTIVITY_NOTICE_HEADER]: encodeURIComponent(JSON.stringify(notice)),
    });
    expect(activityNotice(headers)).toBe(english);
    locale.set('ko');
    expect(activityNotice(headers)).toBe(
      '지금 GitHub의 응답이 느려 2026-05-06T12:00Z 기준의 내 저장소 목록을 표시합니다.',
    );
    expect(activityNotice(new Headers())).toBeNull();
  });

  it('tells why a live draft was closed, by the key of its reason', () => {
    locale.set('ko');
    for (const close of Object.values(LIVE_CLOSE)) {
      const key = liveCloseKey(close.reason);
      expect(key, close.reason).toMatch(/^live\./);
      expect(describeMessage(key && { key, params: {} }, close.reason), key).toMatch(hangul);
    }
    expect(liveCloseKey('Some other reason.')).toBeUndefined();
  });
});
