import { expect, test, type Page } from '@playwright/test';
import { userPage, writeArticle } from '../support/reading';

const emailSection = (page: Page) => page.getByRole('region', { name: 'Email' });

test.describe('email', () => {
  test('preferences are changed on /settings and kept', async ({ browser }) => {
    const page = await userPage(browser, 'alex-chen');
    // The reader's settings open from the profile panel.
    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    const section = emailSection(page);
    await expect(section.getByText('alex-chen@example.com')).toBeVisible();
    await expect(section.getByText(/Demo mode: emails go to the demo mailbox/)).toBeVisible();
    const likesAtOnce = section.getByRole('radio', {
      name: 'Likes on your breakthroughs: Immediately',
    });
    await expect(
      section.getByRole('radio', { name: 'Likes on your breakthroughs: Daily digest' }),
    ).toBeChecked();
    await likesAtOnce.check();
    await expect(section.getByRole('status')).toHaveText('Saved.');
    const weekly = section.getByRole('checkbox', { name: /Weekly digest/ });
    // The box shows the change at once; the reload waits for the server's answer to it.
    const saved = page.waitForResponse(
      (res) => res.url().endsWith('/api/settings/email') && res.request().method() === 'PUT',
    );
    await weekly.uncheck();
    expect((await saved).status()).toBe(200);
    await page.reload();
    await expect(
      emailSection(page).getByRole('radio', { name: 'Likes on your breakthroughs: Immediately' }),
    ).toBeChecked();
    await expect(
      emailSection(page).getByRole('checkbox', { name: /Weekly digest/ }),
    ).not.toBeChecked();
  });

  test('a comment’s email in the demo mailbox links to the breakthrough', async ({ browser }) => {
    const dana = await userPage(browser, 'dana-kim');
    const sora = await userPage(browser, 'sora-lee');
    const title = `Mailed ${Date.now()}`;
    const articleId = await writeArticle(dana, title);
    await sora.goto(`/breakthrough/${articleId}`);
    await sora.getByLabel('Write a comment').fill('Worth an email.');
    await sora.getByRole('button', { name: 'Submit' }).click();
    await expect(sora.getByText('Worth an email.')).toBeVisible();

    await dana.goto('/__mail');
    const subject = `sora-lee commented on your breakthrough '${title}'`;
    await expect(async () => {
      await dana.reload();
      await expect(dana.getByRole('link', { name: subject })).toBeVisible({ timeout: 1000 });
    }).toPass();
    await dana.getByRole('link', { name: subject }).click();
    await expect(dana.getByText('Worth an email.').first()).toBeVisible();
    // Mail clients open an email's links in a new tab.
    const [opened] = await Promise.all([
      dana.context().waitForEvent('page'),
      dana.getByRole('link', { name: 'Read the comment' }).click(),
    ]);
    await expect(opened).toHaveURL(new RegExp(`/breakthrough/${articleId}#comments$`));
    await expect(opened.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });

  test('another address is used once the link sent to it is followed', async ({ browser }) => {
    const page = await userPage(browser, 'jisoo-han');
    await page.goto('/settings');
    const address = `jisoo-${Date.now()}@example.org`;
    await emailSection(page).getByLabel('Use another address').fill(address);
    await emailSection(page).getByRole('button', { name: 'Send confirmation link' }).click();
    await expect(
      emailSection(page).getByText(`We sent a link to ${address}.`, { exact: false }),
    ).toBeVisible();

    await page.goto('/__mail');
    const row = page.getByRole('row').filter({ hasText: address });
    await row.getByRole('link', { name: 'Confirm your email address for Repolog' }).click();
    const [opened] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: 'Confirm this address' }).click(),
    ]);
    await expect(opened).toHaveURL(/\/settings\?email=verified#email$/);
    await expect(
      emailSection(opened).getByText('Your new email address is confirmed.'),
    ).toBeVisible();
    await expect(emailSection(opened).getByText(address)).toBeVisible();
  });
});
