import {
  expect,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import type { CreatedArticle } from '@repolog/contract/articles';
import type { CreatedBlog } from '@repolog/contract/blogs';
import { signInByRequests, type DemoAccount } from './session';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * Each demo account signs in once per worker (module state lives as long as the worker
 * process), by requests rather than through the sign-in pages (two sign-ins through the pages took
 * more than half of a journey's minute on a loaded machine); later pages start from its saved cookies and storage. A saved session is renewed
 * well before its 15-minute access token expires, so pages never race to rotate one refresh
 * token. Journeys that end a session (logout, account deletion) sign in on their own.
 */
const signedIn = new Map<DemoAccount, { state: StorageState; at: number }>();
const RENEW_AFTER_MS = 10 * 60 * 1000;

/**
 * Opens /home in a fresh browser context and waits for the signed-in header. The context's first
 * page loads all of the app's code cold: on a loaded machine that alone can take longer than one
 * expectation's 7 s.
 */
async function openHome(page: Page): Promise<void> {
  await page.goto('/home');
  await expect(page.getByRole('button', { name: 'Profile' })).toBeVisible({ timeout: 20_000 });
}

/**
 * A context whose reader has dismissed the demo-mode bar: it appears when the page's code has run,
 * fixed over the foot of the window, and a click aimed at a link there a moment before (a comment's
 * author at the end of an article) landed on the bar instead. The bar's own journey (shell.spec.ts)
 * and the accessibility checks keep it.
 */
async function readerContext(browser: Browser, options: BrowserContextOptions = {}) {
  const context = await browser.newContext(options);
  await context.addInitScript(() => {
    try {
      localStorage.setItem('repolog_demo_banner_dismissed', 'true');
    } catch {
      // A page without storage (about:blank) shows the bar; nothing else changes.
    }
  });
  return context;
}

/** A signed-in user in a browser context of their own (separate cookies and storage), on /home. */
export async function userPage(browser: Browser, login: DemoAccount): Promise<Page> {
  const saved = signedIn.get(login);
  if (saved && Date.now() - saved.at < RENEW_AFTER_MS) {
    const context = await readerContext(browser, { storageState: saved.state });
    const page = await context.newPage();
    await openHome(page);
    return page;
  }
  const context = await readerContext(browser);
  await signInByRequests(context, login);
  const page = await context.newPage();
  await openHome(page);
  // The page marks the browser signed in (the isLoggedIn cookie) once it has the session.
  await expect
    .poll(async () => (await context.cookies()).some((c) => c.name === 'isLoggedIn'))
    .toBe(true);
  signedIn.set(login, { state: await context.storageState(), at: Date.now() });
  return page;
}

/** A visitor in a fresh browser context. */
export async function visitorPage(browser: Browser): Promise<Page> {
  const context = await readerContext(browser);
  return context.newPage();
}

interface NewArticle {
  blogId: number;
  title: string;
  content?: string;
  about?: string | null;
  problem?: string | null;
  solution?: string | null;
}

/** Creates a breakthrough through the API as the page's signed-in user. */
export async function createArticle(page: Page, article: NewArticle): Promise<number> {
  const res = await page.request.post('/api/article', {
    data: { content: `## ${article.title}\n\nWhat we found.`, ...article },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as CreatedArticle).articleId;
}

/** Posts a fresh breakthrough in the demo blog 32 (dana-kim's) as the page's signed-in user. */
export const writeArticle = (page: Page, title: string): Promise<number> =>
  createArticle(page, { blogId: 32, title });

/** Creates a blog through the API as the page's signed-in user. */
export async function createBlog(
  page: Page,
  blog: { blogName: string; description: string; repo: string; blogMember?: string[] },
): Promise<number> {
  const origin = new URL(page.url()).origin;
  const res = await page.request.post('/api/blog', {
    data: {
      blogName: blog.blogName,
      description: blog.description,
      gitRepoUrl: `${origin}/__github/${blog.repo}`,
      blogMember: blog.blogMember ?? [],
    },
    headers: { origin },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as CreatedBlog).blog_id;
}

/** A short unique tag for titles, so data from other journeys never matches a search. */
export const uniqueTag = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
export type { DemoAccount };
