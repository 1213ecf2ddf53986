import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { startPageReads } from './app/page-reads';
import { preloadPage } from './app/router';
import { activateLanguage, pageLanguage } from './i18n';
import { createQueryClient } from './lib/query-client';
import './styles/global.css';

function start(root: HTMLElement, state: string | undefined) {
  const client = createQueryClient();
  // Public pages arrive rendered by the server with the data they show (TanStack Query's
  // dehydrated cache): the browser adopts that HTML and asks the API nothing it already has.
  if (state) {
    hydrate(client, JSON.parse(state) as DehydratedState);
    // The page's code first (public/boot.js has already asked for it): hydration then finds
    // every page boundary ready and keeps the server's HTML on screen throughout.
    // In a transition React hydrates in slices that yield to the browser (a click still
    // hydrates its target at once), instead of one long task that holds up input on slow phones.
    void preloadPage(window.location.pathname).then(() =>
      startTransition(() => {
        hydrateRoot(root, <App client={client} />);
      }),
    );
  } else {
    // The same for a page the browser renders itself.
    startTransition(() => {
      createRoot(root).render(<App client={client} />);
    });
  }
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
// The page's language (the server chose it: <html lang>) comes before the first render, so a
// Korean page hydrates with the Korean texts the server rendered it with. (Not a top-level
// await: that would make the bundler split the entry's shared code into many small files.)
const language = pageLanguage();
const state = document.getElementById('repolog-state')?.textContent ?? undefined;
if (!state) {
  // A page the browser renders itself asks for its code and its first reads at once, before
  // its texts' language and its first render: none waits for another to arrive. (The page
  // reports a failure itself when it renders.)
  preloadPage(window.location.pathname).catch(() => undefined);
  startPageReads(window.location);
}
if (language === 'en') start(root, state);
else void activateLanguage(language).then(() => start(root, state));
