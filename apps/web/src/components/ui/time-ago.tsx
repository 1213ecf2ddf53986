import { locale, useLocale, type UiLanguage } from '../../i18n';
import { formatDate } from '../../lib/format';
import { useHydrated } from '../../lib/use-hydrated';

// The formatting lives beside the component: pages that show relative times (lists, cards,
// articles) load one small chunk for both.
const formats = new Map<UiLanguage, Intl.RelativeTimeFormat>();
const relative = (language: UiLanguage) => {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
    formats.set(language, format);
  }
  return format;
};
const JUST_NOW: Record<UiLanguage, string> = { en: 'just now', ko: '방금 전' };
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/**
 * 'just now', '5 minutes ago', 'yesterday', '3 months ago' (list cards, comments, notifications,
 * "Edited …" and drafts), in the interface language ('방금 전', '5분 전', '어제').
 */
export function formatTimeAgo(iso: string, now: Date = new Date()): string {
  const language = locale.get();
  const date = new Date(iso);
  let amount = (date.getTime() - now.getTime()) / 1000;
  if (Number.isNaN(amount)) return iso;
  if (Math.abs(amount) < 45) return JUST_NOW[language];
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return relative(language).format(Math.round(amount), unit);
    amount /= size;
  }
  return formatDate(iso);
}

/**
 * A moment as "3 hours ago", with the exact local time on hover. Server HTML (and the hydration
 * that adopts it) cannot know the reader's clock or time zone, so it shows the UTC date until
 * the page is hydrated.
 */
export function TimeAgo({ iso, className }: { iso: string; className?: string }) {
  const hydrated = useHydrated();
  const language = useLocale();
  return (
    <time
      className={className}
      dateTime={iso}
      title={hydrated ? new Date(iso).toLocaleString(language) : undefined}
    >
      {hydrated ? formatTimeAgo(iso) : formatDate(iso, true)}
    </time>
  );
}
