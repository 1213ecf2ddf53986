import { expect, type BrowserContext, type Page } from '@playwright/test';

/** Demo accounts of the GitHub stand-in that can sign in. */
export const DEMO_ACCOUNTS = [
  'dana-kim',
  'minjun-park',
  'sora-lee',
  'alex-chen',
  'jisoo-han',
] as const;
export type DemoAccount = (typeof DEMO_ACCOUNTS)[number];

/**
 * Signs in as a new user would: /login -> the join card -> the stand-in's GitHub sign-in page
 * -> pick the account -> back on /home, signed in.
 */
export async function loginAs(page: Page, login: DemoAccount): Promise<void> {
  await page.goto('/login');
  await page.getByRole('link', { name: /Join Repolog/ }).click();
  await page.getByRole('button', { name: new RegExp(`@${login}$`) }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('button', { name: 'Profile' })).toBeVisible();
}

/**
 * Signs a browser context in without its pages: the same requests the sign-in pages make (the
 * authorize redirect, the stand-in's account form, the callback's POST /api/auth/github), sent
 * through the context's own cookie jar. For journeys about something else; loginAs is the
 * journey through the pages (auth.spec.ts, session.spec.ts).
 */
export async function signInByRequests(context: BrowserContext, login: DemoAccount): Promise<void> {
  const start = await context.request.get('/api/auth/github/authorize', { maxRedirects: 0 });
  expect(start.status()).toBe(302);
  const authorize = new URL(start.headers().location ?? '');
  const picked = await context.request.post(authorize.pathname, {
    form: { ...Object.fromEntries(authorize.searchParams), login },
    maxRedirects: 0,
  });
  expect(picked.status(), await picked.text()).toBe(302);
  const back = new URL(picked.headers().location ?? '');
  const done = await context.request.post('/api/auth/github', {
    data: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
    headers: { origin: authorize.origin },
  });
  expect(done.status(), await done.text()).toBe(200);
}

/**
 * The state loginAs ends in (on /home, signed in) without going through the sign-in pages: for
 * journeys about something else, whose own pages are what they check. The context's first page
 * loads the app's code cold, which on a loaded machine can take longer than one expectation's 7 s.
 */
export async function signIn(page: Page, login: DemoAccount): Promise<void> {
  await signInByRequests(page.context(), login);
  await page.goto('/home');
  await expect(page.getByRole('button', { name: 'Profile' })).toBeVisible({ timeout: 20_000 });
}

/** Collects window.alert texts and accepts them. */
export function collectAlerts(page: Page): string[] {
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  return alerts;
}
