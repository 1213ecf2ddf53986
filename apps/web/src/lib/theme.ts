/** The reader's color theme: light, dark, or whatever the system prefers. */
export type ThemeChoice = 'light' | 'dark' | 'system';

/**
 * Where the choice is kept (localStorage; no entry means the system's). The script in
 * index.html reads the same key to set html[data-theme] before the first paint.
 */
export const THEME_KEY = 'theme';

const isExplicit = (value: unknown): value is 'light' | 'dark' =>
  value === 'light' || value === 'dark';

/** The choice the page shows now: html[data-theme], or the system's when there is none. */
export function currentTheme(root: HTMLElement): ThemeChoice {
  const value = root.dataset.theme;
  return isExplicit(value) ? value : 'system';
}

/**
 * The next choice of the toggle. From the system's theme it goes to the other one first, so the
 * first click always changes what the reader sees; then the remaining one; then back to system.
 */
export function nextTheme(choice: ThemeChoice, systemDark: boolean): ThemeChoice {
  const order: ThemeChoice[] = systemDark
    ? ['system', 'light', 'dark']
    : ['system', 'dark', 'light'];
  return order[(order.indexOf(choice) + 1) % order.length] ?? 'system';
}

/** Shows `choice` on the page and remembers it (a storage that refuses is not an error). */
export function applyTheme(choice: ThemeChoice, root: HTMLElement, storage?: Storage): void {
  if (isExplicit(choice)) root.dataset.theme = choice;
  else delete root.dataset.theme;
  try {
    if (isExplicit(choice)) storage?.setItem(THEME_KEY, choice);
    else storage?.removeItem(THEME_KEY);
  } catch {
    // Private modes and full storage: the choice holds for this page only.
  }
}

/** The toggle's click: the next choice, shown and remembered. */
export function cycleTheme(): ThemeChoice {
  const root = document.documentElement;
  const systemDark = window.matchMedia('(prefers-color-scheme: dark)').matches;
  const choice = nextTheme(currentTheme(root), systemDark);
  let storage: Storage | undefined;
  try {
    storage = window.localStorage;
  } catch {
    storage = undefined;
  }
  applyTheme(choice, root, storage);
  return choice;
}
