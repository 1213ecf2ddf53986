import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { renderBody } from '../articles/render-body.js';
import { randomToken, sha256, TokenKeys } from '../auth/tokens.js';
import {
  articleCoauthors,
  articles,
  blogMembers,
  blogs,
  githubTokens,
  refreshTokens,
  sessions,
  users,
} from '../db/schema.js';
import type { TestApp } from './app.js';

export type UserRow = typeof users.$inferSelect;
export type BlogRow = typeof blogs.$inferSelect;
export type ArticleRow = typeof articles.$inferSelect;

let sequence = 0;
const next = () => {
  sequence += 1;
  return sequence;
};

/** A signed-up user that exists only in Repolog's database (no GitHub calls needed). */
export async function createUser(
  t: TestApp,
  overrides: Partial<{ userName: string; githubId: number; signedUp: boolean }> = {},
): Promise<UserRow> {
  const n = next();
  const [row] = await t.database.db
    .insert(users)
    .values({
      githubId: overrides.githubId ?? 9_000_000 + n + Math.floor(Math.random() * 1_000_000),
      userName:
        overrides.userName ??
        `user-${n}-${randomToken(3)
          .toLowerCase()
          .replace(/[^a-z0-9]/g, 'x')}`,
      signedUpAt: overrides.signedUp === false ? null : new Date(),
    })
    .returning();
  if (!row) throw new Error('no user row');
  return row;
}

export interface Session {
  userId: number;
  userName: string;
  /** Cookie header value carrying accessToken and refreshToken. */
  cookie: string;
  accessToken: string;
  refreshToken: string;
}

/** Opens a session for a user directly (no OAuth dance) and returns its cookies. */
export async function signIn(t: TestApp, user: Pick<UserRow, 'id' | 'userName'>): Promise<Session> {
  const keys = new TokenKeys(t.config.secret);
  const sessionId = randomUUID();
  await t.database.db.insert(sessions).values({ id: sessionId, userId: user.id });
  const refreshToken = randomToken();
  await t.database.db.insert(refreshTokens).values({
    tokenHash: sha256(refreshToken),
    sessionId,
    expiresAt: new Date(Date.now() + 7 * 86_400_000),
  });
  const accessToken = keys.signAccess({ sub: user.id, sid: sessionId, name: user.userName });
  return {
    userId: user.id,
    userName: user.userName,
    accessToken,
    refreshToken,
    cookie: `accessToken=${accessToken}; refreshToken=${refreshToken}`,
  };
}

/** Reads Set-Cookie values from a response into name -> value (empty value = cleared). */
export function cookiesOf(res: LightMyRequestResponse): Record<string, string> {
  const out: Record<string, string> = {};
  for (const cookie of res.cookies) out[cookie.name] = cookie.value;
  return out;
}

/**
 * Signs in through the real OAuth flow against the GitHub stand-in, as a browser would:
 * /api/auth/github/authorize -> stand-in's authorize form -> POST /api/auth/github.
 * Stores the user's GitHub token, so calls that ask GitHub on their behalf work.
 */
