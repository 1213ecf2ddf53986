import { expect, type Browser, type Page } from '@playwright/test';
import type { CreatedArticle } from '@repolog/contract/articles';
import type { CreatedBlog } from '@repolog/contract/blogs';
import { loginAs, type DemoAccount } from './session';

/** A signed-in user in a browser context of their own (separate cookies and storage). */
export async function userPage(browser: Browser, login: DemoAccount): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAs(page, login);
  return page;
}

/** A visitor in a fresh browser context. */
export async function visitorPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
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
