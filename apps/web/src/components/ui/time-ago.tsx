import { formatDate } from '../../lib/format';
import { formatTimeAgo } from '../../lib/time-ago';
import { useHydrated } from '../../lib/use-hydrated';

/**
 * A moment as "3 hours ago", with the exact local time on hover. Server HTML (and the hydration
 * that adopts it) cannot know the reader's clock or time zone, so it shows the UTC date until
 * the page is hydrated.
 */
export function TimeAgo({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  return (
    <time dateTime={iso} title={hydrated ? new Date(iso).toLocaleString() : undefined}>
      {hydrated ? formatTimeAgo(iso) : formatDate(iso, true)}
    </time>
  );
}
