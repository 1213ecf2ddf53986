import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy* and waitFor wait on the DOM, not a time; their 1 s default budget is what a busy
// 2-core CI machine can miss while rendering a page of cards (they return as soon as it shows).
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; path=/`;
  });
  localStorage.clear();
});

// CodeMirror (the body editor) measures text through Range rectangles; jsdom lays nothing out.
if (typeof Range !== 'undefined' && !('getClientRects' in Range.prototype)) {
  Object.defineProperty(Range.prototype, 'getClientRects', {
    value: () => Object.assign([], { item: () => null }),
  });
  Object.defineProperty(Range.prototype, 'getBoundingClientRect', { value: () => new DOMRect() });
}
