/**
 * Tags of a breakthrough (issue 21): up to 4, each 1–30 characters of lowercase letters (any
 * script, Hangul included), digits and `+ # . -`. Plain values: the server checks with them, the
 * write form and its autocomplete use them too.
 */
export const MAX_TAGS = 4;
export const MAX_TAG_LENGTH = 30;

/** A tag as stored: letters (any script), marks, digits and `+ # . -`; checked after lowercasing. */
const TAG_PATTERN = /^[\p{L}\p{M}\p{Nd}+#.-]+$/u;

/** What a reader typed, as it would be stored: trimmed, NFC, lowercase; a leading `#` dropped. */
export function normalizeTag(typed: string): string {
  const trimmed = typed.normalize('NFC').trim().toLowerCase();
  return trimmed.startsWith('#') && trimmed.length > 1 && !trimmed.startsWith('##')
    ? trimmed.slice(1)
    : trimmed;
}

/** Whether a normalized tag follows the rules. */
export function isValidTag(tag: string): boolean {
  const length = Array.from(tag).length;
  return length >= 1 && length <= MAX_TAG_LENGTH && TAG_PATTERN.test(tag);
}

export type TagsCheck =
  | { ok: true; tags: string[] }
  | { ok: false; reason: 'invalid'; tag: string }
  | { ok: false; reason: 'tooMany'; max: number };

/**
 * Tags as sent -> the tags stored (normalized, each once, in the order given), or why not: the
 * first tag outside the rules, named as it was sent, or more than MAX_TAGS.
 */
export function checkTags(sent: readonly string[]): TagsCheck {
  const tags: string[] = [];
  for (const typed of sent) {
    const tag = normalizeTag(typed);
    if (!isValidTag(tag)) return { ok: false, reason: 'invalid', tag: typed };
    if (!tags.includes(tag)) tags.push(tag);
  }
  if (tags.length > MAX_TAGS) return { ok: false, reason: 'tooMany', max: MAX_TAGS };
  return { ok: true, tags };
}
