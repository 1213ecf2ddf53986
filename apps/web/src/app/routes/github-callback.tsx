import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { LoginResult } from '@repolog/contract/auth';
import { api } from '../../lib/api-client';
import { isLoggedInCookieSet, setLoggedInCookie } from '../../lib/cookies';
import { authKeys, authStatusQuery } from '../../lib/auth';
import { useSession } from '../../lib/use-session';
import { i18n, useMessages } from '../../i18n';
import { useDocumentTitle } from '../../lib/use-document-title';

const messages = i18n('githubCallbackPage', { title: 'Signing in' });

/**
 * /github, the OAuth callback (spec §2): already signed in -> /home; otherwise hand the code
 * and state to the server, set the logged-in cookie and go to /home; on failure go to /login.
 */
export function GithubCallbackPage() {
  const t = useMessages(messages);
  useDocumentTitle(t.title);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const [loading, setLoading] = useState(true);
  const started = useRef(false);

  useEffect(() => {
    if (session.status === 'unknown' || started.current) return;
    started.current = true;
    if (session.status === 'in') {
      void navigate('/home', { replace: true });
      return;
    }
    const code = params.get('code');
    const state = params.get('state');
    if (!code || !state) {
      void navigate('/login', { replace: true });
      return;
    }
    api<LoginResult>('/api/auth/github', { method: 'POST', body: { code, state }, noRefresh: true })
      .then(async (result) => {
        setLoading(false);
        setLoggedInCookie();
        queryClient.setQueryData(authStatusQuery.queryKey, {
          loggedIn: true,
          message: 'Logged in',
          userId: result.userId,
          userName: result.userName,
        });
        await queryClient.invalidateQueries({ queryKey: authKeys.all });
        void navigate(isLoggedInCookieSet() ? '/home' : '/login', { replace: true });
      })
      .catch((error: unknown) => {
        console.error('GitHub login failed', error);
        void navigate('/login', { replace: true });
      });
  }, [session.status, params, navigate, queryClient]);

  return (
    <main className="page" aria-busy={loading}>
      <div className="container">
        <p role="status">{loading ? '깃허브 인증 진행 중...' : '깃허브 로그인 진행 중...'}</p>
      </div>
    </main>
  );
}
