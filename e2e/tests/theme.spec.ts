import { expect, test, type Page } from '@playwright/test';

/** The page background of each theme (global.css --color-bg), as computed styles report it. */
const LIGHT_BG = 'rgb(247, 247, 251)';
const DARK_BG = 'rgb(15, 17, 23)';

const background = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

const themeButton = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: /^Color theme/ });

/**
 * The app has taken over the server's HTML: the header shows the visitor's Login link, which
 * only the app's code draws. A click or key press before that reaches a button no code listens
 * to yet (the page's code arrives after the load event on a busy machine).
 */
const appStarted = (page: Page) =>
  expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();

declare global {
  interface Window {
    firstFrame?: { background: string; theme: string | undefined; scheme: string };
  }
}

/**
 * Notes what the first frame that shows the page's body is painted with: a requestAnimationFrame
 * callback runs just before the browser renders a frame, so the colors read there are the ones
 * that frame paints. It runs before any of the page's own scripts.
 */
async function recordFirstFrame(page: Page) {
  await page.addInitScript(() => {
    const look = () => {
      if (!document.body) {
        requestAnimationFrame(look);
        return;
      }
      window.firstFrame = {
        background: getComputedStyle(document.body).backgroundColor,
        theme: document.documentElement.dataset.theme,
        scheme: getComputedStyle(document.documentElement).colorScheme,
      };
    };
    requestAnimationFrame(look);
  });
}

test.describe('color theme', () => {
  test('a chosen dark theme stays across reloads and is painted dark from the first frame', async ({
    browser,
  }) => {
    const context = await browser.newContext({ colorScheme: 'light' });
    const page = await context.newPage();
    await page.goto('/home');
    expect(await background(page)).toBe(LIGHT_BG);
    await expect(themeButton(page)).toHaveAccessibleName('Color theme: system');
    await appStarted(page);

    // On a light system the first click goes dark; then light; then back to the system's.
    await themeButton(page).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(themeButton(page)).toHaveAccessibleName('Color theme: dark');
    expect(await background(page)).toBe(DARK_BG);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(themeButton(page)).toHaveAccessibleName('Color theme: dark');
    expect(await background(page)).toBe(DARK_BG);
    await appStarted(page);

    // Without the app's code at all: the server's HTML (a rendered page, and the plain shell of a
    // page the browser renders itself), its styles and the inline script in <head> alone. What
    // the first frame paints is dark, so no light frame can come before the app runs.
    const bare = await context.newPage();
    await recordFirstFrame(bare);
    const blocked: string[] = [];
    await bare.route(/\/assets\/.*\.js$/, (route) => {
      blocked.push(route.request().url());
      return route.abort();
    });
    for (const path of ['/breakthrough', '/login']) {
      await bare.goto(path);
      await bare.waitForFunction(() => window.firstFrame !== undefined);
      expect(await bare.evaluate(() => window.firstFrame), path).toEqual({
        background: DARK_BG,
        theme: 'dark',
        scheme: 'dark',
      });
      // The app never ran: React did not take the page.
      expect(
        await bare.evaluate(() =>
          Object.keys(document.getElementById('root') ?? {}).some((key) =>
            key.startsWith('__reactContainer'),
          ),
        ),
      ).toBe(false);
    }
    expect(blocked.length).toBeGreaterThan(0);
    // The rendered page shows its content in the dark theme's colors without any code.
    await bare.goto('/breakthrough');
    await expect(bare.getByRole('heading', { name: "Let's Explore all breakthroughs!" })).toHaveCSS(
      'color',
      'rgb(231, 231, 239)',
    );

    // Light, then the system's again: nothing stored, the system's light shows.
    await themeButton(page).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await background(page)).toBe(LIGHT_BG);
    await themeButton(page).click();
    await expect(page.locator('html')).not.toHaveAttribute('data-theme');
    await expect(themeButton(page)).toHaveAccessibleName('Color theme: system');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
    await context.close();
  });

  test("with no choice stored, the page follows the system's setting, even as it changes", async ({
    browser,
  }) => {
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    await recordFirstFrame(page);
    await page.goto('/home');
    // The load event can come before the first frame on a busy machine.
    await page.waitForFunction(() => window.firstFrame !== undefined);
    expect(await page.evaluate(() => window.firstFrame)).toEqual({
      background: DARK_BG,
      theme: undefined,
      scheme: 'dark',
    });
    expect(await background(page)).toBe(DARK_BG);
    await expect(themeButton(page)).toHaveAccessibleName('Color theme: system');

    await page.emulateMedia({ colorScheme: 'light' });
    expect(await background(page)).toBe(LIGHT_BG);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await background(page)).toBe(DARK_BG);

    // On a dark system the first click goes light, and light is kept over the system's dark.
    await appStarted(page);
    await themeButton(page).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.reload();
    expect(await background(page)).toBe(LIGHT_BG);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe(
      'light',
    );
    await context.close();
  });

  test('the theme button is reached and used with the keyboard', async ({ page }) => {
    await page.goto('/home');
    await appStarted(page);
    await themeButton(page).focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(themeButton(page)).toBeFocused();
    // The focus ring shows around it.
    const outline = await themeButton(page).evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).toBe('solid');
  });
});

