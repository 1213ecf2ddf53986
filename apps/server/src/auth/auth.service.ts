import { randomUUID } from 'node:crypto';
import type { CurrentUser } from '@repolog/contract/auth';
import type { UiLanguage } from '@repolog/contract/locale';
import type { Actor } from '@repolog/contract/permissions';
import type { SignInListener } from '../deps.js';
import { AppError, badRequest, notFound } from '../errors.js';
import { GitHubError, type GitHubClient } from '../github/github.public.js';
import type { CacheSync } from '../plugins/cache-sync.js';
import type { UserAccounts } from '../users/users.public.js';
import type { CdnPurge } from '../plugins/cdn-purge.js';
import type { AuthRepository } from './auth.repository.js';
import type { SessionEnds } from './session-ends.js';
import {
  pkceChallenge,
  randomToken,
  REFRESH_TOKEN_TTL_S,
  safeEqual,
  sha256,
  type TokenKeys,
} from './tokens.js';

/** Two tabs refreshing at once send the same token; within this window that is not theft. */
export const REFRESH_RACE_WINDOW_MS = 10_000;

export interface IssuedSession {
  access: string;
  /** Absent when only the access token was renewed (the refresh race window). */
  refresh?: string;
}

export interface AuthServiceDeps {
  keys: TokenKeys;
  repo: AuthRepository;
  users: UserAccounts;
  github: GitHubClient;
  /** Tells every instance when sessions end (their caches and live streams). */
  sessionEnds: Pick<SessionEnds, 'ended'>;
  /** PUBLIC_URL; the OAuth callback is PUBLIC_URL/github. */
  publicUrl: string;
  /** Drops cached and stored views that showed a deleted account (every instance). */
  cacheSync: Pick<CacheSync, 'changed'>;
  /** Told of each sign-in (email reads the account's address with the token). */
  signIns?: readonly SignInListener[];
  onError?: (error: unknown) => void;
  /** Purges the CDN's copies of a deleted account's profile. */
  cdn?: Pick<CdnPurge, 'purge'>;
  now?: () => Date;
}

const refreshRefused = () => new AppError('unauthenticated', 'auth.sessionEnded');

