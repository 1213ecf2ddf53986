import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SESSION_EXPIRED_MESSAGE } from '../../../lib/api-client';
import {
  LOGGED_IN_COOKIE,
  isLoggedInCookieSet,
  removeCookie,
  setLoggedInCookie,
} from '../../../lib/cookies';
import { authStatusQuery } from '../../../lib/auth';

/**
 * Keeps the isLoggedIn cookie in step with the status call (spec §4). When the status call
 * fails for someone who believed they were signed in, the cookie goes, the expiry alert
 * shows and the page reloads; an anonymous visitor never sees that alert.
 */
export function SessionSync() {
  const { data, isError } = useQuery(authStatusQuery);
  useEffect(() => {
    if (data?.loggedIn) setLoggedInCookie();
    else if (data) removeCookie(LOGGED_IN_COOKIE);
  }, [data]);
  useEffect(() => {
    if (!isError || !isLoggedInCookieSet()) return;
    removeCookie(LOGGED_IN_COOKIE);
    window.alert(SESSION_EXPIRED_MESSAGE);
    window.location.reload();
  }, [isError]);
  return null;
}
