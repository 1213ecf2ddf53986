/** The link and image protocols spec §2 allows in markdown. */
export const SAFE_PROTOCOLS = ['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp'] as const;

const safeProtocol = new RegExp(`^(${SAFE_PROTOCOLS.join('|')})$`, 'i');

/**
 * Keeps a markdown link or image target when it is relative or uses an allowed protocol;
 * anything else (javascript:, data:, vbscript:, …) becomes '' so nothing can run.
 */
export function safeUrl(value: string): string {
  const colon = value.indexOf(':');
  const questionMark = value.indexOf('?');
  const numberSign = value.indexOf('#');
  const slash = value.indexOf('/');
  const relative =
    colon === -1 ||
    // A colon after '/', '?' or '#' belongs to the path, query or fragment, not a protocol.
    (slash !== -1 && colon > slash) ||
    (questionMark !== -1 && colon > questionMark) ||
    (numberSign !== -1 && colon > numberSign);
  if (relative || safeProtocol.test(value.slice(0, colon))) return value;
  return '';
}
