import { identifierParts, isIdentifier, pieces, wordLexeme } from './analyzer.js';
import { bigrams, koreanQueryStem } from './korean.js';

/** Longest query, in characters. */
export const MAX_QUERY_CHARS = 200;
/** Most words in a query (phrases' words count one each). */
export const MAX_QUERY_TERMS = 10;

/** Why a query cannot be searched (a message key of the contract's catalogue). */
export class QueryError extends Error {
  constructor(readonly reason: 'tooLong' | 'tooManyTerms' | 'noWords') {
    super(reason);
    this.name = 'QueryError';
  }
}

/** What the snippet marks: lexemes of whole words, substrings of spaceless runs, literals. */
export interface Highlight {
  lexemes: Set<string>;
  substrings: string[];
  literals: string[];
}

/** A query as the repository runs it. */
export interface ParsedQuery {
  /** A tsquery literal of the indexed words ('' when only literals are asked for). */
  tsquery: string;
  /** The words to find alone, without the excluded ones ('' when only literals are asked for). */
  positive: string;
  /** Lowercase text the stored plain text must contain (phrases, words the index has no lexeme for). */
  contains: string[];
  /** Lowercase text it must not contain (excluded phrases and literals). */
  excludes: string[];
  highlight: Highlight;
}

/** Half of a surrogate pair on its own (not text: searched as U+FFFD). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const quote = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

interface Term {
  text: string;
  phrase: boolean;
  excluded: boolean;
}

/** Splits a query into words, "quoted phrases" and -excluded ones. */
function terms(query: string): Term[] {
  const found: Term[] = [];
  const pattern = /(-?)"([^"]*)"?|(\S+)/gu;
  for (const match of query.matchAll(pattern)) {
    if (match[3] !== undefined) {
      const raw = match[3];
      const excluded = raw.startsWith('-') && raw.length > 1;
      const text = (excluded ? raw.slice(1) : raw).replace(/"/g, '');
      if (text !== '' && text !== '-') found.push({ text, phrase: false, excluded });
    } else {
      const text = (match[2] ?? '').trim().replace(/\s+/g, ' ');
      if (text !== '') found.push({ text, phrase: true, excluded: match[1] === '-' });
    }
  }
  return found;
}

/** The tsquery of one piece, and what to mark for it. */
function pieceQuery(text: string, spaceless: boolean, highlight: Highlight): string {
  if (spaceless) {
    const stem = /^\p{Script=Hangul}+$/u.test(text) ? koreanQueryStem(text) : text;
    highlight.substrings.push(stem);
    if (Array.from(stem).length <= 2) return quote(stem);
    return `(${bigrams(stem).map(quote).join(' <-> ')})`;
  }
  const lexeme = wordLexeme(text);
  highlight.lexemes.add(lexeme);
  return quote(lexeme);
}

/**
 * A query string -> what to search. Throws QueryError past the limits, or when nothing is
 * left to find once operators are set aside. Any other text is searched literally.
 */
export function parseQuery(raw: string): ParsedQuery {
  const query = raw.replace(LONE_SURROGATE, '\uFFFD').normalize('NFC').trim();
  if (Array.from(query).length > MAX_QUERY_CHARS) throw new QueryError('tooLong');
  const all = terms(query);
  const words = all.reduce((sum, term) => sum + term.text.split(' ').length, 0);
  if (words > MAX_QUERY_TERMS) throw new QueryError('tooManyTerms');

  const highlight: Highlight = { lexemes: new Set(), substrings: [], literals: [] };
  const positive: string[] = [];
  const negative: string[] = [];
  const contains: string[] = [];
  const excludes: string[] = [];
  for (const term of all) {
    const found = pieces(term.text);
    const marks: Highlight = term.excluded
      ? { lexemes: new Set(), substrings: [], literals: [] }
      : highlight;
    const clauses = found.map((piece) => pieceQuery(piece.text, piece.spaceless, marks));
    const literal = term.text.toLowerCase();
    if (term.phrase || clauses.length === 0) {
      (term.excluded ? excludes : contains).push(literal);
      if (!term.excluded) highlight.literals.push(literal);
      if (!term.excluded && clauses.length > 0) positive.push(clauses.join(' & '));
      continue;
    }
    const clause = clauses.length === 1 ? clauses[0]! : `(${clauses.join(' & ')})`;
    (term.excluded ? negative : positive).push(clause);
  }
  if (positive.length === 0 && contains.length === 0) throw new QueryError('noWords');
  const tsquery = [...positive, ...negative.map((clause) => `!${clause}`)].join(' & ');
  return { tsquery, positive: positive.join(' & '), contains, excludes, highlight };
}

/** A quoted lexeme of a tsquery literal (quotes doubled, backslashes escaped, as quote() writes). */
const QUOTED_LEXEME = /'(?:[^'\\]|\\.|'')*'/g;

/**
 * The tsquery with every lexeme restricted to the given weights (`'vacuum'` -> `'vacuum':AB`):
 * it matches only where every word is in those fields (A title, B tags, C problem/solution).
 */
export function weighted(tsquery: string, weights: string): string {
  return tsquery.replace(QUOTED_LEXEME, (lexeme) => `${lexeme}:${weights}`);
}

/** Whether a whole word of the text is one the query asked for (snippets mark it). */
export function wordMatches(text: string, lexemes: ReadonlySet<string>): boolean {
  if (lexemes.has(wordLexeme(text))) return true;
  if (!isIdentifier(text)) return false;
  return identifierParts(text).some((part) => lexemes.has(wordLexeme(part)));
}
