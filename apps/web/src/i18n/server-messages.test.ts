import { LIVE_CLOSE } from '@repolog/contract/live';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../lib/api-client';
import { locale, provideCatalog, translateServerMessage } from './index';
import { ko, serverMessages } from './ko';

const hangul = /[\uac00-\ud7a3]/;

/** Server messages as the API sends them (copied from apps/server and packages/contract). */
const FIXED = 'Only the author can delete this breakthrough.';
const WITH_ID = 'There is no comment with id 42.';
const WITH_LIMIT = 'body.title: title must be at most 200 characters';
const UNKNOWN = 'Something nobody has translated yet.';

describe("the server's messages in Korean", () => {
  beforeAll(() => provideCatalog('ko', ko, serverMessages));
  afterEach(() => {
    locale.set('en');
    vi.unstubAllGlobals();
  });
  afterAll(() => locale.set('en'));

  it('translates fixed messages, and keeps the parts that vary', () => {
    locale.set('ko');
    expect(translateServerMessage(FIXED)).toBe('작성자만 이 브레이크스루를 삭제할 수 있습니다.');
    expect(translateServerMessage(WITH_ID)).toBe('ID가 42인 댓글이 없습니다.');
    expect(translateServerMessage(WITH_LIMIT)).toBe(
      'body.title: 제목은 최대 200자까지 입력할 수 있습니다.',
    );
    // A schema's message repeated by a service comes without the field prefix.
    expect(translateServerMessage('title is required')).toBe('제목을 입력하세요.');
    expect(
      translateServerMessage(
        'You have uploaded 30 images in the last hour, the most allowed. Try again in 12 minutes.',
      ),
    ).toBe(
      '지난 한 시간 동안 허용된 최대 개수인 이미지 30개를 업로드했습니다. 12분 뒤 다시 시도하세요.',
    );
  });

  it('translates the render queue, draft conflict and rate limit answers', () => {
    locale.set('ko');
    for (const message of [
      'You are already saving several breakthroughs at once. Wait until they are saved, then try again.',
      'The server is busy saving other breakthroughs. Please try again in a few seconds.',
      'This draft was saved by someone else (or in another tab) after the version you based your changes on. Here is the draft as it is now; nothing of theirs was overwritten.',
      'Rate limit exceeded, retry in 1 minute',
      "GitHub's rate limit was reached, so the repository could not be checked. Please try again in a minute.",
      ...Object.values(LIVE_CLOSE).map((close) => close.reason),
    ]) {
      expect(translateServerMessage(message), message).toMatch(hangul);
    }
  });

  it('leaves a message it does not know, and one already in Korean, as it came', () => {
    locale.set('ko');
    expect(translateServerMessage(UNKNOWN)).toBe(UNKNOWN);
    const korean = translateServerMessage(WITH_LIMIT);
    expect(translateServerMessage(korean)).toBe(korean);
    expect(translateServerMessage('세션이 만료되었습니다. 다시 로그인하세요.')).toBe(
      '세션이 만료되었습니다. 다시 로그인하세요.',
    );
  });

  it('changes nothing in English', () => {
    locale.set('en');
    for (const message of [FIXED, WITH_ID, WITH_LIMIT, UNKNOWN]) {
      expect(translateServerMessage(message)).toBe(message);
    }
  });

  it("gives an API error the server's message in the reader's language", async () => {
    const reply = () =>
      new Response(JSON.stringify({ error: 'not_found', message: WITH_ID }), { status: 404 });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(reply())),
    );
    await expect(api('/api/comment/42')).rejects.toMatchObject({ status: 404, message: WITH_ID });
    locale.set('ko');
    await expect(api('/api/comment/42')).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
      message: 'ID가 42인 댓글이 없습니다.',
    });
  });

  it('has only anchored patterns', () => {
    expect(serverMessages.length).toBeGreaterThan(50);
    for (const [pattern] of serverMessages) {
      expect(pattern.source.startsWith('^'), pattern.source).toBe(true);
      expect(pattern.source.endsWith('$'), pattern.source).toBe(true);
    }
  });
});
