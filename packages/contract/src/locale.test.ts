import { describe, expect, it } from 'vitest';
import { pickUiLanguage } from './locale';

describe("the interface's language of a page", () => {
  it('is the remembered choice when there is one', () => {
    expect(pickUiLanguage('ko', 'en-US,en;q=0.9')).toBe('ko');
    expect(pickUiLanguage('en', 'ko-KR,ko;q=0.9')).toBe('en');
  });

  it("else the first of the browser's languages Repolog speaks, by quality", () => {
    expect(pickUiLanguage(undefined, 'ko-KR,ko;q=0.9,en-US;q=0.8')).toBe('ko');
    expect(pickUiLanguage(undefined, 'fr-FR, ko;q=0.5, en;q=0.4')).toBe('ko');
    expect(pickUiLanguage(undefined, 'en;q=0.3, ko;q=0.7')).toBe('ko');
    expect(pickUiLanguage(undefined, 'ja, en-GB;q=0.8')).toBe('en');
    expect(pickUiLanguage(undefined, 'KO')).toBe('ko');
  });

  it('else English, whatever a client sends', () => {
    expect(pickUiLanguage(undefined, undefined)).toBe('en');
    expect(pickUiLanguage('xx', 'fr, de;q=0.5')).toBe('en');
    expect(pickUiLanguage(undefined, 'ko;q=0, ;;;, *')).toBe('en');
    expect(pickUiLanguage(undefined, 'ko;q=abc')).toBe('en');
  });
});
