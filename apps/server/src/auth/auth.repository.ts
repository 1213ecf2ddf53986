import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { githubTokens, refreshTokens, sessions, users } from '../db/schema.js';
import { microcache } from '../plugins/microcache.js';

/**
 * How long a session found active is believed without asking the database again, when a request
 * authenticates. Revocations on this instance (logout, a reused refresh token, account
 * deletion) take effect at once; one made on another instance reaches this one within this time.
 */
export const SESSION_CACHE_MS = 5000;

export interface ActiveSession {
  sessionId: string;
  userId: number;
  userName: string;
}

export type RefreshLookup =
  | { state: 'unknown' }
  | {
      state: 'valid' | 'used' | 'expired' | 'revoked';
      sessionId: string;
      userId: number;
      usedAt: Date | null;
    };

/** Sessions, refresh tokens and stored GitHub tokens. */
export function authRepository(db: Db) {
  const recentSessions = microcache<ActiveSession | undefined>({
    ttlMs: SESSION_CACHE_MS,
    maxKeys: 10_000,
    name: 'sessions',
  });

  const findActiveSession = async (sessionId: string): Promise<ActiveSession | undefined> => {
    const [row] = await db
      .select({ sessionId: sessions.id, userId: users.id, userName: users.userName })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    return row;
  };

  return {
    async createSession(
      sessionId: string,
      userId: number,
      userAgent: string | null,
      tx: Db = db,
    ): Promise<void> {
      await tx.insert(sessions).values({ id: sessionId, userId, userAgent });
    },

    /** The session and its user, when the session is not revoked (always asks the database). */
    findActiveSession,

    /**
     * The same answer for authenticating a request: a session seen in the last
     * SESSION_CACHE_MS is not looked up again, so a page's burst of API calls costs one query.
     */
    recentActiveSession: (sessionId: string): Promise<ActiveSession | undefined> =>
      recentSessions.get(sessionId, () => findActiveSession(sessionId)),

    /** Drops one remembered session (it ended, here or on another instance). */
    forgetRecentSession(sessionId: string): void {
      recentSessions.delete(sessionId);
    },
    /** Drops every remembered session (an account, and all its sessions, went away). */
    forgetRecentSessions(): void {
      recentSessions.clear();
    },

    async insertRefreshToken(
      tokenHash: string,
      sessionId: string,
      expiresAt: Date,
      tx: Db = db,
    ): Promise<void> {
      await tx.insert(refreshTokens).values({ tokenHash, sessionId, expiresAt });
    },

    async lookupRefreshToken(tokenHash: string, now: Date, tx: Db = db): Promise<RefreshLookup> {
      const [row] = await tx
        .select({
          sessionId: refreshTokens.sessionId,
          usedAt: refreshTokens.usedAt,
          expiresAt: refreshTokens.expiresAt,
          revokedAt: sessions.revokedAt,
          userId: sessions.userId,
        })
        .from(refreshTokens)
        .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
        .where(eq(refreshTokens.tokenHash, tokenHash));
      if (!row) return { state: 'unknown' };
      const base = { sessionId: row.sessionId, userId: row.userId, usedAt: row.usedAt };
      if (row.revokedAt) return { state: 'revoked', ...base };
      if (row.usedAt) return { state: 'used', ...base };
      if (row.expiresAt <= now) return { state: 'expired', ...base };
      return { state: 'valid', ...base };
    },

    /** Marks a refresh token used; false when another request used it first (a race). */
    async markRefreshTokenUsed(tokenHash: string, now: Date, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .update(refreshTokens)
        .set({ usedAt: now })
        .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
        .returning({ tokenHash: refreshTokens.tokenHash });
      return rows.length === 1;
    },

    async touchSession(sessionId: string, now: Date, tx: Db = db): Promise<void> {
      await tx.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, sessionId));
    },

    async revokeSession(sessionId: string, now: Date, tx: Db = db): Promise<void> {
      await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
      // The tokens of a revoked session are useless; drop them.
      await tx.delete(refreshTokens).where(eq(refreshTokens.sessionId, sessionId));
      recentSessions.delete(sessionId);
    },

    async saveGithubToken(
      userId: number,
      ciphertext: string,
      scope: string,
      tx: Db = db,
    ): Promise<void> {
      await tx
        .insert(githubTokens)
        .values({ userId, ciphertext, scope })
        .onConflictDoUpdate({
          target: githubTokens.userId,
          set: { ciphertext, scope, updatedAt: sql`now()` },
        });
    },

    async findGithubToken(userId: number, tx: Db = db): Promise<string | undefined> {
      const [row] = await tx
        .select({ ciphertext: githubTokens.ciphertext })
        .from(githubTokens)
        .where(eq(githubTokens.userId, userId));
      return row?.ciphertext;
    },

    /** Removes expired and used refresh tokens older than a day (housekeeping). */
    async pruneRefreshTokens(now: Date): Promise<void> {
      await db
        .delete(refreshTokens)
        .where(
          sql`${refreshTokens.expiresAt} < ${now.toISOString()}::timestamptz OR ${refreshTokens.usedAt} < ${now.toISOString()}::timestamptz - interval '1 day'`,
        );
    },
  };
}

export type AuthRepository = ReturnType<typeof authRepository>;
