import type { Draft } from '@repolog/contract/drafts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { conflictOf, createDraft, saveDraft, useDraftWrites } from '../api/drafts';
import {
  draftFields,
  sameValues,
  valuesOfDraft,
  type ArticleFormValues,
} from '../lib/article-form-rules';

/** Typing pauses this long before the draft is saved. */
export const SAVE_DELAY_MS = 1000;
/** A failed save is tried again after this long, doubling up to RETRY_MAX_MS. */
export const RETRY_FIRST_MS = 2000;
export const RETRY_MAX_MS = 30_000;

export type AutosaveStatus = 'idle' | 'saving' | 'saved' | 'retrying' | 'conflict';

export interface DraftRef {
  draftId: number;
  version: number;
}

interface Options {
  blogId: number;
  /** Set on the edit page: the draft is the pending edit of this breakthrough. */
  articleId?: number;
  /** The draft being resumed, if any. */
  draft: Draft | null;
  /** What the form shows now. */
  values: ArticleFormValues;
  /** What the form started from: until the values differ from it, no draft is created. */
  initial: ArticleFormValues;
  /** False while the page must not save (the writer may not, or the form is being posted). */
  enabled: boolean;
  /** A new draft was created (the write page puts its id in the address). */
  onCreated?: (draft: Draft) => void;
}

export interface DraftAutosave {
  status: AutosaveStatus;
  /** When the server last acknowledged a save. */
  savedAt: Date | null;
  /** The draft as someone else saved it, when our save was refused for that. */
  conflict: Draft | null;
  draft: DraftRef | null;
  /** The form holds changes the server has not acknowledged. */
  unsaved: boolean;
  /** Saves now and waits: the draft to publish. Throws when it cannot be saved. */
  flush: () => Promise<DraftRef>;
  /** Adopt the version someone else saved; the form is to show what this returns. */
  takeTheirs: () => ArticleFormValues | null;
  /** Save what the form holds on top of the version someone else saved. */
  keepMine: () => void;
  /** A 409 from publishing: show it like a refused save. */
  showConflict: (theirs: Draft) => void;
  /** Waits for a save under way (the page is about to discard the draft). */
  settle: () => Promise<void>;
  /** The breakthrough was posted or the draft discarded: stop saving. */
  stop: () => void;
}

/**
 * Saves the write or edit form into a draft on the server by itself: the draft is created at
 * the first change, saved about a second after typing pauses, when the form loses focus (the
 * page calls flush), and when the page is hidden (a request that outlives the page). A save
 * names the version it was based on; when someone else saved in between, saving stops and the
 * page says so. Kept apart from the form so it can later sit beside a live co-edited document.
 */
