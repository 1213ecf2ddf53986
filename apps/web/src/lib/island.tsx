import {
  createElement,
  memo,
  Suspense,
  use,
  useEffect,
  useMemo,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';

/*
 * An island: a part of a server-rendered page that comes in the server's HTML while its code
 * arrives in a chunk of its own, hydrated once it is here (a click before that is replayed).
 *
 * While its code is on its way, the page's own updates (hydration's end, the session's answer,
 * the signed-in reader's own view) must not reach the island's boundary: React would replace the
 * server's HTML still in it with the fallback until the code arrives (a blink). So an island
 * renders with the values it first had (what the server rendered) until its code is here, and
 * adopts the newer ones then, when React can hydrate the boundary at once.
 */

/** `load`, started once: every caller (the lazy component, the "code is here" signal) shares it. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let started: Promise<T> | undefined;
  return () => (started ??= load());
}

/** A promise as React's `use` reads it once settled (the fields React itself sets on one it saw). */
type SettledThenable<T> = Promise<T> & { status?: 'fulfilled'; value?: T };

/**
 * The component `load` brings (loaded at most once, by `code`): `Code` suspends until it is here
 * and renders it at once after. Unlike React.lazy, which learns that its code arrived only a
 * microtask after and suspends on its first render even then: an island whose held values were
 * let go in between updated its boundary while still suspended, and React replaced the server's
 * HTML with the fallback until the next microtask (a blink, seen on signed-in blog pages).
 *
 * `Code` always reads the promise with `use` (React requires a component that suspended on `use`
 * to call it again when it resumes); once loaded, the promise carries React's settled-thenable
 * fields (`status`, `value`), so `use` returns the component without suspending, even to a
 * component that never saw the promise pending.
 */
export function loadedComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  const code = loadOnce(() => {
    const loading: SettledThenable<ComponentType<P>> = load().then((loaded) => {
      loading.status = 'fulfilled';
      loading.value = loaded;
      return loaded;
    });
    return loading;
  });
  function Code(props: P) {
    return createElement(use(code()), props);
  }
  return { Code, code };
}

/** `values` as first rendered until `load` (the island's code) has resolved, the latest after. */
export function useHeldUntilLoaded<T extends object>(values: T, load: () => Promise<unknown>): T {
  const [first] = useState(values);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let mounted = true;
    void load().then(() => {
      if (mounted) setLoaded(true);
    });
    return () => {
      mounted = false;
    };
  }, [load]);
  return loaded ? values : first;
}

/**
 * The component `load` resolves to as an island: memoized, holding its first props until its code
 * is here, in a boundary showing `fallback` only when there is no server HTML to keep (a page
 * rendered in the browser). `load` runs at most once.
 */
export function island<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
) {
  const { Code, code } = loadedComponent(load);
  return memo(function Island(props: P) {
    const held = useHeldUntilLoaded(props, code);
    // The same element while held: a boundary still hydrating receives no update.
    return useMemo(
      () => (
        <Suspense fallback={fallback}>
          <Code {...held} />
        </Suspense>
      ),
      [held],
    );
  });
}
