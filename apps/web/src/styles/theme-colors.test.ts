import { describe, expect, it } from 'vitest';
import css from './global.css?raw';

/**
 * The color properties of global.css in both themes: the pairs pages draw on each other meet
 * WCAG AA (text 4.5:1; icons, field outlines, dots and the focus ring 3:1), and the dark theme a
 * reader chose is the very one the system's setting gives.
 */
function block(selector: string): string {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`global.css has no ${selector} block`);
  return css.slice(start + selector.length + 2, css.indexOf('}', start));
}

function properties(text: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [, name = '', value = ''] of text.matchAll(/(--[\w-]+):\s*([^;]+);/g)) {
    found[name] = value.trim();
  }
  return found;
}

const light = properties(block(':root'));
const chosenDark = properties(block(":root[data-theme='dark']"));
const systemDark = properties(block(":root:not([data-theme='light'])"));
const themes = { light, dark: { ...light, ...chosenDark } };

function luminance(hex: string): number {
  const digits = hex.replace('#', '');
  if (!/^[0-9a-f]{6}$/i.test(digits)) throw new Error(`not a #rrggbb color: ${hex}`);
  const [r = 0, g = 0, b = 0] = [0, 2, 4].map((i) => {
    const c = parseInt(digits.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two #rrggbb colors. */
function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

/** [foreground, background] property names. */
const TEXT: [string, string][] = [
  ['--color-text', '--color-bg'],
  ['--color-text', '--color-surface'],
  ['--color-text', '--color-primary-soft'],
  ['--color-text', '--color-unread'],
  ['--color-text', '--color-selection'],
  ['--color-text', '--color-skeleton'],
  ['--color-muted', '--color-bg'],
  ['--color-muted', '--color-surface'],
  ['--color-muted', '--color-unread'],
  ['--color-faint', '--color-bg'],
  ['--color-faint', '--color-surface'],
  ['--color-primary', '--color-bg'],
  ['--color-primary', '--color-surface'],
  ['--color-primary', '--color-primary-soft'],
  ['--color-primary', '--color-unread'],
  ['--color-on-primary', '--color-primary'],
  ['--color-on-primary', '--color-primary-hover'],
  ['--color-on-primary', '--color-danger'],
  ['--color-on-primary', '--color-danger-hover'],
  ['--color-danger', '--color-surface'],
  ['--color-danger', '--color-bg'],
  ['--color-danger', '--color-danger-soft'],
  ['--color-danger-text', '--color-danger-soft'],
  ['--color-success-text', '--color-success-soft'],
  ['--color-success-text', '--color-surface'],
  ['--color-warning-text', '--color-warning-soft'],
  ['--color-owner-text', '--color-owner-soft'],
  ['--color-like', '--color-surface'],
  ['--color-like', '--color-like-soft'],
  ['--color-other', '--color-surface'],
  ['--color-badge-text', '--color-badge'],
  ['--color-tooltip-text', '--color-tooltip-bg'],
  ['--color-github-text', '--color-github-bg'],
  ['--color-demo-text', '--color-demo-bg'],
  ['--code-text', '--code-bg'],
  ['--code-comment', '--code-bg'],
  ['--code-keyword', '--code-bg'],
  ['--code-string', '--code-bg'],
  ['--code-number', '--code-bg'],
  ['--code-title', '--code-bg'],
  ['--code-attr', '--code-bg'],
  ['--code-meta', '--code-bg'],
  ['--code-deletion', '--code-bg'],
  ['--banner-light-text', '--banner-dark-bg'],
  ['--banner-light-muted', '--banner-dark-bg'],
  ['--banner-dark-text', '--banner-light-bg'],
  ['--banner-dark-muted', '--banner-light-bg'],
  ['--banner-accent', '--banner-light-bg'],
  ['--banner-light-text', '--banner-accent'],
];

const GRAPHICS: [string, string][] = [
  ['--color-focus', '--color-bg'],
  ['--color-focus', '--color-surface'],
  ['--color-border-strong', '--color-surface'],
  ['--color-border-strong', '--color-bg'],
  ['--color-commit', '--color-surface'],
  ['--color-other', '--color-surface'],
  ['--color-star', '--color-surface'],
  ['--color-star-hover', '--color-surface'],
  ['--color-faint', '--color-surface'],
  ['--color-primary', '--color-surface'],
  ['--color-badge', '--color-surface'],
];

describe('theme colors', () => {
  it('the dark theme is the same whether chosen or from the system', () => {
    expect(Object.keys(chosenDark).length).toBeGreaterThan(30);
    expect(systemDark).toEqual(chosenDark);
    // Every dark value replaces a light one (no property only one theme has).
    for (const name of Object.keys(chosenDark)) expect(light).toHaveProperty(name);
  });

  for (const [name, colors] of Object.entries(themes)) {
    it(`${name}: text meets 4.5:1 on what it is drawn on`, () => {
      const failing = TEXT.map(([fg, bg]) => [fg, bg, contrast(colors[fg]!, colors[bg]!)] as const)
        .filter(([, , ratio]) => ratio < 4.5)
        .map(([fg, bg, ratio]) => `${fg} on ${bg}: ${ratio.toFixed(2)}`);
      expect(failing).toEqual([]);
    });

    it(`${name}: icons, field outlines and the focus ring meet 3:1`, () => {
      const failing = GRAPHICS.map(
        ([fg, bg]) => [fg, bg, contrast(colors[fg]!, colors[bg]!)] as const,
      )
        .filter(([, , ratio]) => ratio < 3)
        .map(([fg, bg, ratio]) => `${fg} on ${bg}: ${ratio.toFixed(2)}`);
      expect(failing).toEqual([]);
    });
  }

  it("the banners' words meet 4.5:1 on their art's lightest and darkest colors", () => {
    // public/banners: the official and the promise art are dark gradients, the featured one light.
    for (const art of ['#312e81', '#4f46e5', '#0f172a', '#1e1b4b']) {
      expect(contrast(light['--banner-light-text']!, art)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(light['--banner-light-muted']!, art)).toBeGreaterThanOrEqual(4.5);
    }
    for (const art of ['#fff7ed', '#eef0ff']) {
      expect(contrast(light['--banner-dark-text']!, art)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(light['--banner-dark-muted']!, art)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(light['--banner-accent']!, art)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('the focus ring was 2.98:1 on white and is now at least 4:1 in both themes', () => {
    expect(contrast('#818cf8', '#ffffff')).toBeCloseTo(2.98, 2);
    expect(contrast(light['--color-focus']!, light['--color-surface']!)).toBeGreaterThan(4);
    expect(
      contrast(themes.dark['--color-focus']!, themes.dark['--color-surface']!),
    ).toBeGreaterThan(4);
  });
});
