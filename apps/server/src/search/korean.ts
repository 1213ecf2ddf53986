/**
 * Korean for the search index: no morphological analyzer, two cheap rules that cover how
 * people search. (1) Particles and common endings are stripped from the end of a word, so
 * `검색을`, `검색에서` and `검색했다` are also indexed as `검색`. (2) Every run of Hangul (and of
 * other scripts written without spaces) is indexed as overlapping two-syllable pieces at
 * consecutive positions, so any two-syllable word finds the compounds that contain it
 * (`검색` finds `검색엔진`), and a longer word matches its pieces in a row.
 */

/** Particles and endings, tried longest first. */
const SUFFIXES = [
  '했습니다',
  '되었다',
  '입니다',
  '합니다',
  '에서는',
  '에서도',
  '에서의',
  '으로는',
  '으로도',
  '으로서',
  '으로써',
  '에게서',
  '한테서',
  '이라는',
  '이라고',
  '이라면',
  '이지만',
  '적으로',
  '했다',
  '하다',
  '하는',
  '하고',
  '해서',
  '하면',
  '하여',
  '하기',
  '되다',
  '되는',
  '되어',
  '됐다',
  '에서',
  '에게',
  '한테',
  '으로',
  '로는',
  '로도',
  '로서',
  '로써',
  '까지',
  '부터',
  '보다',
  '처럼',
  '만큼',
  '마다',
  '조차',
  '마저',
  '이나',
  '이며',
  '이고',
  '이다',
  '이란',
  '라는',
  '라고',
  '와는',
  '과는',
  '에는',
  '에도',
  '적인',
  '들은',
  '들을',
  '들이',
  '들의',
  '할',
  '한',
  '함',
  '된',
  '의',
  '은',
  '는',
  '이',
  '가',
  '을',
  '를',
  '에',
  '와',
  '과',
  '도',
  '만',
  '로',
  '들',
];

/** Particles that may leave a single syllable (`값을` -> `값`); the others must leave two. */
const SHORT_STEM_OK = new Set(['을', '를', '은', '는', '이', '가', '의', '에', '와', '과', '로']);

const syllables = (word: string): string[] => Array.from(word);

/** The word without one particle or ending, or undefined when none applies. */
function stripOnce(word: string): string | undefined {
  const length = syllables(word).length;
  for (const suffix of SUFFIXES) {
    if (!word.endsWith(suffix)) continue;
    const stem = word.slice(0, word.length - suffix.length);
    const left = length - syllables(suffix).length;
    if (left >= 2 || (left === 1 && SHORT_STEM_OK.has(suffix))) return stem;
  }
  return undefined;
}

/** The forms a Hangul word is indexed under besides itself (up to two endings stripped). */
export function koreanStems(word: string): string[] {
  const stems: string[] = [];
  let current = word;
  for (let round = 0; round < 2; round += 1) {
    const stem = stripOnce(current);
    if (stem === undefined) break;
    stems.push(stem);
    current = stem;
  }
  return stems;
}

/** The word a Korean query term is looked up by: its most stripped form. */
export function koreanQueryStem(word: string): string {
  const stems = koreanStems(word);
  return stems.at(-1) ?? word;
}

/** Overlapping two-syllable pieces of a run ("데이터" -> 데이, 이터); one syllable: itself. */
export function bigrams(run: string): string[] {
  const chars = syllables(run);
  if (chars.length < 2) return [run];
  const pieces: string[] = [];
  for (let i = 0; i + 1 < chars.length; i += 1) pieces.push(chars[i]! + chars[i + 1]!);
  return pieces;
}
