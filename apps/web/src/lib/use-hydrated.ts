import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while the server renders and while the browser hydrates that HTML, true afterwards (and
 * from the start in a page the browser renders itself). Whatever differs per reader or per
 * browser (stored flags, local time) waits for it, so hydration finds exactly the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
