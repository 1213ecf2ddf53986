import type { UiLanguage } from '@repolog/contract/locale';

/** Refreshes asked for while busy; past it they are dropped (a later read asks again). */
const MAX_REFRESHES = 10_000;

/** Lets requests in between two renders: a render holds the main thread for milliseconds. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Renders again, one at a time and never on a request's path, the stored pages that reads found
 * old. There is no pass over every page: a page is rendered when it is first read (DESIGN.md §7).
 */
export function createPageFill(deps: {
  /** Renders and stores one page; resolves when stored (or found not storable). */
  renderPage: (path: string, language: UiLanguage) => Promise<void>;
  onError: (error: unknown) => void;
}) {
  const { renderPage, onError } = deps;
  const refreshes = new Map<string, { path: string; language: UiLanguage }>();
  let stopped = false;
  let draining: Promise<void> | undefined;

  const renderSafely = async (path: string, language: UiLanguage) => {
    try {
      await renderPage(path, language);
    } catch (error) {
      if (!stopped) onError(error);
    }
    await breathe();
  };

  const drain = async () => {
    while (!stopped && refreshes.size > 0) {
      const [key, page] = refreshes.entries().next().value ?? [];
      if (key === undefined || !page) break;
      refreshes.delete(key);
      await renderSafely(page.path, page.language);
    }
  };

  return {
    /** A read served a page stored long ago: render it again soon. */
    refresh(path: string, language: UiLanguage): void {
      if (stopped || refreshes.size >= MAX_REFRESHES) return;
      refreshes.set(`${language} ${path}`, { path, language });
      draining ??= drain().finally(() => {
        draining = undefined;
      });
    },

    async stop(): Promise<void> {
      stopped = true;
      await Promise.allSettled([draining]);
    },
  };
}

export type PageFill = ReturnType<typeof createPageFill>;
