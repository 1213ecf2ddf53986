import { expect, type Page } from '@playwright/test';

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

/** Collects window.alert texts and accepts them. */
export function collectAlerts(page: Page): string[] {
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  return alerts;
}
