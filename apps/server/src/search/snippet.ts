import { pieces } from './analyzer.js';
import { wordMatches, type Highlight } from './search-query.js';

/** Characters of text a snippet shows. */
const SNIPPET_CHARS = 180;
/** Characters shown before the first match of the chosen passage. */
const LEAD = 40;
/** How far into a long text matches are looked for (no further is read for a snippet). */
export const SCAN_CHARS = 20_000;

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

type Range = [start: number, end: number];

/** Where the text has what the query asked for, in order, without overlaps. */
function matches(text: string, highlight: Highlight): Range[] {
  const ranges: Range[] = [];
  for (const piece of pieces(text)) {
    if (piece.spaceless) {
      for (const sub of highlight.substrings) {
        let at = piece.text.indexOf(sub);
        while (at >= 0 && sub !== '') {
          ranges.push([piece.start + at, piece.start + at + sub.length]);
          at = piece.text.indexOf(sub, at + sub.length);
        }
      }
    } else if (highlight.lexemes.size > 0 && wordMatches(piece.text, highlight.lexemes)) {
      ranges.push([piece.start, piece.start + piece.text.length]);
    }
  }
  const lower = text.toLowerCase();
  // Lowercasing may change a string's length (rare letters); then literals are not marked.
  if (lower.length === text.length) {
    for (const literal of highlight.literals) {
      let at = lower.indexOf(literal);
      while (at >= 0 && literal !== '') {
        ranges.push([at, at + literal.length]);
        at = lower.indexOf(literal, at + literal.length);
      }
    }
  }
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: Range[] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  return merged;
}

/**
 * The passage of a breakthrough's stored plain text with the most matches, as HTML: the text
 * escaped, the matched words in `<mark>`, `…` where the passage was cut.
 */
export function buildSnippet(storedText: string, highlight: Highlight): string {
  const text = storedText.slice(0, SCAN_CHARS);
  const found = matches(text, highlight);
  let start = 0;
  let best = -1;
  // The passage is chosen among the first matches: a word on every line stays linear.
  const candidates = found.slice(0, 100);
  for (const [at] of candidates) {
    const from = Math.max(0, at - LEAD);
    const count = candidates.filter(([s, e]) => s >= from && e <= from + SNIPPET_CHARS).length;
    if (count > best) {
      best = count;
      start = from;
    }
  }
  // Start and end at spaces, so no word is cut in half.
  if (start > 0) {
    const space = text.indexOf(' ', start);
    if (space >= 0 && space < start + LEAD) start = space + 1;
  }
  let end = Math.min(text.length, start + SNIPPET_CHARS);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > start + SNIPPET_CHARS / 2) end = space;
  }
  let html = start > 0 ? '…' : '';
  let at = start;
  for (const [s, e] of found) {
    if (s < start || e > end) continue;
    html += `${escapeHtml(text.slice(at, s))}<mark>${escapeHtml(text.slice(s, e))}</mark>`;
    at = e;
  }
  html += escapeHtml(text.slice(at, end));
  if (end < storedText.length) html += '…';
  return html.replace(/\n/g, ' ');
}
