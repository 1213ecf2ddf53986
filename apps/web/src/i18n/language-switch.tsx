import { UI_LANGUAGES, UI_LANGUAGE_NAMES, type UiLanguage } from '@repolog/contract/locale';
import { chooseLanguage, i18n, useLocale, useMessages } from './index';

const messages = i18n('languageSwitch', { label: 'Language' });

/**
 * English | 한국어: each language named in itself (and marked with its own `lang`), the active one
 * pressed. The choice shows at once and is remembered for the server's next page.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const t = useMessages(messages);
  const active = useLocale();
  return (
    <div role="group" aria-label={t.label} className={className}>
      {UI_LANGUAGES.map((language: UiLanguage) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={language === active}
          onClick={() => void chooseLanguage(language)}
        >
          {UI_LANGUAGE_NAMES[language]}
        </button>
      ))}
    </div>
  );
}
