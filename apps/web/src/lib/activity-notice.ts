import { ACTIVITY_MESSAGE_HEADER, ACTIVITY_NOTICE_HEADER } from '@repolog/contract/constants';
import { describeMessage } from '../i18n';

/** A header the server URL-encoded so any text survives HTTP. */
function decodeHeader(value: string | null): string | null {
  if (!value) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Why a list of GitHub data may be old or empty (its notice headers), in the active language;
 * null when the list is fresh.
 */
export function activityNotice(headers: Headers): string | null {
  const english = decodeHeader(headers.get(ACTIVITY_MESSAGE_HEADER));
  if (!english) return null;
  let notice: unknown;
  try {
    notice = JSON.parse(decodeHeader(headers.get(ACTIVITY_NOTICE_HEADER)) ?? 'null');
  } catch {
    notice = null;
  }
  return describeMessage(notice, english);
}
