import { formatDate } from './format';
import { useHydrated } from './use-hydrated';

/**
 * Dates as 'YYYY-MM-DD'. The server cannot know the reader's time zone, so server HTML and the
 * hydration that adopts it show the UTC date; right after hydration the reader's own date shows.
 */
export function useFormatDate(): (iso: string) => string {
  const hydrated = useHydrated();
  return hydrated ? formatDate : formatUtcDate;
}

const formatUtcDate = (iso: string) => formatDate(iso, true);
