import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInByRequests, type DemoAccount } from './session';

/**
 * axe-core over every page, in the light and the dark theme (the system setting picks the
 * theme when the reader has chosen none) and in both interface languages (the remembered
 * choice, a cookie). A violation names the rule and the elements. Each language has a spec file
 * of its own (a11y-en, a11y-ko): two workers take one each, as a file's journeys run in one
 * worker (88 pages in one file kept one worker busy for a third of the whole suite's time).
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

/** axe's violations on the page (or only within `include`), each with its elements. */
async function violations(page: Page, include?: string): Promise<string[]> {
  const axe = new AxeBuilder({ page });
  const result = await (include ? axe.include(include) : axe).analyze();
  return result.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n    ` +
      violation.nodes
        .slice(0, 5)
        .map((node) => `${node.target.join(' ')} — ${node.failureSummary ?? ''}`)
        .join('\n    '),
  );
}

export type Language = 'en' | 'ko';

/**
 * A fresh browser context in `colorScheme` whose pages come in `language` (the remembered
 * choice, a cookie), signed in as `member` if given (by requests: the sign-in pages are
 * auth.spec.ts's journey, not this one's).
 */
async function readerPage(
  browser: Browser,
  colorScheme: 'light' | 'dark',
  language: Language,
  baseURL: string | undefined,
  member?: DemoAccount,
): Promise<Page> {
  const context = await browser.newContext({ colorScheme });
  if (member) await signInByRequests(context, member);
  if (language !== 'en') {
    await context.addCookies([{ name: 'lang', value: language, url: baseURL ?? '' }]);
  }
  return context.newPage();
}

/** Opens `path`, waits until it shows what a reader would read, and lists axe's violations. */
async function violationsAt(page: Page, path: string, language: Language): Promise<string[]> {
  await page.goto(path);
  await settled(page);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  return violations(page);
}

/**
 * Pages whose axe pass alone is long: /home's carousel and lists took axe 35 s (of a 60 s
 * journey) at a load of 25 on two cores. Their tests get the slow journeys' time.
 */
const HEAVY_PAGES = new Set(['/home']);

/** The profile menu's button in each language. */
const PROFILE: Record<Language, string> = { en: 'Profile', ko: '프로필' };

/**
 * The pages in `colorScheme` and `language`, one page per test, so each is bounded by one page's
 * load and one axe pass and a failure names the page (the twelve member pages in one test once
 * ran past three minutes on a loaded machine). They share a visitor's and a member's browser
 * context, opened (and signed in) once before them: a context per page signed in 88 times and
 * loaded the app's code cold for every page.
 */
export function checkAccessibility(colorScheme: 'light' | 'dark', language: Language): void {
  test.describe(`accessibility in the ${colorScheme} theme, ${language}`, () => {
    let visitor: Page;
    let member: Page;
    test.beforeAll(async ({ browser, baseURL }) => {
      visitor = await readerPage(browser, colorScheme, language, baseURL);
      member = await readerPage(browser, colorScheme, language, baseURL, 'dana-kim');
    });
    test.afterAll(async () => {
      await visitor.context().close();
      await member.context().close();
    });

    for (const path of VISITOR_PAGES) {
      test(`a visitor meets no axe violation on ${path}`, async () => {
        test.slow(HEAVY_PAGES.has(path));
        expect(await violationsAt(visitor, path, language)).toEqual([]);
      });
    }

    for (const path of MEMBER_PAGES) {
      test(`a member meets no axe violation on ${path}`, async () => {
        test.slow(HEAVY_PAGES.has(path));
        expect(await violationsAt(member, path, language)).toEqual([]);
      });
    }

    // The account dialog is a page of its own to a reader.
    test('a member meets no axe violation in the profile menu', async () => {
      test.slow(); // on /home
      await member.goto('/home');
      await settled(member);
      await member.getByRole('button', { name: PROFILE[language] }).click();
      expect(await violations(member)).toEqual([]);
    });
  });
}

/**
 * No axe violation on the page as it is (or only within `include`), in the light and then the
 * dark theme. A theme change fades colours for 0.15 s (buttons, cards): axe waits for those
 * transitions to end, as a reader's eye would (once, at load 22, it measured a button mid-fade
 * and reported its contrast).
 */
export async function accessibleInBothThemes(page: Page, include?: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    // getAnimations() brings style up to date first, so the change's transitions are in it;
    // endless animations (a loading shimmer) are not waited for.
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a instanceof CSSTransition)
          // A transition cut short by another change rejects: it is over all the same.
          .map((a) => a.finished.catch(() => undefined)),
      ),
    );
    expect(await violations(page, include), colorScheme).toEqual([]);
  }
}
