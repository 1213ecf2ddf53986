import { markdownToText } from '@repolog/markdown/plain-text';
import type { BodyText } from './feeds.repository.js';

/** A body as one line of plain text: what was stored when it was written (see BodyText). */
export function bodyText(row: BodyText): string {
  return row.contentText ?? markdownToText(row.contentHead ?? '');
}

/** At most `max` characters, cut at a word boundary with an ellipsis when shortened. */
export function excerpt(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
