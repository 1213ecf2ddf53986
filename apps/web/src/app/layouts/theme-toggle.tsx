import { i18n, useMessages } from '../../i18n';
import './theme-toggle.css';

const messages = i18n('themeToggle', {
  light: 'Color theme: light',
  dark: 'Color theme: dark',
  system: 'Color theme: system',
});

/**
 * The color theme button: light, dark or the system's, in turn. Its icon and name follow
 * html[data-theme] through CSS (set before the first paint), so the server's HTML, the same for
 * every reader, is right for each before any code runs; the switching code loads on a click.
 */
export function ThemeToggle() {
  const t = useMessages(messages);
  return (
    <button
      type="button"
      className="theme-toggle"
      onClick={() => void import('../../lib/theme').then((theme) => theme.cycleTheme())}
    >
      <span data-theme-label="light">{t.light}</span>
      <span data-theme-label="dark">{t.dark}</span>
      <span data-theme-label="system">{t.system}</span>
    </button>
  );
}
