import { afterEach, describe, expect, it } from 'vitest';
import { count, i18n, locale, params, provideCatalog } from './index';

const messages = i18n('paramsTest', {
  deleted: params('Deleted by {login} in {blog}'),
  likes: count({ one: '{count} like', other: '{count} likes' }),
});

afterEach(() => locale.set('en'));

describe('texts with parameters', () => {
  it('puts values in as written, dollar signs included', () => {
    expect(messages.get().deleted({ login: 'dana', blog: "Save $& and $' money $$" })).toBe(
      "Deleted by dana in Save $& and $' money $$",
    );
  });

  it('follows the active language, plural forms included', () => {
    provideCatalog('ko', {
      paramsTest: {
        deleted: '{blog}에서 {login} 님이 삭제함',
        likes: { other: '좋아요 {count}개' },
      },
    });
    expect(messages.get().likes(1)).toBe('1 like');
    expect(messages.get().likes(3)).toBe('3 likes');
    locale.set('ko');
    expect(messages.get().deleted({ login: 'dana', blog: '$1' })).toBe('$1에서 dana 님이 삭제함');
    expect(messages.get().likes(1)).toBe('좋아요 1개');
  });
});
