/**
 * The interface's languages (not the breakthroughs' programming languages: see languages.ts).
 * English keeps the spec's exact texts; Korean translates the interface. The reader's choice
 * lives in a cookie so the server renders pages, and sets `<html lang>`, in that language.
 */
export const UI_LANGUAGES = ['en', 'ko'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];
export const DEFAULT_UI_LANGUAGE: UiLanguage = 'en';

/** The cookie that remembers the reader's choice (a year; not a secret, readable by the page). */
export const UI_LANGUAGE_COOKIE = 'lang';
export const UI_LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** Each language's name in itself, for the switch. */
export const UI_LANGUAGE_NAMES: Record<UiLanguage, string> = { en: 'English', ko: '한국어' };

export const isUiLanguage = (value: unknown): value is UiLanguage =>
  typeof value === 'string' && (UI_LANGUAGES as readonly string[]).includes(value);

/**
 * The language of a page: the remembered choice, else the first of the browser's languages
 * (Accept-Language, by quality) that Repolog speaks, else English.
 */
export function pickUiLanguage(
  remembered: string | undefined,
  acceptLanguage: string | undefined,
): UiLanguage {
  if (isUiLanguage(remembered)) return remembered;
  const wanted = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { primary: tag.trim().toLowerCase().split('-')[0] ?? '', quality, index };
    })
    .filter((entry) => entry.primary && Number.isFinite(entry.quality) && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { primary } of wanted) if (isUiLanguage(primary)) return primary;
  return DEFAULT_UI_LANGUAGE;
}
