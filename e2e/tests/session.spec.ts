import { expect, request, test, type BrowserContext } from '@playwright/test';
import { collectAlerts, loginAs } from '../support/session';

async function cookieHeader(context: BrowserContext): Promise<string> {
  const cookies = await context.cookies();
  return cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

test.describe('sessions', () => {
  test('logout ends the session and lands on /login', async ({ page, context }) => {
    await loginAs(page, 'alex-chen');
    await page.getByRole('button', { name: 'Profile' }).click();
    await page
      .getByRole('region', { name: 'Profile' })
      .getByRole('button', { name: 'Logout' })
      .click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    const names = (await context.cookies()).map((c) => c.name);
    expect(names).not.toContain('isLoggedIn');
    expect(names).not.toContain('accessToken');
    const status = await page.request.get('/api/auth/status');
    expect(await status.json()).toMatchObject({ loggedIn: false });
  });

  test('an expired access token is refreshed without the reader noticing', async ({
    page,
    context,
    baseURL,
  }) => {
    const alerts = collectAlerts(page);
    await loginAs(page, 'sora-lee');
    const url = new URL(baseURL ?? '');
    // Replace the access token with one the server will not accept; the refresh token stays good.
    await context.addCookies([
      {
        name: 'accessToken',
        value: 'expired.token.value',
        domain: url.hostname,
        path: '/',
        httpOnly: true,
        sameSite: 'Lax',
      },
    ]);
    await page.goto('/workspace');
    await expect(page).toHaveURL(/\/workspace$/);
    await expect(page.getByRole('button', { name: 'Profile' })).toBeVisible();
    const access = (await context.cookies()).find((c) => c.name === 'accessToken');
    expect(access?.value).not.toBe('expired.token.value');
    expect(alerts).toEqual([]);
  });

  test('a revoked session shows the expiry alert once and goes to /login', async ({
    page,
    context,
    baseURL,
  }) => {
    const alerts = collectAlerts(page);
    await loginAs(page, 'jisoo-han');
    // The reader leaves Repolog. (A page left open notices by itself: its live notification
    // stream ends with the session, cannot reopen, and the page alerts and goes to /login — a
    // navigation that would race a goto of the test's.)
    await page.goto('about:blank');
    // The session is ended elsewhere (another device logs it out).
    const elsewhere = await request.newContext({ baseURL });
    const res = await elsewhere.post('/api/auth/logout', {
      headers: { cookie: await cookieHeader(context), origin: baseURL ?? '' },
    });
    expect(res.status()).toBe(200);
    await elsewhere.dispose();

    // The reader comes back: the page finds the session over, alerts and goes to /login itself
    // (so the goto waits only for the page to start).
    await page.goto('/home', { waitUntil: 'commit' });
    // A cold page's code must run before anything can ask (everyone gets the same /home), then
    // three calls (status 401, refresh 401, logout) and the navigation: at a load of 20 on two
    // cores the code alone took 5 s to start and /login began 6.6 s after the goto.
    await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 });
    expect(alerts).toEqual(['세션이 만료되었습니다. 다시 로그인하세요.']);
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    expect((await context.cookies()).map((c) => c.name)).not.toContain('isLoggedIn');
  });

  test('a visitor never sees the expiry alert', async ({ page }) => {
    const alerts = collectAlerts(page);
    await page.goto('/home');
    await page.goto('/breakthrough');
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Join Repolog' })).toBeVisible();
    expect(alerts).toEqual([]);
  });

  test('account deletion asks first, then deletes the account and signs out', async ({ page }) => {
    await loginAs(page, 'minjun-park');
    const info = (await (await page.request.get('/api/auth/info')).json()) as {
      userId: number;
      userName: string;
    };
    expect(info).toMatchObject({ userName: 'minjun-park' });

    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Account Delete' }).click();
    const dialog = page.getByRole('dialog', {
      name: 'Are you sure you want to delete your account?',
    });
    await expect(dialog).toContainText(
      'When you delete your account, all account information will be deleted.',
    );
    await dialog.getByRole('button', { name: 'No, I want to use this account.' }).click();
    await expect(dialog).toHaveCount(0);
    // The profile panel is still open behind the closed dialog.
    await page.getByRole('button', { name: 'Account Delete' }).click();
    await page.getByRole('button', { name: 'Yes, I want to delete this account.' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();

    // Signing in again starts over as a new Repolog user.
    await loginAs(page, 'minjun-park');
    const again = (await (await page.request.get('/api/auth/info')).json()) as { userId: number };
    expect(again.userId).not.toBe(info.userId);
  });
});