/** Sign-in with GitHub, sessions with rotating refresh tokens, logout and account deletion. */
export function authService(deps: AuthServiceDeps) {
  const { keys, repo, users, github, sessionEnds } = deps;
  const revoke = async (sessionId: string, at: Date) => {
    await repo.revokeSession(sessionId, at);
    sessionEnds.ended({ sessionIds: [sessionId] });
  };
  const now = deps.now ?? (() => new Date());
  const redirectUri = `${deps.publicUrl}/github`;

  async function issue(
    sessionId: string,
    userId: number,
    userName: string,
  ): Promise<IssuedSession> {
    const refresh = randomToken();
    const expiresAt = new Date(now().getTime() + REFRESH_TOKEN_TTL_S * 1000);
    await repo.insertRefreshToken(sha256(refresh), sessionId, expiresAt);
    return { access: keys.signAccess({ sub: userId, sid: sessionId, name: userName }), refresh };
  }

  return {
    /** Where to send the browser, and the state + PKCE verifier to remember in a cookie. */
    startLogin(): { url: string; cookie: string } {
      const state = randomToken(24);
      const verifier = randomToken(48);
      return {
        url: github.authorizeUrl({ state, codeChallenge: pkceChallenge(verifier), redirectUri }),
        cookie: `${state}.${verifier}`,
      };
    },

    /** The /github page's call: checks state, trades the code, upserts the user, opens a session. */
    async completeLogin(
      input: { code: string; state: string },
      cookie: string | undefined,
      userAgent: string | null,
      language: UiLanguage = 'en',
    ): Promise<IssuedSession & { userId: number; userName: string }> {
      const [expectedState, verifier] = (cookie ?? '').split('.');
      if (!expectedState || !verifier || !safeEqual(expectedState, input.state)) {
        throw badRequest('auth.stateMismatch');
      }
      let accessToken: string;
      let scope: string;
      let viewer;
      try {
        ({ accessToken, scope } = await github.exchangeCode({
          code: input.code,
          codeVerifier: verifier,
          redirectUri,
        }));
        viewer = await github.getViewer(accessToken);
      } catch (error) {
        if (error instanceof GitHubError && error.kind === 'unauthorized') {
          throw badRequest('auth.githubRefused', { detail: error.message });
        }
        throw new AppError('github_unavailable', 'auth.githubUnavailable');
      }
      const user = await users.upsertGithubUser(
        {
          githubId: viewer.id,
          login: viewer.login,
          name: viewer.name,
          avatarUrl: viewer.avatarUrl,
          createdAt: viewer.createdAt ?? null,
          publicActivity: viewer.publicActivity ?? null,
        },
        true,
      );
      await repo.saveGithubToken(user.id, keys.encrypt(accessToken), scope);
      for (const listener of deps.signIns ?? []) {
        await listener({ userId: user.id, githubToken: accessToken, language }).catch(
          (error: unknown) => deps.onError?.(error),
        );
      }
      const sessionId = randomUUID();
      await repo.createSession(sessionId, user.id, userAgent);
      return {
        ...(await issue(sessionId, user.id, user.userName)),
        userId: user.id,
        userName: user.userName,
      };
    },

    /**
     * Rotates a refresh token. A token used twice is theft (its whole session is revoked),
     * unless the second use comes within seconds of the first — two tabs racing — in which
     * case only a new access token is issued.
     */
    async refresh(refreshToken: string | undefined): Promise<IssuedSession> {
      if (!refreshToken) throw refreshRefused();
      const hash = sha256(refreshToken);
      const at = now();
      const found = await repo.lookupRefreshToken(hash, at);
      if (found.state === 'unknown' || found.state === 'expired' || found.state === 'revoked')
        throw refreshRefused();
      const session = await repo.findActiveSession(found.sessionId);
      if (!session) throw refreshRefused();
      if (found.state === 'used') {
        if (found.usedAt && at.getTime() - found.usedAt.getTime() <= REFRESH_RACE_WINDOW_MS) {
          return {
            access: keys.signAccess({
              sub: session.userId,
              sid: session.sessionId,
              name: session.userName,
            }),
          };
        }
        await revoke(found.sessionId, at);
        throw refreshRefused();
      }
      if (!(await repo.markRefreshTokenUsed(hash, at))) {
        // Lost a race with another request using the same token an instant ago.
        return {
          access: keys.signAccess({
            sub: session.userId,
            sid: session.sessionId,
            name: session.userName,
          }),
        };
      }
      await repo.touchSession(session.sessionId, at);
      return issue(session.sessionId, session.userId, session.userName);
    },

    /** Ends the session named by the access token, or failing that by the refresh token. */
    async logout(sessionId: string | null, refreshToken: string | undefined): Promise<void> {
      let id = sessionId;
      if (!id && refreshToken) {
        const found = await repo.lookupRefreshToken(sha256(refreshToken), now());
        if (found.state !== 'unknown') id = found.sessionId;
      }
      if (id) await revoke(id, now());
    },

    async info(actor: Actor): Promise<CurrentUser> {
      const user = await users.findById(actor.userId);
      if (!user) throw notFound('auth.accountGone');
      return { userId: user.id, userName: user.userName, avatarUrl: user.avatarUrl };
    },

    /** Deletes the account; every session of it ends with it. */
    async deleteAccount(actor: Actor): Promise<void> {
      const removal = await users.deleteAccount(actor.userId);
      // Its sessions went with it (cascade); no instance may still believe one of them.
      sessionEnds.ended({ userId: actor.userId });
      // Pages that showed its comments, its name or its memberships show them no more.
      const { cacheSync } = deps;
      for (const id of removal.shown.commentsOn) cacheSync.changed('comments', String(id));
      for (const id of removal.shown.articles) cacheSync.changed('article', String(id));
      for (const id of new Set([...removal.shown.blogs, ...removal.transferred])) {
        cacheSync.changed('blog', String(id));
      }
      deps.cdn?.purge([`user:${actor.userName.toLowerCase()}`]);
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
