import { useEffect } from 'react';

/**
 * While `active` (a form holds unsaved changes), reloading, closing the tab or leaving the site
 * asks the browser's "Leave site?" question first, so a long draft is not lost to a stray key.
 */
export function useLeaveWarning(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium builds still want returnValue set to show the question.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}
