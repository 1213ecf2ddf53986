import { useEffect } from 'react';
import { i18n, useMessages } from '../i18n';

/** The site's own title (the start page, and the server's default). */
export const SITE_TITLE = 'Repolog — team tech blogs from your repositories';

const messages = i18n('useDocumentTitle', { siteTitle: SITE_TITLE });

/**
 * The browser tab's title for the page on screen: "{name} · Repolog" (as the server writes it
 * for article and blog pages), or the site's title (in the reader's language). Every route sets
 * it, so in-app navigation never leaves the previous page's title behind.
 */
export function useDocumentTitle(name: string | null | undefined): void {
  const { siteTitle } = useMessages(messages);
  useEffect(() => {
    document.title = name ? `${name} · Repolog` : siteTitle;
  }, [name, siteTitle]);
}
