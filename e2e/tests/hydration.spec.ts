import { expect, test, type Page } from '@playwright/test';

/**
 * Records, from the first byte of the page, every moment the page's <main> is missing, busy or
 * empty after the server's HTML was parsed: a reader must never see the page blink empty while
 * the app takes the server's HTML over.
 */
async function watchMain(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { mainLosses: string[] }).mainLosses = seen;
    const check = () => {
      const main = document.querySelector('#root main');
      if (!main) seen.push('no <main>');
      else if (main.getAttribute('aria-busy') === 'true') seen.push('<main aria-busy>');
      else if (main.childElementCount === 0) seen.push('empty <main>');
    };
    document.addEventListener('DOMContentLoaded', () => {
      check();
      new MutationObserver(check).observe(document.getElementById('root') ?? document, {
        childList: true,
        subtree: true,
        attributes: true,
        attributeFilter: ['aria-busy'],
      });
    });
  });
}

/** Hydration is done: the header's session controls run and the network is quiet. */
async function settled(page: Page) {
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  await page.waitForLoadState('networkidle');
}

const PAGES = ['/', '/home', '/breakthrough', '/breakthrough/25', '/blog/32', '/blog/32/series/1'];

test.describe('hydration keeps the server HTML on screen', () => {
  for (const path of PAGES) {
    test(`${path}: <main> is never emptied while the app takes over`, async ({ browser }) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      // A phone on a slow network: each request waits 150 ms for its first byte, so the page's
      // own code arrives after the entry has started hydrating.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: 400 * 1024,
        uploadThroughput: 200 * 1024,
      });
      await watchMain(page);
      await page.goto(path);
      await settled(page);
      const losses = await page.evaluate(
        () => (window as unknown as { mainLosses: string[] }).mainLosses,
      );
      expect(losses).toEqual([]);
      await context.close();
    });
  }
});

test('/breakthrough/25: its series navigation and related links stay on screen as the app takes over', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  // The companions' own chunk arrives well after hydration has started.
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: 400 * 1024,
    uploadThroughput: 200 * 1024,
  });
  const mismatches: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|#41[89]|#42[0-9]/i.test(message.text()))
      mismatches.push(message.text());
  });
  page.on('pageerror', (error) => mismatches.push(error.message));
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { companionLosses: string[] }).companionLosses = seen;
    const check = () => {
      if (!document.querySelector('nav[aria-labelledby^="series-"]')) seen.push('no series nav');
      if (!document.querySelector('section[aria-labelledby^="related-"] a'))
        seen.push('no related links');
    };
    document.addEventListener('DOMContentLoaded', () => {
      check();
      new MutationObserver(check).observe(document.getElementById('root') ?? document, {
        childList: true,
        subtree: true,
      });
    });
  });
  await page.goto('/breakthrough/25');
  await settled(page);
  await expect(
    page.getByRole('navigation', { name: /Part 2 of 3 — Fast article pages/ }),
  ).toBeVisible();
  const losses = await page.evaluate(
    () => (window as unknown as { companionLosses: string[] }).companionLosses,
  );
  expect(losses).toEqual([]);
  expect(mismatches).toEqual([]);
  await context.close();
});
