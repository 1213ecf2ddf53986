import './theme-toggle.css';

/**
 * The color theme button: light, dark or the system's, in turn. Its icon and name follow
 * html[data-theme] through CSS (set before the first paint), so the server's HTML, the same for
 * every reader, is right for each before any code runs; the switching code loads on a click.
 */
export function ThemeToggle() {
  return (
    <button
      type="button"
      className="theme-toggle"
      onClick={() => void import('../../lib/theme').then((theme) => theme.cycleTheme())}
    >
      <span data-theme-label="light">Color theme: light</span>
      <span data-theme-label="dark">Color theme: dark</span>
      <span data-theme-label="system">Color theme: system</span>
    </button>
  );
}
