import { expect, test, type Browser, type Page } from '@playwright/test';
import { createArticle, uniqueTag, userPage } from '../support/reading';

/** Every console warning or error and every uncaught error of a page. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

const PUBLIC_PAGES = [
  '/',
  '/home',
  '/breakthrough',
  '/breakthrough/25',
  '/blog/32',
  '/blog/39',
  '/user/dana-kim',
];

/** The app took over: the header shows the session's controls (they need the app's code). */
async function hydrated(page: Page, signedIn: boolean) {
  await expect(
    signedIn
      ? page.getByRole('button', { name: 'Profile' })
      : page.getByRole('link', { name: 'Login' }),
  ).toBeVisible();
  await page.waitForLoadState('networkidle');
}

test.describe('server-rendered pages hydrate', () => {
  // A time zone far from the server's UTC: dates must not make the HTML differ.
  test.use({ timezoneId: 'Asia/Seoul' });

  test('without a single console warning, for a visitor and a signed-in reader', async ({
    browser,
  }) => {
    test.slow();
    const visitor = await (await browser.newContext({ timezoneId: 'Asia/Seoul' })).newPage();
    const reader = await userPage(browser, 'sora-lee');
    for (const [page, signedIn] of [
      [visitor, false],
      [reader, true],
    ] as const) {
      const problems = watchConsole(page);
      for (const path of PUBLIC_PAGES) {
        await page.goto(path);
        await hydrated(page, signedIn);
        expect(problems, `${path} (${signedIn ? 'signed in' : 'visitor'})`).toEqual([]);
      }
    }
  });

  test('in Korean too: the page hydrates with the texts the server rendered it with', async ({
    browser,
  }) => {
    test.slow();
    // A Korean browser: the server picks Korean from its languages, the app loads the Korean
    // texts before it hydrates.
    const page = await (
      await browser.newContext({ timezoneId: 'Asia/Seoul', locale: 'ko-KR' })
    ).newPage();
    const problems = watchConsole(page);
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
      await expect(page.getByRole('banner').getByRole('link', { name: '로그인' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(problems, `${path} (Korean)`).toEqual([]);
    }
  });

  test('pages the browser renders itself load their styles without a console warning', async ({
    browser,
  }) => {
    const reader = await userPage(browser, 'sora-lee');
    const problems = watchConsole(reader);
    for (const path of ['/notification', '/workspace', '/like/breakthrough', '/follow/blog']) {
      await reader.goto(path);
      await expect(reader.getByRole('main')).toBeVisible();
      await reader.waitForLoadState('networkidle');
      expect(problems, path).toEqual([]);
    }
    await reader.context().close();
  });

  test('the browser asks the API nothing the page already carries', async ({ browser }) => {
    const page = await (await browser.newContext()).newPage();
    const calls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) calls.push(url.pathname);
    });
    await page.goto('/breakthrough/25');
    await hydrated(page, false);
    // The heart and the comments work: their code came after the page's.
    await expect(page.getByRole('button', { name: 'Like' })).toBeVisible();
    expect(calls).not.toContain('/api/article/breakthrough/25');
    expect(calls).not.toContain('/api/comment/comments/25');
    expect(calls).toContain('/api/auth/status');
  });

  test("a signed-in reader's own heart fills in after hydration", async ({ browser }) => {
    const dana = await userPage(browser, 'dana-kim');
    const articleId = await createArticle(dana, { blogId: 32, title: uniqueTag('Own heart ') });
    await dana.request.put(`/api/article/${articleId}/like`, {
      data: { articleId },
      headers: { origin: new URL(dana.url()).origin },
    });
    const problems = watchConsole(dana);
    await dana.goto(`/breakthrough/${articleId}`);
    const heart = dana.getByRole('button', { name: 'Like' });
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await expect(heart.getByTestId('like-count')).toHaveText('1');
    // The author's menu is theirs only, and shows once the session is known.
    await expect(dana.getByRole('button', { name: 'Breakthrough options' })).toBeVisible();
    expect(problems).toEqual([]);
  });
});

async function noScriptPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  return context.newPage();
}

