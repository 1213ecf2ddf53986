import { expect, test } from '@playwright/test';
import { loginAs } from '../support/session';

test.describe('signing in with GitHub', () => {
  test('login through the GitHub stand-in lands on /home signed in, with the name in the profile panel', async ({
    page,
  }) => {
    await loginAs(page, 'dana-kim');
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'isLoggedIn')?.value).toBe('true');
    expect(cookies.find((c) => c.name === 'accessToken')?.httpOnly).toBe(true);
    await page.getByRole('button', { name: 'Profile' }).click();
    const panel = page.getByRole('region', { name: 'Profile' });
    await expect(panel).toContainText('dana-kim');
  });
});
