import { useLocale } from '../i18n';
import { formatDate } from './format';
import { useHydrated } from './use-hydrated';

/**
 * Dates as the interface language writes them ('YYYY-MM-DD' in English). The server cannot know
 * the reader's time zone, so server HTML and the hydration that adopts it show the UTC date;
 * right after hydration the reader's own date shows. A language switch shows the new format.
 */
export function useFormatDate(): (iso: string) => string {
  const hydrated = useHydrated();
  useLocale();
  return hydrated ? formatDate : formatUtcDate;
}

const formatUtcDate = (iso: string) => formatDate(iso, true);
