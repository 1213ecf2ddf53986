import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { loginAs } from '../support/session';

/**
 * axe-core over every page, in the light and the dark theme (the system setting picks the
 * theme when the reader has chosen none) and in both interface languages (the remembered
 * choice, a cookie). A violation names the rule and the elements.
 */
const VISITOR_PAGES = [
  '/',
  '/home',
  '/breakthrough',
  '/breakthrough?page=2',
  '/breakthrough/25',
  '/blog/32',
  '/user/dana-kim',
  '/login',
  '/no-such-page',
];

const MEMBER_PAGES = [
  '/home',
  '/breakthrough/25',
  '/breakthrough/25/history',
  '/blog/32',
  '/blog/32/edit',
  '/blog/32/breakthrough/write',
  '/workspace',
  '/workspace/makeblog',
  '/workspace/myblog/32',
  '/notification',
  '/like/breakthrough',
  '/follow/blog',
];

async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  // Loading placeholders are gone: the page shows what a reader would read.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n    ` +
      violation.nodes
        .slice(0, 5)
        .map((node) => `${node.target.join(' ')} — ${node.failureSummary ?? ''}`)
        .join('\n    '),
  );
}

type Language = 'en' | 'ko';

async function newPage(browser: Browser, colorScheme: 'light' | 'dark'): Promise<Page> {
  const context = await browser.newContext({ colorScheme });
  return context.newPage();
}

/** From now on the pages come in `language` (signing in happens in English, as loginAs reads it). */
async function speak(page: Page, language: Language, baseURL: string | undefined) {
  if (language === 'en') return;
  await page.context().addCookies([{ name: 'lang', value: language, url: baseURL ?? '' }]);
}

/** The profile menu's button in each language. */
const PROFILE: Record<Language, string> = { en: 'Profile', ko: '프로필' };

for (const [colorScheme, language] of [
  ['light', 'en'],
  ['dark', 'en'],
  ['light', 'ko'],
  ['dark', 'ko'],
] as const) {
  test.describe(`accessibility in the ${colorScheme} theme, ${language}`, () => {
    test('a visitor meets no axe violation on any page', async ({ browser, baseURL }) => {
      test.slow();
      const page = await newPage(browser, colorScheme);
      await speak(page, language, baseURL);
      for (const path of VISITOR_PAGES) {
        await page.goto(path);
        await settled(page);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        expect.soft(await violations(page), path).toEqual([]);
      }
    });

    test('a member meets no axe violation on any page', async ({ browser, baseURL }) => {
      test.slow();
      const page = await newPage(browser, colorScheme);
      await loginAs(page, 'dana-kim');
      await speak(page, language, baseURL);
      for (const path of MEMBER_PAGES) {
        await page.goto(path);
        await settled(page);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        expect.soft(await violations(page), path).toEqual([]);
      }
      // The account dialog and the notification panel are pages of their own to a reader.
      await page.goto('/home');
      await settled(page);
      await page.getByRole('button', { name: PROFILE[language] }).click();
      expect.soft(await violations(page), 'profile menu').toEqual([]);
    });
  });
}
