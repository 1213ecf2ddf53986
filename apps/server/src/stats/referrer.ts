import { REFERRER_DOMAIN_MAX } from '@repolog/contract/stats';

/**
 * The domain a view came from, the only part of a referrer ever kept: "direct" when the page
 * named none, "other" when it named something that is not a web address.
 */
export function referrerDomain(referrer: string | undefined): string {
  if (!referrer) return 'direct';
  let host: string;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'other';
    host = url.hostname.toLowerCase();
  } catch {
    return 'other';
  }
  if (host.startsWith('www.')) host = host.slice(4);
  if (host === '') return 'direct';
  return host.length > REFERRER_DOMAIN_MAX ? 'other' : host;
}
