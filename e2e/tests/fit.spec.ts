import { expect, test, type Locator, type Page } from '@playwright/test';
import { createArticle, uniqueTag, userPage } from '../support/reading';

/** How far the page scrolls sideways (0 when everything fits the window). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** True when an element shows all of its text (nothing cut off by an ellipsis or clipping). */
const showsWhole = (locator: Locator) =>
  locator.evaluate((element) => element.scrollWidth <= element.clientWidth + 1);

test.describe('phones, 360 px wide', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the account-delete dialog fits the screen with both buttons whole', async ({ browser }) => {
    const page = await userPage(browser, 'minjun-park');
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Account Delete' }).click();
    const dialog = page.getByRole('dialog');
    const box = await dialog.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    for (const name of ['No, I want to use this account.', 'Yes, I want to delete this account.']) {
      const button = dialog.getByRole('button', { name });
      const rect = await button.boundingBox();
      expect((rect?.x ?? 0) + (rect?.width ?? 0)).toBeLessThanOrEqual(360);
      expect(await showsWhole(button)).toBe(true);
    }
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await dialog.getByRole('button', { name: 'No, I want to use this account.' }).click();
    await page.context().close();
  });

  test('a title that is one long word (a URL, a commit hash) wraps on every page that shows it', async ({
    browser,
  }) => {
    const dana = await userPage(browser, 'dana-kim');
    const word = `${uniqueTag('fix')}-${'0123456789abcdef'.repeat(5)}`;
    const articleId = await createArticle(dana, {
      blogId: 32,
      title: word,
      content: `See https://github.com/repolog-team/frontend/commit/${'0123456789abcdef'.repeat(5)}`,
    });
    const page = await (
      await browser.newContext({ viewport: { width: 360, height: 740 } })
    ).newPage();
    for (const address of [
      '/blog/32',
      `/breakthrough/${articleId}`,
      `/breakthrough?q=${word.slice(0, 12)}`,
    ]) {
      await page.goto(address);
      await expect(page.getByText(word).first()).toBeVisible();
      expect(await sidewaysOverflow(page), address).toBeLessThanOrEqual(0);
    }
    await Promise.all([dana.context().close(), page.context().close()]);
  });

  test('article tables keep their header words whole, and comment headers keep names and dates whole', async ({
    browser,
  }) => {
    const dana = await userPage(browser, 'dana-kim');
    const articleId = await createArticle(dana, {
      blogId: 32,
      title: uniqueTag('Table '),
      content:
        '| Configuration | Throughput | Latency | Connections |\n| --- | --- | --- | --- |\n| baseline | 1200 | 14 | 50 |\n| pooled | 4800 | 6 | 50 |',
    });
    const origin = new URL(dana.url()).origin;
    await dana.request.post('/api/comment', {
      data: { articleId, content: 'Which pool size?' },
      headers: { origin },
    });
    const page = await (
      await browser.newContext({ viewport: { width: 360, height: 740 } })
    ).newPage();
    await page.goto(`/breakthrough/${articleId}`);
    const headers = page.getByRole('article').getByRole('columnheader');
    await expect(headers).toHaveCount(4);
    for (const header of await headers.all()) {
      // One line each: no word is broken across lines.
      const lines = await header.evaluate((cell) => {
        const style = getComputedStyle(cell);
        const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.5;
        const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
        return Math.round((cell.clientHeight - padding) / line);
      });
      expect(lines).toBe(1);
    }
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    const comment = page.getByRole('listitem').filter({ hasText: 'Which pool size?' });
    for (const part of [comment.getByText('dana-kim'), comment.locator('time')]) {
      const height = await part.evaluate((element) => element.getBoundingClientRect().height);
      const line = await part.evaluate(
        (element) => parseFloat(getComputedStyle(element).lineHeight) || 24,
      );
      expect(height).toBeLessThan(line * 1.5);
    }
    await Promise.all([dana.context().close(), page.context().close()]);
  });
});

test.describe('wide screens, 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the write form shows each dropdown’s placeholder and choice whole', async ({ browser }) => {
    const page = await userPage(browser, 'dana-kim');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/blog/32/breakthrough/write');
    for (const name of ['Language', 'Problem', 'Solution']) {
      const control = page.getByRole('combobox', { name });
      await expect(control).toBeVisible();
      expect(await showsWhole(control.locator('span').first()), name).toBe(true);
    }
    await page.getByRole('combobox', { name: 'Problem' }).click();
    const option = page.getByRole('option').nth(1);
    await option.click();
    expect(
      await showsWhole(page.getByRole('combobox', { name: 'Problem' }).locator('span').first()),
    ).toBe(true);
    await page.context().close();
  });
});
