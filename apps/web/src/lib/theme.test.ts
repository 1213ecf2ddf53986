import { afterEach, describe, expect, it, vi } from 'vitest';
import indexHtml from '../../index.html?raw';
import {
  applyTheme,
  currentTheme,
  cycleTheme,
  nextTheme,
  THEME_KEY,
  type ThemeChoice,
} from './theme';

const root = document.documentElement;

/** The system's color scheme as window.matchMedia reports it (jsdom has none of its own). */
function systemPrefers(scheme: 'light' | 'dark') {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: query === '(prefers-color-scheme: dark)' && scheme === 'dark',
        media: query,
      }) as MediaQueryList,
  );
}

/**
 * Runs index.html's script that sets the theme before the first paint, as the page runs it (an
 * inline <script> element); returns the errors it raised.
 */
function runFirstPaintScript(): unknown[] {
  const source = /<script>([\s\S]*?)<\/script>/.exec(indexHtml)?.[1];
  if (!source) throw new Error('index.html has no inline script');
  const errors: unknown[] = [];
  const onError = (event: ErrorEvent) => errors.push(event.error);
  window.addEventListener('error', onError);
  const script = document.createElement('script');
  script.textContent = source;
  document.head.append(script);
  script.remove();
  window.removeEventListener('error', onError);
  return errors;
}

afterEach(() => {
  delete root.dataset.theme;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('nextTheme', () => {
  it('on a light system goes system -> dark -> light -> system', () => {
    const seen: ThemeChoice[] = ['system'];
    for (let i = 0; i < 3; i += 1) seen.push(nextTheme(seen[seen.length - 1]!, false));
    expect(seen).toEqual(['system', 'dark', 'light', 'system']);
  });

  it('on a dark system goes system -> light -> dark -> system', () => {
    const seen: ThemeChoice[] = ['system'];
    for (let i = 0; i < 3; i += 1) seen.push(nextTheme(seen[seen.length - 1]!, true));
    expect(seen).toEqual(['system', 'light', 'dark', 'system']);
  });
});

describe('currentTheme', () => {
  it('reads the choice from html[data-theme], and anything else as the system', () => {
    expect(currentTheme(root)).toBe('system');
    root.dataset.theme = 'dark';
    expect(currentTheme(root)).toBe('dark');
    root.dataset.theme = 'light';
    expect(currentTheme(root)).toBe('light');
    root.dataset.theme = 'sepia';
    expect(currentTheme(root)).toBe('system');
  });
});

describe('applyTheme', () => {
  it('shows and remembers a choice; the system is no attribute and no stored entry', () => {
    applyTheme('dark', root, localStorage);
    expect(root.dataset.theme).toBe('dark');
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');
    applyTheme('system', root, localStorage);
    expect(root).not.toHaveAttribute('data-theme');
    expect(localStorage.getItem(THEME_KEY)).toBeNull();
  });

  it('still shows the choice when the storage refuses it', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    expect(() => applyTheme('light', root, localStorage)).not.toThrow();
    expect(root.dataset.theme).toBe('light');
  });
});

describe('cycleTheme (the toggle)', () => {
  it('first changes what a reader on a dark system sees, then comes back to the system', () => {
    systemPrefers('dark');
    expect(cycleTheme()).toBe('light');
    expect(root.dataset.theme).toBe('light');
    expect(cycleTheme()).toBe('dark');
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');
    expect(cycleTheme()).toBe('system');
    expect(root).not.toHaveAttribute('data-theme');
    expect(localStorage.getItem(THEME_KEY)).toBeNull();
  });

  it('on a light system, goes to dark first', () => {
    systemPrefers('light');
    expect(cycleTheme()).toBe('dark');
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');
  });
});

describe("index.html's first-paint script", () => {
  it('applies the stored choice under the key the toggle writes', () => {
    systemPrefers('light');
    cycleTheme();
    delete root.dataset.theme;
    expect(runFirstPaintScript()).toEqual([]);
    expect(root.dataset.theme).toBe('dark');
  });

  it('leaves the system theme alone when nothing or something unknown is stored', () => {
    runFirstPaintScript();
    expect(root).not.toHaveAttribute('data-theme');
    localStorage.setItem(THEME_KEY, 'sepia');
    runFirstPaintScript();
    expect(root).not.toHaveAttribute('data-theme');
  });

  it('does not fail the page when storage cannot be read', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(runFirstPaintScript()).toEqual([]);
    expect(root).not.toHaveAttribute('data-theme');
  });
});
