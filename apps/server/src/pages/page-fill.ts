import type { UiLanguage } from '@repolog/contract/locale';
import type { PageStoreRepository } from './page-store.repository.js';

const BATCH = 100;
/** Refreshes asked for while busy; past it they are dropped (a later read asks again). */
const MAX_REFRESHES = 10_000;

/** Lets requests in between two renders: a render holds the main thread for milliseconds. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Renders stored pages ahead of readers, one at a time, never on a request's path: a pass over
 * every breakthrough and blog (newest first, each language in turn) for pages missing, stale or
 * from another build, and the pages that reads found old.
 */
export function createPageFill(deps: {
  repo: Pick<PageStoreRepository, 'articleIds' | 'blogIds' | 'current'>;
  build: string;
  languages: readonly UiLanguage[];
  /** Renders and stores one page; resolves when stored (or found not storable). */
  renderPage: (path: string, language: UiLanguage) => Promise<void>;
  onError: (error: unknown) => void;
}) {
  const { repo, build, languages, renderPage, onError } = deps;
  const refreshes = new Map<string, { path: string; language: UiLanguage }>();
  let stopped = false;
  let draining: Promise<void> | undefined;
  let pass: Promise<number> | undefined;

  const renderSafely = async (path: string, language: UiLanguage) => {
    try {
      await renderPage(path, language);
    } catch (error) {
      if (!stopped) onError(error);
    }
    await breathe();
  };

  /** Every page of one kind in one language, a batch of ids at a time. */
  const fillKind = async (
    ids: (before: number, limit: number) => Promise<number[]>,
    pathOf: (id: number) => string,
    language: UiLanguage,
  ) => {
    let rendered = 0;
    let before = 2 ** 31 - 1;
    while (!stopped) {
      const batch = await ids(before, BATCH);
      if (batch.length === 0) break;
      before = batch[batch.length - 1] ?? 0;
      const paths = batch.map(pathOf);
      const current = await repo.current(paths, language, build);
      for (const path of paths) {
        if (stopped) break;
        if (current.has(path)) continue;
        await renderSafely(path, language);
        rendered += 1;
      }
    }
    return rendered;
  };

  const runPass = async () => {
    let rendered = 0;
    for (const language of languages) {
      rendered += await fillKind(repo.articleIds, (id) => `/breakthrough/${id}`, language);
      rendered += await fillKind(repo.blogIds, (id) => `/blog/${id}`, language);
    }
    return rendered;
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

    /** One pass over every page; resolves with how many it rendered. */
    runPass(): Promise<number> {
      pass ??= runPass()
        .catch((error: unknown) => {
          if (!stopped) onError(error);
          return 0;
        })
        .finally(() => {
          pass = undefined;
        });
      return pass;
    },

    async stop(): Promise<void> {
      stopped = true;
      await Promise.allSettled([pass, draining]);
    },
  };
}

export type PageFill = ReturnType<typeof createPageFill>;
