import { expect, test } from '@playwright/test';
import { createArticle, uniqueTag } from '../support/reading';
import { signIn } from '../support/session';

test.describe('full-text search', () => {
  test('the header search box leads to results with the matched words marked', async ({ page }) => {
    await page.goto('/home');
    const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search' });
    // Word forms: "keystrokes" finds the demo's "keystroke" (Porter2 stems on both sides).
    await box.fill('keystrokes');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=keystrokes$/);
    const hit = page.getByRole('listitem').filter({
      has: page.getByRole('link', { name: 'Debouncing search without losing the last keystroke' }),
    });
    await expect(hit.locator('mark').first()).toHaveText(/keystroke/i);
  });

  test('a Korean word finds it with a particle attached', async ({ page }) => {
    await signIn(page, 'dana-kim');
    const word = '형태소';
    const title = `한국어 본문 ${uniqueTag('t')}`;
    await createArticle(page, {
      blogId: 32,
      title,
      content: `오늘은 ${word}를 고쳤다. 데이터베이스를 바꿨다.`,
    });
    await page.goto('/home');
    const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search' });
    await box.fill(word);
    await box.press('Enter');
    const hit = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
    await expect(hit.locator('mark')).toHaveText([word]);
  });
});
