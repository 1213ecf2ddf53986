/**
 * The interface's languages (Nano Stores I18n). Each component defines its texts in English
 * beside its code — the spec's exact strings — and reads them with `useMessages`; the Korean
 * catalog (./ko) is a chunk of its own that only readers of Korean download. The active language
 * is an atom, so switching re-renders what is on screen without a reload.
 */
import {
  createI18n,
  strings,
  transform,
  type ComponentsJSON,
  type count as libraryCount,
  type params as libraryParams,
} from '@nanostores/i18n';
import {
  DEFAULT_UI_LANGUAGE,
  UI_LANGUAGE_COOKIE,
  UI_LANGUAGE_COOKIE_MAX_AGE_S,
  isUiLanguage,
  type UiLanguage,
} from '@repolog/contract/locale';
import { atom, type ReadableAtom } from 'nanostores';
import { useCallback, useSyncExternalStore } from 'react';

/** Plural rules per language, made once: each is costly to make (the server renders lists). */
const pluralRules = new Map<string, Intl.PluralRules>();
const pluralRulesOf = (language: string) => {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return rules;
};

/**
 * Plural forms: `count({ one: '{count} like', other: '{count} likes' })` → `t.likes(3)`. The
 * library's own makes an `Intl.PluralRules` on every call (a tenth of a server render's time on
 * a list of ten cards); this one keeps one per language.
 */
export const count = transform(
  (language: string, translation: Record<string, string>, value: number) => {
    let form: string = pluralRulesOf(language).select(value);
    if (!(form in translation)) form = 'other' in translation ? 'other' : 'many';
    return strings(translation[form] ?? '', (text) => text.replace(/{count}/g, String(value)));
  },
) as typeof libraryCount;

/**
 * `{name}` parameters in a text: `params('Deleted by {login}')` → `t.deleted({ login })`. The
 * library's own puts values in with String.replace, which reads `$&`, `$'`… in a value (a blog
 * named "Save $& now") as commands; here a value always goes in as written.
 */
export const params = transform(
  (_language: string, translation: string, values: Record<string, string | number>) =>
    strings(translation, (text) =>
      text.replace(/\{(\w+)\}/g, (whole, name: string) =>
        Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole,
      ),
    ),
) as typeof libraryParams;
export type { UiLanguage };

/** The language the interface shows now. */
export const locale = atom<UiLanguage>(DEFAULT_UI_LANGUAGE);

/** A whole language's texts: component name → message key → text (or plural forms). */
export type Catalog = ComponentsJSON;

/**
 * Says a message of the API in one language: `{key, params}` (a key of the contract's catalogue,
 * @repolog/contract/messages), and the `field` a failed check names; undefined for a key it has
 * no text for. A language's catalog chunk brings its own with its texts (ko/server/), so
 * English pages load neither.
 */
export type MessageTeller = (message: unknown) => string | undefined;
const tellers: Partial<Record<UiLanguage, MessageTeller>> = {};

async function loadCatalog(language: UiLanguage): Promise<Catalog> {
  if (language !== 'ko') return {};
  const korean = await import('./ko');
  tellers.ko = korean.tellMessage;
  return korean.ko;
}

/** Defines a component's texts: `const messages = i18n('siteFooter', { terms: 'Terms' })`. */
export const i18n = createI18n(locale, {
  get: (code) => loadCatalog(isUiLanguage(code) ? code : DEFAULT_UI_LANGUAGE),
});

/**
 * A component's texts in the active language (re-renders when the language changes). A store's
 * value is the same on the server and in the hydrating browser: both render in the page's
 * language. (React's own store hook; @nanostores/react would add key filtering the app never uses.)
 */
export function useMessages<Value>(store: ReadableAtom<Value>): Value {
  const subscribe = useCallback((changed: () => void) => store.listen(changed), [store]);
  const read = () => store.get();
  return useSyncExternalStore(subscribe, read, read);
}

/** The active language, for code that formats dates and numbers. */
export const useLocale = (): UiLanguage => useMessages(locale);

/** Puts a language's catalog in place (the server renderer has them all from the start). */
export function provideCatalog(
  language: UiLanguage,
  catalog: Catalog,
  teller?: MessageTeller,
): void {
  if (teller) tellers[language] = teller;
  // The library types a language's cache as one component's texts; it holds every component's.
  const cache = i18n.cache as unknown as Record<string, Catalog | undefined>;
  cache[language] = { ...cache[language], ...catalog };
}

/** Loads a language's texts if need be, then shows it (before the first render, or on a switch). */
export async function activateLanguage(language: UiLanguage): Promise<void> {
  if (language !== DEFAULT_UI_LANGUAGE && !i18n.cache[language]) {
    const cache = i18n.cache as unknown as Record<string, Catalog | undefined>;
    cache[language] = { ...cache[language], ...(await loadCatalog(language)) };
  }
  locale.set(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** The reader's switch: shows the language and remembers it for the server's next page. */
export async function chooseLanguage(language: UiLanguage): Promise<void> {
  document.cookie = `${UI_LANGUAGE_COOKIE}=${language}; Max-Age=${UI_LANGUAGE_COOKIE_MAX_AGE_S}; path=/; SameSite=Lax`;
  await activateLanguage(language);
}

/** The language the server chose for this page (`<html lang>`, from the cookie or the browser). */
export function pageLanguage(): UiLanguage {
  const lang = document.documentElement.lang;
  return isUiLanguage(lang) ? lang : DEFAULT_UI_LANGUAGE;
}

/**
 * A message of the API (an error body, a notice: `{key, params}`, and `field` when a check
 * failed) in the active language: the language's text for the key with the params filled in,
 * after the field ("body.title: …"). `english` is the message as the server wrote it (the
 * contract's English text, filled in): what English readers see, and the fallback for a key the
 * language has no text for.
 */
export function describeMessage(message: unknown, english: string): string {
  return tellers[locale.get()]?.(message) ?? english;
}
