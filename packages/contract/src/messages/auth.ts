/** Sessions, signing in with GitHub, accounts and the Origin check (auth/, users/, security). */
export const authMessages = {
  'auth.sessionExpired': 'Your session has expired. Refresh it or log in again.',
  'auth.loginRequired': 'Login is required to access this service. Please log in to continue.',
  'auth.sessionEnded': 'Your session has ended. Please log in again.',
  'auth.stateMismatch':
    'The login state does not match this browser. Please start the login again.',
  'auth.githubRefused': 'GitHub did not accept the login: {detail}',
  'auth.githubUnavailable': 'GitHub could not complete the login right now. Please try again.',
  'auth.accountGone': 'That account no longer exists.',
  'auth.githubTokenMissing': 'Your GitHub authorization is missing. Please log in again.',
  'auth.foreignOrigin': 'This request did not come from a Repolog page (Origin check failed).',
  'users.notFound': "No user with the login '{login}' is known to Repolog.",
} as const;
