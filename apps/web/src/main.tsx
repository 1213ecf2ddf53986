import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryClient } from './lib/query-client';
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
const client = createQueryClient();
// Public pages arrive rendered by the server with the data they show (TanStack Query's
// dehydrated cache): the browser adopts that HTML and asks the API nothing it already has.
const state = document.getElementById('repolog-state')?.textContent;
if (state) {
  hydrate(client, JSON.parse(state) as DehydratedState);
  hydrateRoot(root, <App client={client} />);
} else {
  // A transition lets React render the first screen in slices that yield to the browser,
  // instead of one long task that holds up input on slow phones.
  startTransition(() => {
    createRoot(root).render(<App client={client} />);
  });
}
