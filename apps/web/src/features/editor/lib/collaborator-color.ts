/**
 * Colors for collaborators' cursors and names: each keeps white text at 4.5:1 or more (the name
 * label over a caret is white on the color), and a login always gets the same one.
 */
const PALETTE = [
  '#1d4ed8',
  '#b91c1c',
  '#047857',
  '#7e22ce',
  '#b45309',
  '#be185d',
  '#0e7490',
  '#4d7c0f',
] as const;

export function colorOf(login: string): string {
  let hash = 0;
  for (const char of login.toLowerCase()) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return PALETTE[hash % PALETTE.length] ?? PALETTE[0];
}
