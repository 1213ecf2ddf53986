// The package ships no types; the projects that compile this file (server, bench) see them here.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./vendor-types.d.ts" />
import stem from 'wink-porter2-stemmer';
import { bigrams, koreanStems } from './korean.js';

/**
 * The one analyzer of search: the same code reads a breakthrough when it is written (the
 * render pool's threads) and a query when it is asked, so both sides agree on every word.
 *
 * Text is cut into segments: runs of letters, digits, `_` and `$`, joined by `.`, `:`, `/` or
 * `-` inside identifiers (`node:test`, `pg_trgm`, `react-dom`), with `++` or `#` kept at the end
 * (`C++`, `C#`). A segment is split where the script changes (`useEffect를` -> `useEffect`, `를`).
 * Latin words are lowercased and stemmed (Porter2: `rendering` -> `render`); an identifier is
 * indexed whole (`useeffect`, `snake_case_name`) and by its stemmed parts (`use`, `effect`);
 * Hangul and other scripts written without spaces go to korean.ts.
 */

/** Bump when the lexemes the analyzer makes change: stored documents are then indexed again. */
export const ANALYZER_VERSION = 1;

const SEGMENT =
  /[\p{L}\p{N}\p{M}_$]+(?:(?:[.:/-]|::)[\p{L}\p{N}\p{M}_$]+)*(?:(?:\+\+|#)(?![\p{L}\p{N}_]))?/gu;
const SPACELESS = /[\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+/u;
const SPACELESS_SPLIT =
  /([\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+)/u;
const HANGUL = /^\p{Script=Hangul}+$/u;
const SEPARATORS = /[._:/$-]+/;
const CAMEL_PARTS = /\p{Lu}+(?!\p{Ll})|\p{Lu}?\p{Ll}+|\p{N}+|\p{L}+/gu;
const LATIN_WORD = /^[a-z]+$/;
/** Longest lexeme PostgreSQL accepts is 2 KB; a "word" past this is noise. */
const MAX_LEXEME = 100;

/** One piece of text as found: where it is and what it is. */
export interface Piece {
  /** The text as written (case kept). */
  text: string;
  /** Offset of the piece in the analyzed string (UTF-16 units). */
  start: number;
  /** Written without spaces between words (Hangul, Han, kana). */
  spaceless: boolean;
}

/** Every piece of a text, in order. */
export function pieces(text: string): Piece[] {
  const found: Piece[] = [];
  for (const match of text.matchAll(SEGMENT)) {
    const segment = match[0];
    if (!SPACELESS.test(segment)) {
      found.push({ text: segment, start: match.index, spaceless: false });
      continue;
    }
    let offset = match.index;
    for (const part of segment.split(SPACELESS_SPLIT)) {
      const trimmed = part.replace(/^[.:/-]+|[.:/-]+$/g, '');
      if (trimmed !== '') {
        const spaceless = SPACELESS.test(trimmed);
        found.push({ text: trimmed, start: offset + part.indexOf(trimmed), spaceless });
      }
      offset += part.length;
    }
  }
  return found;
}

/** Stems already made: the stemmer was most of a snippet's time, and words repeat. */
const stems = new Map<string, string>();
/** Bound of the stems kept (each thread's own; a full map starts again). */
const MAX_STEMS = 50_000;

function stemWord(word: string): string {
  if (!LATIN_WORD.test(word)) return word;
  let stemmed = stems.get(word);
  if (stemmed === undefined) {
    stemmed = stem(word);
    if (stems.size >= MAX_STEMS) stems.clear();
    stems.set(word, stemmed);
  }
  return stemmed;
}

/** An identifier: more than one word in one segment (`useEffect`, `pg_trgm`, `C++`, `node:test`). */
export function isIdentifier(text: string): boolean {
  return /[._:/$#+-]/.test(text) || /\p{Ll}\p{Lu}/u.test(text);
}

/** The parts an identifier is split into, lowercased (`useEffect` -> use, effect). */
export function identifierParts(text: string): string[] {
  const parts: string[] = [];
  for (const chunk of text.replace(/(\+\+|#)$/, '').split(SEPARATORS)) {
    for (const part of chunk.match(CAMEL_PARTS) ?? []) parts.push(part.toLowerCase());
  }
  return parts;
}

/** What a Latin (or other spaced script's) piece is looked up by in a query. */
export function wordLexeme(text: string): string {
  const lower = text.toLowerCase();
  return isIdentifier(text) ? lower : stemWord(lower);
}

/** Lexemes of one piece, each with its position offset from the piece's first position. */
export function indexLexemes(piece: Piece): { lexeme: string; offset: number }[] {
  const out: { lexeme: string; offset: number }[] = [];
  const add = (lexeme: string, offset = 0) => {
    if (lexeme !== '' && lexeme.length <= MAX_LEXEME) out.push({ lexeme, offset });
  };
  if (piece.spaceless) {
    add(piece.text);
    if (HANGUL.test(piece.text)) for (const s of koreanStems(piece.text)) add(s);
    bigrams(piece.text).forEach((pair, i) => add(pair, i));
    return out;
  }
  add(wordLexeme(piece.text));
  if (isIdentifier(piece.text)) {
    for (const part of identifierParts(piece.text)) add(stemWord(part));
  }
  return out;
}

/** Positions a piece takes: a spaceless run one per two-syllable piece, anything else one. */
export function positionsOf(piece: Piece): number {
  return piece.spaceless ? Math.max(1, Array.from(piece.text).length - 1) : 1;
}
