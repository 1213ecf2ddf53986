import { eq } from 'drizzle-orm';
import type { EmailSettings } from '@repolog/contract/email';
import { emailSettings } from '../db/schema.js';
import type { TestApp } from './app.js';
import type { Session } from './factories.js';

/** Gives a user the address GitHub would have given at sign-in (and a language). */
export async function giveAddress(
  t: TestApp,
  userId: number,
  address: string,
  language: 'en' | 'ko' = 'en',
): Promise<void> {
  await t.database.db
    .insert(emailSettings)
    .values({ userId, githubAddress: address, language })
    .onConflictDoUpdate({
      target: emailSettings.userId,
      set: { githubAddress: address, language },
    });
}

export async function emailSettingsOf(
  t: TestApp,
  session: Pick<Session, 'cookie'>,
): Promise<EmailSettings> {
  const res = await t.request({
    method: 'GET',
    url: '/api/settings/email',
    headers: { cookie: session.cookie },
  });
  if (res.statusCode !== 200) throw new Error(`GET /api/settings/email -> ${res.body}`);
  return res.json<EmailSettings>();
}

export async function setPreferences(
  t: TestApp,
  session: Pick<Session, 'cookie'>,
  payload: Record<string, unknown>,
): Promise<EmailSettings> {
  const res = await t.request({
    method: 'PUT',
    url: '/api/settings/email',
    headers: { cookie: session.cookie },
    payload,
  });
  if (res.statusCode !== 200) throw new Error(`PUT /api/settings/email -> ${res.body}`);
  return res.json<EmailSettings>();
}

export async function storedSettings(t: TestApp, userId: number) {
  const [row] = await t.database.db
    .select()
    .from(emailSettings)
    .where(eq(emailSettings.userId, userId));
  return row;
}