export function useDraftAutosave(options: Options): DraftAutosave {
  const { blogId, articleId, values, enabled } = options;
  const writes = useDraftWrites();
  const [status, setStatus] = useState<AutosaveStatus>(options.draft ? 'saved' : 'idle');
  const [savedAt, setSavedAt] = useState<Date | null>(
    options.draft ? new Date(options.draft.updatedAt) : null,
  );
  const [conflict, setConflict] = useState<Draft | null>(null);
  const [draft, setDraft] = useState<DraftRef | null>(
    options.draft ? { draftId: options.draft.draftId, version: options.draft.version } : null,
  );
  const [lastSaved, setLastSaved] = useState<ArticleFormValues>(options.initial);

  // The save loop runs outside React's render: it reads the latest state through refs.
  const draftRef = useRef(draft);
  const valuesRef = useRef(values);
  const lastSavedRef = useRef(lastSaved);
  const inFlight = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const retryDelay = useRef(RETRY_FIRST_MS);
  /** Saving stopped: someone else's version is shown, or the page is done with the draft. */
  const halted = useRef(false);
  /** Saving by itself is allowed (saves asked for by the page go through regardless). */
  const auto = useRef(enabled);
  /** Save even if nothing changed since the last save (keeping mine over theirs). */
  const force = useRef(false);
  const onCreated = useRef(options.onCreated);
  useEffect(() => {
    valuesRef.current = values;
    onCreated.current = options.onCreated;
  });
  useEffect(() => {
    auto.current = enabled;
  }, [enabled]);

  const acknowledge = useCallback((saved: Draft, sent: ArticleFormValues) => {
    const ref = { draftId: saved.draftId, version: saved.version };
    draftRef.current = ref;
    lastSavedRef.current = sent;
    setDraft(ref);
    setLastSaved(sent);
    setSavedAt(new Date(saved.updatedAt));
    retryDelay.current = RETRY_FIRST_MS;
  }, []);

  const haltOnConflict = useCallback((theirs: Draft) => {
    halted.current = true;
    clearTimeout(timer.current);
    setConflict(theirs);
    setStatus('conflict');
  }, []);

  const { mutateAsync: saveAsync } = writes.save;
  const { mutateAsync: createAsync } = writes.create;
  // The save loop calls itself again (after a save under way, or to retry) through this.
  const again = useRef<(asked?: boolean) => Promise<void>>(() => Promise.resolve());
  const saveNow = useCallback(
    (asked = false): Promise<void> => {
      clearTimeout(timer.current);
      if (inFlight.current) return inFlight.current.then(() => again.current(asked));
      const sent = valuesRef.current;
      if (
        halted.current ||
        (!asked && !auto.current) ||
        (!force.current && sameValues(sent, lastSavedRef.current))
      ) {
        return Promise.resolve();
      }
      force.current = false;
      setStatus('saving');
      const current = draftRef.current;
      const request = current
        ? saveAsync({
            draftId: current.draftId,
            body: { version: current.version, ...draftFields(sent) },
          })
        : createAsync({
            blogId,
            body: { ...(articleId ? { articleId } : {}), ...draftFields(sent) },
          });
      const run = request
        .then((saved) => {
          acknowledge(saved, sent);
          setStatus('saved');
          if (!current) onCreated.current?.(saved);
        })
        .catch((error: unknown) => {
          const theirs = conflictOf(error);
          if (theirs) {
            haltOnConflict(theirs);
            return;
          }
          if (error instanceof ApiError && error.status === 404 && current) {
            // The draft was deleted elsewhere: what is typed here goes into a new one.
            draftRef.current = null;
            setDraft(null);
          }
          setStatus('retrying');
          const delay = retryDelay.current;
          retryDelay.current = Math.min(delay * 2, RETRY_MAX_MS);
          force.current = true;
          timer.current = setTimeout(() => void again.current(), delay);
        })
        .finally(() => {
          inFlight.current = null;
        });
      inFlight.current = run;
      return run;
    },
    [saveAsync, createAsync, blogId, articleId, acknowledge, haltOnConflict],
  );
  useEffect(() => {
    again.current = saveNow;
  }, [saveNow]);

  // About a second after typing pauses.
  useEffect(() => {
    if (!enabled || conflict || sameValues(values, lastSavedRef.current)) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void saveNow(), SAVE_DELAY_MS);
  }, [values, enabled, conflict, saveNow]);

  // When the page is hidden (another tab; the tab or window closing), save at once with a
  // request that outlives the page. The fetch starts right here, inside the event: a
  // mutation's own asynchronous steps might not reach it before the page is gone.
  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState !== 'hidden') return;
      const sent = valuesRef.current;
      if (halted.current || !auto.current || inFlight.current) return;
      if (sameValues(sent, lastSavedRef.current)) return;
      clearTimeout(timer.current);
      const current = draftRef.current;
      const request = current
        ? saveDraft(current.draftId, { version: current.version, ...draftFields(sent) })
        : createDraft(blogId, { ...(articleId ? { articleId } : {}), ...draftFields(sent) });
      setStatus('saving');
      inFlight.current = request
        .then((saved) => {
          acknowledge(saved, sent);
          setStatus('saved');
          if (!current) onCreated.current?.(saved);
        })
        .catch((error: unknown) => {
          const theirs = conflictOf(error);
          if (theirs) return haltOnConflict(theirs);
          setStatus('retrying');
          timer.current = setTimeout(() => void saveNow(), RETRY_FIRST_MS);
        })
        .finally(() => {
          inFlight.current = null;
        });
    };
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onHidden);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onHidden);
    };
  }, [blogId, articleId, acknowledge, haltOnConflict, saveNow]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const flush = useCallback(async (): Promise<DraftRef> => {
    await saveNow(true);
    while (inFlight.current) await inFlight.current;
    const current = draftRef.current;
    if (!current || !sameValues(valuesRef.current, lastSavedRef.current)) {
      throw new ApiError('network', 'The draft could not be saved.');
    }
    return current;
  }, [saveNow]);

  const takeTheirs = useCallback((): ArticleFormValues | null => {
    if (!conflict) return null;
    const adopted = valuesOfDraft(conflict);
    acknowledge(conflict, adopted);
    valuesRef.current = adopted;
    halted.current = false;
    setConflict(null);
    setStatus('saved');
    return adopted;
  }, [conflict, acknowledge]);

  const keepMine = useCallback(() => {
    if (!conflict) return;
    // Based on their version now, so the save goes through on top of it.
    draftRef.current = { draftId: conflict.draftId, version: conflict.version };
    setDraft(draftRef.current);
    halted.current = false;
    force.current = true;
    setConflict(null);
    void saveNow();
  }, [conflict, saveNow]);

  const settle = useCallback(async () => {
    clearTimeout(timer.current);
    while (inFlight.current) await inFlight.current;
  }, []);

  const stop = useCallback(() => {
    halted.current = true;
    clearTimeout(timer.current);
  }, []);

  return {
    status,
    savedAt,
    conflict,
    draft,
    unsaved: !sameValues(values, lastSaved),
    flush,
    takeTheirs,
    keepMine,
    showConflict: haltOnConflict,
    settle,
    stop,
  };
}
