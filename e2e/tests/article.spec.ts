import { expect, test } from '@playwright/test';
import { createArticle, uniqueTag, userPage, visitorPage } from '../support/reading';
import { afterNextFrame } from '../support/frames';
import { collectAlerts } from '../support/session';

test.describe('article page', () => {
  test('a visitor reads article 25: header, highlighted markdown, heart tip and alert, blog card', async ({
    browser,
  }) => {
    const page = await visitorPage(browser);
    const alerts = collectAlerts(page);
    await page.goto('/breakthrough/25');
    const article = page.getByRole('article');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Lazy-loading the markdown editor cut our first load by 38%',
    );
    await expect(
      article.getByRole('link', { name: 'Repolog Frontend', exact: true }),
    ).toHaveAttribute('href', '/blog/32');
    // Written 5 hours before the demo was seeded: "5 hours ago", the exact time on hover.
    const written = article.locator('time').first();
    await expect(written).toHaveText(/^\d+ hours ago$/);
    await expect(written).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
    await expect(written).toHaveAttribute('title', /\d/);
    const facts = article.locator('dl');
    await expect(facts).toContainText('LanguageTypeScript');
    await expect(facts).toContainText('Markdown preview flashes unstyled code blocks');
    await expect(facts).toContainText('perf: lazy-load the markdown editor and highlighter');
    // Markdown with a highlighted code block.
    await expect(article.getByRole('heading', { name: 'What we changed' })).toBeVisible();
    await expect(article.locator('pre code.hljs .hljs-keyword').first()).toBeVisible();

    // The heart's tip shows on hover; a visitor's click alerts and goes to /login.
    const heart = article.getByRole('button', { name: 'Like' });
    const tip = page.getByRole('tooltip');
    await expect(tip).toBeHidden();
    await heart.hover();
    await expect(tip).toBeVisible();
    await expect(tip).toHaveText('If you liked this breakthrough, please give it a heart!');
    await expect(article.getByRole('button', { name: 'Breakthrough options' })).toHaveCount(0);

    const card = article.getByRole('complementary', { name: 'About the blog' });
    await expect(card).toContainText('If you are curious about which blog this article is from,');
    await card.getByRole('link', { name: 'Go To See' }).click();
    await expect(page).toHaveURL(/\/blog\/32$/);
    await page.goBack();

    await article.getByRole('button', { name: 'Like' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(alerts).toEqual(['Please log in to use this feature.']);
  });

  test('the loading placeholder has the size of the page (no layout shift)', async ({ page }) => {
    // The server sends the article ready to read; the placeholder belongs to visits inside the
    // app, so the article is reached from the list.
    await page.goto('/breakthrough?q=Lazy-loading%20the%20markdown%20editor');
    const link = page.getByRole('link', { name: /^Lazy-loading the markdown editor/ });
    await expect(link).toBeVisible();
    // The app has taken over the server's HTML once the header knows the session.
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/article/breakthrough/25', async (route) => {
      await held;
      await route.continue();
    });
    await link.click();
    await expect(page).toHaveURL(/\/breakthrough\/25$/);
    const placeholder = page.locator('main div[aria-busy="true"]').first();
    await expect(placeholder).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('Loading the breakthrough…');
    const top = await placeholder.boundingBox();
    release();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const loaded = await page.getByRole('article').boundingBox();
    expect(Math.abs((loaded?.x ?? 0) - (top?.x ?? -1))).toBeLessThan(1);
    expect(Math.abs((loaded?.width ?? 0) - (top?.width ?? -1))).toBeLessThan(1);
    expect(Math.abs((loaded?.y ?? 0) - (top?.y ?? -1))).toBeLessThan(1);
  });

  test('a reader likes and unlikes; the flag is kept per article in local storage', async ({
    browser,
  }) => {
    const dana = await userPage(browser, 'dana-kim');
    const articleId = await createArticle(dana, { blogId: 32, title: uniqueTag('Like me ') });
    const sora = await userPage(browser, 'sora-lee');
    const alerts = collectAlerts(sora);
    const likes: number[] = [];
    sora.on('response', (response) => {
      if (response.url().endsWith(`/api/article/${articleId}/like`)) likes.push(response.status());
    });

    await sora.goto(`/breakthrough/${articleId}`);
    const heart = sora.getByRole('button', { name: 'Like' });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await expect(heart.getByTestId('like-count')).toHaveText('0');
    await expect
      .poll(() => sora.evaluate((id) => localStorage.getItem(`like_button_${id}`), articleId))
      .toBe('false');

    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await expect(heart.getByTestId('like-count')).toHaveText('1');
    await expect.poll(() => likes).toEqual([200]);
    await expect
      .poll(() => sora.evaluate((id) => localStorage.getItem(`like_button_${id}`), articleId))
      .toBe('true');
    await sora.reload();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await expect(heart.getByTestId('like-count')).toHaveText('1');

    // It shows in the liked list.
    await sora.goto('/like/breakthrough');
    await expect(sora.getByRole('link', { name: /Like me / })).toBeVisible();

    await sora.goto(`/breakthrough/${articleId}`);
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await expect(heart.getByTestId('like-count')).toHaveText('0');
    await expect.poll(() => likes).toEqual([200, 200]);
    await expect
      .poll(() => sora.evaluate((id) => localStorage.getItem(`like_button_${id}`), articleId))
      .toBe('false');
    expect(alerts).toEqual([]);
  });

  test('the author edits from the options menu and deletes after confirming', async ({
    browser,
  }) => {
    const dana = await userPage(browser, 'dana-kim');
    const title = uniqueTag('Delete me ');
    const articleId = await createArticle(dana, { blogId: 32, title });
    const alerts = collectAlerts(dana);

    // Another member of the blog is not the author: no menu.
    const sora = await userPage(browser, 'sora-lee');
    await sora.goto(`/breakthrough/${articleId}`);
    await expect(sora.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(sora.getByRole('button', { name: 'Breakthrough options' })).toHaveCount(0);

    await dana.goto(`/breakthrough/${articleId}`);
    const options = dana.getByRole('button', { name: 'Breakthrough options' });
    await options.click();
    await expect(dana.getByRole('menuitem')).toHaveText(['Edit', 'Delete']);
    await dana.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(dana).toHaveURL(new RegExp(`/breakthrough/${articleId}/edit$`));
    await dana.goBack();

    // Keyboard: the menu opens with Enter and closes with Escape.
    await options.focus();
    await dana.keyboard.press('Enter');
    await expect(dana.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
    await dana.keyboard.press('Escape');
    await expect(dana.getByRole('menu')).toHaveCount(0);

    await options.click();
    await dana.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = dana.getByRole('dialog', {
      name: 'Are you sure you want to delete this breakthrough?',
    });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'No' }).click();
    await expect(dialog).toHaveCount(0);

    await options.click();
    await dana.getByRole('menuitem', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect(dana).toHaveURL(/\/blog\/32$/);
    expect(alerts).toEqual(['The Breakthrough is deleted.']);
    await expect(dana.getByRole('link', { name: new RegExp(title) })).toHaveCount(0);
    const gone = await dana.request.get(`/api/article/breakthrough/${articleId}`);
    expect(gone.status()).toBe(404);
  });

  test('markdown with <script>, javascript: links and onerror images runs no script', async ({
    browser,
  }) => {
    const dana = await userPage(browser, 'dana-kim');
    const content = [
      '# Hostile markdown',
      '<script>window.__xss = "script"; alert("script")</script>',
      '[click me](javascript:window.__xss="link";alert("link"))',
      '[encoded](java&#x09;script:alert("encoded"))',
      '<a href="javascript:alert(\'raw\')">raw anchor</a>',
      '<img src="x" onerror="window.__xss=\'img\';alert(\'img\')">',
      '![pic](javascript:alert("image"))',
      '<iframe src="javascript:alert(\'frame\')"></iframe>',
      '[safe](https://example.com/docs)',
    ].join('\n\n');
    const articleId = await createArticle(dana, { blogId: 32, title: uniqueTag('XSS '), content });

    const page = await visitorPage(browser);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`/breakthrough/${articleId}`);
    const article = page.getByRole('article');
    await expect(article.getByRole('heading', { name: 'Hostile markdown' })).toBeVisible();
    await expect(article.getByRole('link', { name: 'safe' })).toHaveAttribute(
      'href',
      'https://example.com/docs',
    );

    const link = article.getByText('click me');
    expect(await link.getAttribute('href')).toBeFalsy();
    expect(await article.getByText('encoded').getAttribute('href')).toBeFalsy();
    await link.click();
    await afterNextFrame(page);

    const body = article
      .locator('div')
      .filter({ has: page.getByRole('heading', { name: 'Hostile markdown' }) })
      .first();
    expect(await body.locator('script, iframe, [onerror]').count()).toBe(0);
    expect(await body.locator('a[href^="javascript" i], img[src^="javascript" i]').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
  });
});
