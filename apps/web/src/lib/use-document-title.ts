import { useEffect } from 'react';

/** The site's own title (the start page, and the server's default). */
export const SITE_TITLE = 'Repolog — team tech blogs from your repositories';

/**
 * The browser tab's title for the page on screen: "{name} · Repolog" (as the server writes it
 * for article and blog pages), or the site's title. Every route sets it, so in-app navigation
 * never leaves the previous page's title behind.
 */
export function useDocumentTitle(name: string | null | undefined): void {
  useEffect(() => {
    document.title = name ? `${name} · Repolog` : SITE_TITLE;
  }, [name]);
}
