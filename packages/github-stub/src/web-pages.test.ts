import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStub } from './test-utils';
import { api, startStub } from './test-utils';

let s: RunningStub;
beforeAll(async () => {
  s = await startStub();
});
afterAll(() => s.close());

/** Every href on a page, resolved the way a browser would. */
function resolvedLinks(html: string, pageUrl: string): string[] {
  return [...html.matchAll(/href="([^"]+)"/g)].map((m) =>
    new URL((m[1] ?? '').replaceAll('&amp;', '&'), pageUrl).toString(),
  );
}

describe('web pages behind html_url', () => {
  it('every html_url the API hands out for a repository leads to a page', async () => {
    const repo = (await (await api(s.url, '/repos/repolog-team/backend')).json()) as {
      html_url: string;
    };
    const commits = (await (await api(s.url, '/repos/repolog-team/backend/commits')).json()) as {
      html_url: string;
      commit: { message: string };
    }[];
    const repoPage = await fetch(repo.html_url);
    expect(repoPage.status).toBe(200);
    const html = await repoPage.text();
    expect(html).toContain('Fix N+1 query on the feed endpoint');
    expect(html).not.toMatch(/href="\//);
    const links = resolvedLinks(html, repo.html_url);
    expect(links).toContain(commits[0]?.html_url);
    expect(links).toContain(`${s.url}/repolog-team/backend/pull/2`);

    const commitPage = await fetch(commits[0]?.html_url ?? '');
    expect(await commitPage.text()).toContain(commits[0]?.commit.message);
  });

  it('answers unknown pages with 404', async () => {
    expect((await fetch(`${s.url}/nobody/nothing`)).status).toBe(404);
    expect((await fetch(`${s.url}/repolog-team/backend/issues/999`)).status).toBe(404);
    expect((await fetch(`${s.url}/repolog-team/backend/pull/1`)).status).toBe(404);
    expect((await fetch(`${s.url}/avatars/u/42`)).status).toBe(404);
  });
});