export async function loginWithGitHub(t: TestApp, login: string): Promise<Session> {
  const start = await t.request({ method: 'GET', url: '/api/auth/github/authorize' });
  if (start.statusCode !== 302) throw new Error(`authorize answered ${start.statusCode}`);
  const oauthCookie = start.cookies.find((c) => c.name === 'oauthState');
  if (!oauthCookie) throw new Error('no oauthState cookie');
  const authorize = new URL(String(start.headers.location));
  const internal = t.app.demoGitHub?.internalUrl;
  if (!internal) throw new Error('no stand-in');
  const form = new URLSearchParams({
    client_id: authorize.searchParams.get('client_id') ?? '',
    redirect_uri: authorize.searchParams.get('redirect_uri') ?? '',
    state: authorize.searchParams.get('state') ?? '',
    scope: authorize.searchParams.get('scope') ?? '',
    code_challenge: authorize.searchParams.get('code_challenge') ?? '',
    code_challenge_method: 'S256',
    login,
  });
  const chosen = await fetch(`${internal}/login/oauth/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
    redirect: 'manual',
  });
  const back = new URL(chosen.headers.get('location') ?? '');
  const code = back.searchParams.get('code');
  const state = back.searchParams.get('state');
  if (!code || !state) throw new Error(`the stand-in did not return a code (${chosen.status})`);
  const done = await t.request({
    method: 'POST',
    url: '/api/auth/github',
    headers: { cookie: `oauthState=${oauthCookie.value}` },
    payload: { code, state },
  });
  if (done.statusCode !== 200) throw new Error(`login answered ${done.statusCode}: ${done.body}`);
  const cookies = cookiesOf(done);
  const body = done.json<{ userId: number; userName: string }>();
  const accessToken = cookies.accessToken ?? '';
  const refreshToken = cookies.refreshToken ?? '';
  return {
    ...body,
    accessToken,
    refreshToken,
    cookie: `accessToken=${accessToken}; refreshToken=${refreshToken}`,
  };
}

/** A blog owned by `owner`, with the owner and `members` as members. No GitHub call. */
export async function createBlog(
  t: TestApp,
  options: {
    owner: Pick<UserRow, 'id'>;
    members?: Pick<UserRow, 'id'>[];
    name?: string;
    description?: string;
    repo?: string;
    private?: boolean;
    id?: number;
  },
): Promise<BlogRow> {
  const n = next();
  const repo = options.repo ?? `team-${n}/project-${n}`;
  const [blog] = await t.database.db
    .insert(blogs)
    .values({
      ...(options.id ? { id: options.id } : {}),
      name: options.name ?? `Blog ${n}`,
      description: options.description ?? `What team ${n} learned`,
      gitRepoUrl: `${t.config.publicUrl}/__github/${repo}`,
      repoKey: repo.toLowerCase(),
      repoPrivate: options.private ?? false,
      ownerId: options.owner.id,
    })
    .returning();
  if (!blog) throw new Error('no blog row');
  const memberIds = [options.owner.id, ...(options.members ?? []).map((m) => m.id)];
  let offset = 0;
  for (const userId of new Set(memberIds)) {
    offset += 1;
    await t.database.db
      .insert(blogMembers)
      .values({ blogId: blog.id, userId, addedAt: new Date(Date.now() - 60_000 + offset) });
  }
  if (options.id) {
    await t.database.db.execute(
      sql`SELECT setval(pg_get_serial_sequence('blogs', 'id'), (SELECT max(id) FROM blogs))`,
    );
  }
  return blog;
}

/** An article in `blog` by `author`. */
export async function createArticle(
  t: TestApp,
  options: {
    blog: Pick<BlogRow, 'id'>;
    author: Pick<UserRow, 'id'> | null;
    title?: string;
    content?: string;
    about?: string | null;
    problem?: string | null;
    solution?: string | null;
    createdAt?: Date;
    /** false: stored without its rendering, as seeds and older versions leave rows. */
    rendered?: boolean;
    /** Members who co-wrote it (live co-editing records them when a draft is posted). */
    coauthors?: Pick<UserRow, 'id'>[];
  },
): Promise<ArticleRow> {
  const n = next();
  const createdAt = options.createdAt ?? new Date();
  const content = options.content ?? `# Breakthrough ${n}\n\nWhat we found.`;
  const body = options.rendered === false ? undefined : renderBody(content);
  const [article] = await t.database.db
    .insert(articles)
    .values({
      blogId: options.blog.id,
      authorId: options.author?.id ?? null,
      title: options.title ?? `Breakthrough ${n}`,
      content,
      ...(body
        ? { contentHtml: body.html, contentText: body.text, renderVersion: body.version }
        : {}),
      about: options.about ?? null,
      problem: options.problem ?? null,
      solution: options.solution ?? null,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  if (!article) throw new Error('no article row');
  if (options.coauthors?.length) {
    await t.database.db
      .insert(articleCoauthors)
      .values(options.coauthors.map((user) => ({ articleId: article.id, userId: user.id })));
  }
  return article;
}

/** Stores a (fake) GitHub token for a user created with createUser. */
export async function giveGithubToken(t: TestApp, userId: number, token: string): Promise<void> {
  const keys = new TokenKeys(t.config.secret);
  await t.database.db
    .insert(githubTokens)
    .values({ userId, ciphertext: keys.encrypt(token), scope: 'repo' });
}
