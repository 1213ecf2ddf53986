import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInByRequests, type DemoAccount } from '../support/session';

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
  // The slow network delays the sign-in check that shows Login: more than the default 7 s on a
  // busy machine.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible({
    timeout: 20_000,
  });
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

/**
 * Opens `path` on a slow phone network (each request waits 150 ms for its first byte, so the
 * page's lazy parts' chunks arrive well after hydration has started) and records, from the server's
 * HTML on, every moment one of `parts` (name → CSS selector) is missing, plus every hydration
 * error the page logs. `reader`: signed in as them (the page then loads their own view).
 */
async function watchParts(
  browser: Browser,
  path: string,
  parts: Record<string, string>,
  reader?: DemoAccount,
) {
  const context = await browser.newContext();
  if (reader) await signInByRequests(context, reader);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
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
  await page.addInitScript((watched: Record<string, string>) => {
    const seen: string[] = [];
    (window as unknown as { partLosses: string[] }).partLosses = seen;
    const check = () => {
      for (const [name, selector] of Object.entries(watched))
        if (!document.querySelector(selector)) seen.push(`no ${name}`);
    };
    document.addEventListener('DOMContentLoaded', () => {
      check();
      new MutationObserver(check).observe(document.getElementById('root') ?? document, {
        childList: true,
        subtree: true,
      });
    });
  }, parts);
  await page.goto(path);
  if (reader) {
    await expect(page.getByRole('button', { name: 'Profile' })).toBeVisible({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
  } else await settled(page);
  const losses = () =>
    page.evaluate(() => (window as unknown as { partLosses: string[] }).partLosses);
  return { page, context, mismatches, losses };
}

test('/breakthrough/25: its series navigation and related links stay on screen as the app takes over', async ({
  browser,
}) => {
  const { page, context, mismatches, losses } = await watchParts(browser, '/breakthrough/25', {
    'series nav': 'nav[aria-labelledby^="series-"]',
    'related links': 'section[aria-labelledby^="related-"] a',
  });
  await expect(
    page.getByRole('navigation', { name: /Part 2 of 3 — Fast article pages/ }),
  ).toBeVisible();
  expect(await losses()).toEqual([]);
  expect(mismatches).toEqual([]);
  await context.close();
});

const LIKE_AND_COMMENTS = {
  'like button': 'button[aria-pressed] [data-testid="like-count"]',
  comments: 'section[aria-labelledby^="comments-"] h2',
};

test('/breakthrough/25: its like button and comments stay on screen as the app takes over', async ({
  browser,
}) => {
  const { page, context, mismatches, losses } = await watchParts(
    browser,
    '/breakthrough/25',
    LIKE_AND_COMMENTS,
  );
  // Both run once hydrated: the heart takes a click, the comments list their heading.
  await expect(page.getByRole('button', { name: /^Like \d+$/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /Comments/ })).toBeVisible();
  expect(await losses()).toEqual([]);
  expect(mismatches).toEqual([]);
  await context.close();
});

test('/breakthrough/25, signed in: the like button and comments stay on screen while the reader’s own view loads', async ({
  browser,
}) => {
  const { page, context, mismatches, losses } = await watchParts(
    browser,
    '/breakthrough/25',
    LIKE_AND_COMMENTS,
    'jisoo-han',
  );
  await expect(page.getByRole('button', { name: /^Like \d+$/ })).toBeEnabled();
  await expect(page.getByRole('heading', { level: 2, name: /Comments/ })).toBeVisible();
  expect(await losses()).toEqual([]);
  expect(mismatches).toEqual([]);
  await context.close();
});

/** The other public pages' islands: what of each the server's HTML shows. */
const ISLANDS: { path: string; parts: Record<string, string> }[] = [
  {
    path: '/blog/32',
    parts: {
      'favorite star': 'header button[aria-pressed]',
      members: 'section[aria-labelledby="project-members"]',
      breakthroughs: 'section[aria-labelledby="blog-articles"] h2',
    },
  },
  {
    path: '/home',
    parts: {
      'top breakthroughs': 'section[aria-labelledby="top-breakthroughs"]',
      'top blogs': 'section[aria-labelledby="top-blogs"]',
    },
  },
  {
    path: '/breakthrough',
    parts: { rows: 'main ul:not([aria-hidden]) a[href^="/breakthrough/"]' },
  },
  {
    path: '/user/dana-kim',
    parts: { breakthroughs: 'section[aria-labelledby="user-breakthroughs"] h2' },
  },
];

test.describe('the other pages’ islands stay on screen as the app takes over', () => {
  for (const { path, parts } of ISLANDS) {
    for (const reader of [undefined, 'jisoo-han'] as const) {
      test(`${path}${reader ? ', signed in' : ''}: ${Object.keys(parts).join(', ')}`, async ({
        browser,
      }) => {
        const { context, mismatches, losses } = await watchParts(browser, path, parts, reader);
        expect(await losses()).toEqual([]);
        expect(mismatches).toEqual([]);
        await context.close();
      });
    }
  }
});
