// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- a test: the English catalogue of the API's messages, to hold the Korean one to it
import { MESSAGES, paramNames } from '@repolog/contract/messages';
import { describe, expect, it } from 'vitest';
import { i18n } from './index';
import { ko } from './ko';
import { serverMessages } from './ko/server';

// Every module of the app, so every component's English texts are defined (the entry points
// render into the page when imported, so they are left out; they define no texts).
const modules = import.meta.glob(
  ['../**/*.{ts,tsx}', '!../**/*.test.*', '!../main.tsx', '!../entry-server.tsx', '!../test/**'],
  {
    eager: true,
  },
);

type Texts = Record<string, unknown>;
const english = (i18n.cache as unknown as Record<string, Record<string, Texts>>).en ?? {};

/** A text's shape: a string, or the plural forms' names (the languages differ in these). */
const placeholders = (text: unknown): string[] => {
  const all = typeof text === 'string' ? text : Object.values(text as Texts).join(' ');
  return [...new Set(all.match(/\{\w+\}/g) ?? [])].sort();
};

describe('the Korean catalog', () => {
  it('loads the whole app', () => {
    expect(Object.keys(modules).length).toBeGreaterThan(100);
    expect(Object.keys(english).length).toBeGreaterThan(20);
  });

  it('translates every text of every component, with the same placeholders', () => {
    const missing: string[] = [];
    const wrongPlaceholders: string[] = [];
    for (const [component, texts] of Object.entries(english)) {
      for (const [key, text] of Object.entries(texts)) {
        const korean = ko[component]?.[key];
        // An empty part is a translation too (word order: "Edited <time>" is "<time> 수정됨").
        if (korean === undefined) missing.push(`${component}.${key}`);
        else if (placeholders(korean).join() !== placeholders(text).join())
          wrongPlaceholders.push(`${component}.${key}`);
      }
    }
    expect(missing).toEqual([]);
    expect(wrongPlaceholders).toEqual([]);
  });

  it('has no texts that no component defines (renamed or removed keys)', () => {
    const stray: string[] = [];
    for (const [component, texts] of Object.entries(ko)) {
      for (const key of Object.keys(texts)) {
        if (english[component]?.[key] === undefined) stray.push(`${component}.${key}`);
      }
    }
    expect(stray).toEqual([]);
  });

  it('writes Korean: no translated text is English words left as they were', () => {
    const untranslated: string[] = [];
    const hangul = /[\uac00-\ud7a3]/;
    for (const [component, texts] of Object.entries(ko)) {
      for (const [key, text] of Object.entries(texts)) {
        const all = typeof text === 'string' ? text : Object.values(text as Texts).join(' ');
        const base = english[component]?.[key];
        const words = all.replace(/\{\w+\}/g, '');
        if (!hangul.test(words) && /[A-Za-z]{2}/.test(words) && all !== base)
          untranslated.push(`${component}.${key}`);
      }
    }
    expect(untranslated).toEqual([]);
  });

  it("has every message the API can send, each with the English text's {params}", () => {
    const texts: Readonly<Record<string, unknown>> = serverMessages;
    const keys = Object.keys(MESSAGES) as (keyof typeof MESSAGES)[];
    expect(keys.length).toBeGreaterThan(150);
    const missing: string[] = [];
    const wrongParams: string[] = [];
    for (const key of keys) {
      const korean = texts[key];
      // The English catalogue is the contract's: each key has its text there, params and all.
      expect(MESSAGES[key].trim(), key).not.toBe('');
      if (typeof korean !== 'string') missing.push(key);
      else if (paramNames(korean).sort().join() !== paramNames(MESSAGES[key]).sort().join())
        wrongParams.push(key);
    }
    expect(missing).toEqual([]);
    expect(wrongParams).toEqual([]);
    // No text for a key the API no longer sends, and each one Korean.
    expect(Object.keys(texts).filter((key) => !(key in MESSAGES))).toEqual([]);
    const english = Object.entries(texts).filter(
      ([, text]) => !/[\uac00-\ud7a3]/.test(String(text)),
    );
    expect(english).toEqual([]);
  });
});
