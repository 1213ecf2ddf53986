import { markdownToText } from '@repolog/markdown/plain-text';
import { indexLexemes, pieces, positionsOf } from './analyzer.js';

/** What a breakthrough is found by, as written. */
export interface SearchFields {
  title: string;
  tags: readonly string[];
  problem: string | null;
  solution: string | null;
  /** The body's markdown. */
  content: string;
  blogName: string;
  authorName: string | null;
}

/** What is stored for search: the tsvector's text form and the plain text snippets come from. */
export interface SearchDocument {
  /** A tsvector literal (`'lexeme':1A,5D …`), cast to tsvector as it is stored. */
  vector: string;
  /** Title, tags, problem, solution and body as plain text (code kept), one line each. */
  text: string;
}

/** PostgreSQL keeps positions up to 16,383; a lexeme keeps at most 256 of them. */
const MAX_POSITION = 16_383;
const MAX_POSITIONS_PER_LEXEME = 64;
/** Plain text kept for snippets and phrases (a long body's tail is still in the vector). */
export const MAX_SEARCH_TEXT = 60_000;

type Weight = 'A' | 'B' | 'C' | 'D';

/** A body as the words a reader sees, code blocks' contents kept (identifiers are searched). */
export function bodyText(markdown: string): string {
  return markdownToText(markdown.replace(/^ {0,3}(?:`{3,}|~{3,})[^\n]*$/gm, ' '));
}

const quoteLexeme = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** Fields -> the stored search document (runs on the render pool's threads with the body). */
export function buildSearchDocument(fields: SearchFields): SearchDocument {
  const body = bodyText(fields.content);
  const parts: [string, Weight][] = [
    [fields.title, 'A'],
    [fields.tags.join(' '), 'B'],
    [[fields.problem ?? '', fields.solution ?? ''].join('\n'), 'C'],
    [[fields.blogName, fields.authorName ?? ''].join(' '), 'D'],
    [body, 'D'],
  ];
  const positions = new Map<string, string[]>();
  let position = 1;
  for (const [text, weight] of parts) {
    for (const piece of pieces(text)) {
      if (position > MAX_POSITION) break;
      for (const { lexeme, offset } of indexLexemes(piece)) {
        const at = Math.min(MAX_POSITION, position + offset);
        const list = positions.get(lexeme);
        if (!list) positions.set(lexeme, [`${at}${weight}`]);
        else if (list.length < MAX_POSITIONS_PER_LEXEME) list.push(`${at}${weight}`);
      }
      position += positionsOf(piece);
    }
  }
  const vector = Array.from(positions, ([lexeme, at]) => `${quoteLexeme(lexeme)}:${at.join(',')}`);
  const text = [
    fields.title,
    fields.tags.join(' '),
    fields.problem ?? '',
    fields.solution ?? '',
    body,
  ]
    .filter((line) => line !== '')
    .join('\n');
  return { vector: vector.join(' '), text: text.slice(0, MAX_SEARCH_TEXT) };
}