test.describe('without JavaScript', () => {
  test('a reader reads a breakthrough with its comments and follows its links', async ({
    browser,
  }) => {
    const dana = await userPage(browser, 'dana-kim');
    const title = uniqueTag('No script ');
    const articleId = await createArticle(dana, {
      blogId: 32,
      title,
      content: '## The fix\n\nPin the **lockfile** before the release.',
      about: 'Kotlin',
    });
    const origin = new URL(dana.url()).origin;
    const comment = await dana.request.post('/api/comment', {
      data: { articleId, content: 'Read without scripts' },
      headers: { origin },
    });
    expect(comment.status()).toBe(200);

    const page = await noScriptPage(browser);
    await page.goto(`/breakthrough/${articleId}`);
    const article = page.getByRole('article');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(article.getByRole('heading', { name: 'The fix' })).toBeVisible();
    await expect(article).toContainText('Pin the lockfile before the release.');
    await expect(article.locator('dl')).toContainText('LanguageKotlin');
    await expect(article).toContainText('Read without scripts');
    // The blog's name (related breakthroughs' cards below name their blogs too).
    await article.getByRole('link', { name: 'Repolog Frontend', exact: true }).click();
    await expect(page).toHaveURL(/\/blog\/32$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Repolog Frontend');
    await expect(page.getByRole('link', { name: title })).toBeVisible();
  });

  test('a reader opens a member’s profile from a blog page and pages through it', async ({
    browser,
  }) => {
    test.slow();
    const alex = await userPage(browser, 'alex-chen');
    const tag = uniqueTag('nojs-profile');
    for (let n = 1; n <= 11; n += 1) {
      await createArticle(alex, { blogId: 38, title: `${tag} ${String(n).padStart(2, '0')}` });
    }
    const page = await noScriptPage(browser);
    await page.goto('/blog/32');
    await page
      .getByRole('region', { name: 'Project Members' })
      .getByRole('link', { name: 'alex-chen' })
      .click();
    await expect(page).toHaveURL(/\/user\/alex-chen$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Alex Chen');
    await expect(page.getByRole('region', { name: 'Blogs' })).toContainText('Repolog Backend');
    const list = page.getByRole('region', { name: /^Breakthroughs \(\d+\)$/ });
    await expect(list.getByRole('listitem').first()).toContainText(`${tag} 11`);

    const pagination = page.getByRole('navigation', { name: 'Breakthrough pages' });
    await pagination.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/\/user\/alex-chen\?page=2$/);
    await expect(list.getByRole('listitem').first()).toContainText(`${tag} 01`);
    await expect(pagination.locator('[aria-current="page"]')).toContainText('2');
    await pagination.getByRole('link', { name: 'Previous page' }).click();
    await expect(page).toHaveURL(/\/user\/alex-chen$/);
    await expect(list.getByRole('listitem').first()).toContainText(`${tag} 11`);
  });

  test('a reader pages through the list and filters it by language', async ({ browser }) => {
    test.slow();
    const dana = await userPage(browser, 'dana-kim');
    const tag = uniqueTag('nojs');
    for (let n = 1; n <= 12; n += 1) {
      await createArticle(dana, {
        blogId: 32,
        title: `${tag} entry ${String(n).padStart(2, '0')}`,
        about: n === 12 ? 'Swift' : 'Kotlin',
      });
    }
    const page = await noScriptPage(browser);
    const items = page.getByRole('main').getByRole('listitem');
    // The search box submits as a plain form.
    await page.goto('/breakthrough');
    await page.getByRole('searchbox', { name: /Search breakthroughs/ }).fill(tag);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`q=${tag}`));
    await expect(items).toHaveCount(10);
    await expect(items.first()).toContainText(`${tag} entry 12`);

    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await pagination.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(items).toHaveCount(2);
    await expect(pagination.locator('[aria-current="page"]')).toContainText('2');
    await pagination.getByRole('link', { name: 'Previous page' }).click();
    await expect(items).toHaveCount(10);

    await page
      .getByRole('navigation', { name: 'Languages' })
      .getByRole('link', { name: 'Swift' })
      .click();
    await expect(page).toHaveURL(/lang=Swift/);
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText(`${tag} entry 12`);
  });
});
