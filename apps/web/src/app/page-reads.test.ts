import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetEarlyReads } from '../lib/api-client';
import { LOGGED_IN_COOKIE, removeCookie, setLoggedInCookie } from '../lib/cookies';
import { startPageReads } from './page-reads';

describe("a page's first reads", () => {
  const asked: string[] = [];

  beforeEach(() => {
    asked.length = 0;
    forgetEarlyReads();
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        asked.push(url);
        return Promise.resolve(new Response('{}', { status: 200 }));
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    removeCookie(LOGGED_IN_COOKIE);
  });

  const open = (address: string) => {
    const url = new URL(address, 'http://localhost');
    startPageReads({ pathname: url.pathname, search: url.search });
  };

  it("start together on a member's write page: the session, the blog and its drafts", () => {
    setLoggedInCookie();
    open('/blog/32/breakthrough/write');
    expect(asked).toEqual(['/api/auth/status', '/api/blog/non-member/32', '/api/blog/32/drafts']);
  });

  it('ask for the draft the write page resumes instead of the drafts it offers', () => {
    setLoggedInCookie();
    open('/blog/32/breakthrough/write?draft=7');
    expect(asked).toEqual(['/api/auth/status', '/api/blog/non-member/32', '/api/draft/7']);
  });

  it('start with the breakthrough on its edit page', () => {
    setLoggedInCookie();
    open('/breakthrough/25/edit');
    expect(asked).toEqual(['/api/auth/status', '/api/article/breakthrough/25']);
  });

  it("start with the member's blogs on the workspace", () => {
    setLoggedInCookie();
    open('/workspace');
    expect(asked).toEqual(['/api/auth/status', '/api/blog']);
  });

  it("start together on the moderators' page: the session, the queue and the log", () => {
    setLoggedInCookie();
    open('/admin');
    expect(asked).toEqual(['/api/auth/status', '/api/admin/reports', '/api/admin/audit']);
  });

  it("are only the session's for a visitor, for another page, or for an address with no id", () => {
    open('/blog/32/breakthrough/write');
    setLoggedInCookie();
    forgetEarlyReads();
    open('/notification');
    forgetEarlyReads();
    open('/blog/abc/breakthrough/write');
    expect(asked).toEqual(['/api/auth/status', '/api/auth/status', '/api/auth/status']);
  });
});
