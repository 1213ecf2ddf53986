import { describe, expect, it } from 'vitest';
import { createBlogSchema } from './blogs';
import { fillMessage, formatMessage, MESSAGES, paramNames } from './messages';
import { fieldSays, messageOfIssue } from './validation';

describe('the message catalogue', () => {
  it('names every key area.name and writes every param as {name}', () => {
    for (const [key, text] of Object.entries(MESSAGES)) {
      expect(key).toMatch(/^[a-z]+(\.[A-Za-z_]+)+$/);
      // Braces only around a param's name: a literal brace would read as one.
      expect(text.replace(/\{\w+\}/g, ''), key).not.toMatch(/[{}]/);
    }
  });

  it('fills params as written, nested messages by their own text', () => {
    expect(formatMessage({ key: 'blogs.repoTaken', params: { repo: 'a/$&-b' } })).toBe(
      'The repository a/$&-b already has a blog. A repository can have only one blog.',
    );
    expect(
      formatMessage({
        key: 'github.activityAsOf',
        params: { reason: { key: 'github.reason.slow', params: {} }, until: '2026-01-02' },
      }),
    ).toBe('GitHub is slow to answer right now; showing the repository activity as of 2026-01-02.');
    expect(paramNames(MESSAGES['media.tooManyPixels'])).toEqual([
      'width',
      'height',
      'megapixels',
      'max',
    ]);
  });

  it('gives no text when one of the languages lacks a key, nested ones included', () => {
    const texts: Record<string, string> = {
      'github.repoUnchecked': '{reason} 확인하지 못했습니다.',
    };
    const message = {
      key: 'github.repoUnchecked',
      params: { reason: { key: 'github.reason.down', params: {} } },
    };
    expect(fillMessage(message, (key) => texts[key])).toBeUndefined();
    texts['github.reason.down'] = '응답이 없어';
    expect(fillMessage(message, (key) => texts[key])).toBe('응답이 없어 확인하지 못했습니다.');
  });
});

describe("the schemas' checks", () => {
  it("say a field's own wording when the catalogue has one, else the general one", () => {
    expect(fieldSays('title', 'required')).toBe('title is required');
    expect(messageOfIssue('title is required')).toEqual({
      key: 'validation.title.required',
      params: {},
    });
    expect(fieldSays('page', 'notWhole')).toBe('page must be a whole number');
    expect(messageOfIssue('page must be a whole number')).toEqual({
      key: 'validation.notWhole',
      params: { name: 'page' },
    });
  });

  it("answer a failed check with its key, and the library's own wording with a general one", () => {
    const result = createBlogSchema.safeParse({
      blogName: 'x',
      description: 'y',
      gitRepoUrl: 'z',
      blogMember: ['not a login'],
    });
    expect(result.success).toBe(false);
    const issue = result.error?.issues[0];
    expect(issue?.path).toEqual(['blogMember', 0]);
    expect(messageOfIssue(issue?.message ?? '')).toEqual({
      key: 'validation.blogMember.notLogin',
      params: {},
    });
    expect(messageOfIssue('Invalid input')).toEqual({
      key: 'validation.invalid',
      params: { detail: 'Invalid input' },
    });
  });
});
