import { expect, test, type Page } from '@playwright/test';
import { collectAlerts } from '../support/session';

/** A visitor's click on Workspace: the spec's alert, then /login. */
async function workspaceSendsToLogin(page: Page, alerts: string[]) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Workspace' })
    .click();
  await expect(page).toHaveURL(/\/login$/);
  expect(alerts).toEqual(['Login is required to access this service!\nPlease log in to continue.']);
}

test.describe('the site shell', () => {
  test('start page shows the welcome text, three benefits and Enter leads to /home', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(
      'real-time collaborative tech blog',
    );
    await expect(page.getByRole('heading', { level: 2 })).toHaveText([
      'Tailored for developers',
      'Team pull-request storytelling',
      'Team-based blog operation',
    ]);
    // The start page shows only the logo, not the section links.
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Enter' }).click();
    await expect(page).toHaveURL(/\/home$/);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Breakthrough' })).not.toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('a visitor opening a protected route lands on /login', async ({ page }) => {
    await page.goto('/workspace/makeblog');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Join Repolog' })).toBeVisible();
  });

  test('a visitor clicking Workspace gets the login alert and goes to /login', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    const alerts = collectAlerts(page);
    await workspaceSendsToLogin(page, alerts);
  });

  test('a visitor clicking Workspace before the page’s code runs gets the same alert', async ({
    page,
  }) => {
    // The page's code is held back until the click is done: the header is the server's HTML.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await released;
      await route.continue();
    });
    const alerts = collectAlerts(page);
    await page.goto('/home', { waitUntil: 'commit' });
    await workspaceSendsToLogin(page, alerts);
    release();
    await expect(page.getByRole('heading', { name: 'Join Repolog' })).toBeVisible();
  });

  test('the footer links Official to the notice board blog', async ({ page }) => {
    await page.goto('/home');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('South Korea');
    await expect(footer.getByRole('link', { name: 'Official' })).toHaveAttribute(
      'href',
      '/blog/39',
    );
  });

  test('breakthrough nav item is active on an article path', async ({ page }) => {
    await page.goto('/breakthrough/25');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Breakthrough' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});

test.describe('narrow screens', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the header fits 360 px without horizontal scrolling', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const header = await page.getByRole('banner').boundingBox();
    expect(header?.width).toBeLessThanOrEqual(360);
  });
});

test.describe('addresses out of range', () => {
  test('show "not found" pages, not errors', async ({ page }) => {
    await page.goto('/blog/2147483648');
    await expect(page.getByText('Blog not found.')).toBeVisible();
    await page.goto('/breakthrough/2147483648');
    await expect(page.getByText('Breakthrough not found.')).toBeVisible();
    await page.goto('/breakthrough?page=99999999999');
    await expect(
      page.getByRole('heading', { name: "Let's Explore all breakthroughs!" }),
    ).toBeVisible();
    await expect(page.getByText(/^Error:/)).toHaveCount(0);
  });
});

test.describe('before the app code runs', () => {
  test.use({ javaScriptEnabled: false });

  test('the page already paints the header bar with the logo, styled like the app', async ({
    page,
  }) => {
    await page.goto('/breakthrough/25');
    const logo = page.getByRole('link', { name: 'Repolog start page' });
    await expect(logo).toBeVisible();
    await expect(logo).toHaveText('Repolog');
    const header = await page.getByRole('banner').boundingBox();
    // The sticky bar of --header-height (64 px) across the page, as the app draws it.
    expect(header?.height).toBe(64);
    expect(header?.y).toBe(0);
  });
});

test.describe('tab titles', () => {
  test('every page sets the tab title, also after moving inside the app', async ({ page }) => {
    await page.goto('/blog/32');
    await expect(page).toHaveTitle('Repolog Frontend · Repolog');
    const first = page
      .getByRole('region', { name: /The Breakthroughs/ })
      .getByRole('link')
      .first();
    const title = (await first.locator('span').first().textContent())?.trim() ?? '';
    await first.click();
    await expect(page).toHaveURL(/\/breakthrough\/\d+$/);
    await expect(page).toHaveTitle(`${title} · Repolog`);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Home' })
      .click();
    await expect(page).toHaveTitle('Home · Repolog');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Breakthrough' })
      .click();
    await expect(page).toHaveTitle('Breakthroughs · Repolog');
    await page.getByRole('link', { name: 'Repolog start page' }).click();
    await expect(page).toHaveTitle('Repolog — team tech blogs from your repositories');
  });
});

test.describe('demo mode', () => {
  test('every page says so in a slim bar that stays dismissed', async ({ page }) => {
    await page.goto('/home');
    const banner = page.getByRole('complementary', { name: 'Demo mode' });
    await expect(banner).toContainText('Demo mode: sign in as one of the demo accounts.');
    // It covers nothing: the footer scrolls above it.
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 10_000);
    const footer = await page.getByRole('contentinfo').boundingBox();
    const bar = await banner.boundingBox();
    expect((footer?.y ?? 0) + (footer?.height ?? 0)).toBeLessThanOrEqual(bar?.y ?? 0);
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await expect(banner).toHaveCount(0);
    await page.goto('/breakthrough');
    await expect(
      page.getByRole('heading', { name: "Let's Explore all breakthroughs!" }),
    ).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Demo mode' })).toHaveCount(0);
  });
});