test.describe('home page on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the banners' words are text of at least 14 px inside the banner, over decorative art", async ({
    page,
  }) => {
    await page.goto('/home');
    const carousel = page.getByRole('region', { name: 'Featured' });
    const slides = carousel.locator('[aria-roledescription="slide"]');
    await expect(slides).toHaveCount(3);
    await expect(slides.nth(0).getByRole('link')).toContainText('Repolog Official');
    await expect(slides.nth(0).getByRole('link')).toContainText('Read the notices');
    await expect(slides.nth(1)).toContainText(
      'Turn your repository into a real-time collaborative tech blog',
    );
    await expect(slides.nth(2).getByRole('link')).toContainText(
      'Lazy-loading the markdown editor cut our first load by 38%',
    );
    for (let i = 0; i < 3; i += 1) {
      // The pictures are decoration: their words are the text beside them.
      await expect(slides.nth(i).locator('img')).toHaveAttribute('alt', '');
      const words = await slides.nth(i).evaluate((slide) => {
        const box = slide.getBoundingClientRect();
        const texts: { text: string; size: number; inside: boolean }[] = [];
        const walker = document.createTreeWalker(slide, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent?.trim() ?? '';
          const parent = node.parentElement;
          if (!text || !parent) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          const rect = range.getBoundingClientRect();
          texts.push({
            text,
            size: parseFloat(getComputedStyle(parent).fontSize),
            inside:
              rect.left >= box.left - 0.5 &&
              rect.right <= box.right + 0.5 &&
              rect.top >= box.top - 0.5 &&
              rect.bottom <= box.bottom + 0.5,
          });
        }
        return texts;
      });
      expect(words.length, `slide ${i + 1}`).toBeGreaterThanOrEqual(3);
      for (const word of words) {
        expect(word.size, word.text).toBeGreaterThanOrEqual(14);
        expect(word.inside, `${word.text} is cut off`).toBe(true);
      }
    }
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
  });

  test('the top-10 strip moves with its previous and next buttons', async ({ page }) => {
    await page.goto('/home');
    const region = page.getByRole('region', { name: "Top 10 of Today's Breakthroughs" });
    const strip = region.getByRole('list');
    const previous = region.getByRole('button', { name: 'Previous cards' });
    const next = region.getByRole('button', { name: 'Next cards' });
    const scrolled = () => strip.evaluate((list) => list.scrollLeft);
    await expect(region.getByRole('link').nth(1)).toBeVisible();
    // The strip is the server's HTML until its code has arrived (an island): its buttons work
    // once the page has loaded all it asked for.
    await page.waitForLoadState('networkidle');

    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();
    // Each smooth scroll of the strip ends with a `scrollend` event: count them.
    await strip.evaluate((list) => {
      list.dataset.scrollEnds = '0';
      list.addEventListener('scrollend', () => {
        list.dataset.scrollEnds = String(Number(list.dataset.scrollEnds) + 1);
      });
    });
    let scrolls = 0;
    const settle = async () => {
      scrolls += 1;
      await expect(strip).toHaveAttribute('data-scroll-ends', String(scrolls));
    };
    await next.click();
    await expect.poll(scrolled).toBeGreaterThan(100);
    await expect(previous).toBeEnabled();

    // With the keyboard, to the end: the button says it is disabled there and keeps the focus.
    await settle();
    await next.focus();
    // Until the strip is at its end (the button's state follows the scroll a moment later).
    const atEnd = () =>
      strip.evaluate((list) => list.scrollLeft >= list.scrollWidth - list.clientWidth - 4);
    for (let i = 0; i < 12 && !(await atEnd()); i += 1) {
      const before = await scrolled();
      await page.keyboard.press('Enter');
      await expect.poll(scrolled).toBeGreaterThan(before);
      await settle();
    }
    await expect(next).toBeDisabled();
    await expect(next).toBeFocused();
    const end = await scrolled();
    expect(end).toBeGreaterThanOrEqual(
      await strip.evaluate((list) => list.scrollWidth - list.clientWidth - 4),
    );
    // The last card is in view.
    await expect(region.getByRole('listitem').last()).toBeInViewport();
    // A press on a disabled arrow does nothing.
    await page.keyboard.press('Enter');
    expect(await scrolled()).toBe(end);

    await previous.click();
    await expect.poll(scrolled).toBeLessThan(end);
    await expect(next).toBeEnabled();
  });
});
