import type { Comment } from '@repolog/contract/comments';
import type { Notice } from '@repolog/contract/notifications';
import type { TestApp } from './app.js';
import type { Session } from './factories.js';

/** Adds a comment through the API, as the signed-in `session`. */
export async function postComment(
  t: TestApp,
  session: Pick<Session, 'cookie'>,
  articleId: number,
  content = 'Nice find!',
): Promise<Comment> {
  const res = await t.request({
    method: 'POST',
    url: '/api/comment',
    headers: { cookie: session.cookie },
    payload: { articleId, content },
  });
  if (res.statusCode !== 200) throw new Error(`POST /api/comment -> ${res.statusCode} ${res.body}`);
  return res.json<Comment>();
}

/** The caller's notifications (GET /api/notice, every page). */
export async function noticesOf(t: TestApp, session: Pick<Session, 'cookie'>): Promise<Notice[]> {
  const res = await t.request({
    method: 'GET',
    url: '/api/notice',
    headers: { cookie: session.cookie },
  });
  if (res.statusCode !== 200) throw new Error(`GET /api/notice -> ${res.statusCode} ${res.body}`);
  return res.json<Notice[]>();
}

/** The caller's unread count (GET /api/notice/count). */
export async function unreadCountOf(t: TestApp, session: Pick<Session, 'cookie'>): Promise<number> {
  const res = await t.request({
    method: 'GET',
    url: '/api/notice/count',
    headers: { cookie: session.cookie },
  });
  if (res.statusCode !== 200) {
    throw new Error(`GET /api/notice/count -> ${res.statusCode} ${res.body}`);
  }
  return res.json<{ unreadCount: number }>().unreadCount;
}
