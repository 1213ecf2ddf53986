/** The language filter options of spec §3 and §9, in the spec's order. */
export const LANGUAGES = [
  'Java',
  'HTML',
  'JavaScript',
  'Python',
  'TypeScript',
  'Kotlin',
  'C#',
  'C++',
  'CSS',
  'Swift',
] as const;

export type Language = (typeof LANGUAGES)[number];

/** Case-insensitive lookup: 'typescript' -> 'TypeScript'; unknown -> undefined. */
export function findLanguage(value: string): Language | undefined {
  const lower = value.trim().toLowerCase();
  return LANGUAGES.find((language) => language.toLowerCase() === lower);
}
