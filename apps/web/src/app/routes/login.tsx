import { AUTHORIZE_PATH } from '@repolog/contract/constants';
import { ButtonLink } from '../../components/ui/button';
import { i18n, useMessages } from '../../i18n';
import styles from './login.module.css';
import { useDocumentTitle } from '../../lib/use-document-title';

const messages = i18n('loginPage', {
  title: 'Log in',
  back: '← Back to home',
  join: 'Join Repolog',
  lead: 'Sign up or log in with your GitHub account and turn your repositories into a team tech blog.',
  continueWithGithub: 'Continue with GitHub',
  signInWithGithub: 'Sign in with GitHub',
});

/**
 * /login: a back-to-home button and a join card. Both the card and the plain text link send
 * the browser to the server, which redirects on to GitHub's OAuth authorize page.
 */
export function LoginPage() {
  const t = useMessages(messages);
  useDocumentTitle(t.title);
  return (
    <main className="page">
      <div className={`container ${styles.wrap}`}>
        <ButtonLink to="/home" variant="secondary" className={styles.back}>
          {t.back}
        </ButtonLink>
        <a className={styles.card} href={AUTHORIZE_PATH}>
          <h1>{t.join}</h1>
          <p>{t.lead}</p>
          <span className={styles.github}>
            <svg viewBox="0 0 16 16" fill="currentColor" aria-hidden="true">
              <path d="M8 0C3.58 0 0 3.58 0 8c0 3.54 2.29 6.53 5.47 7.59.4.07.55-.17.55-.38 0-.19-.01-.82-.01-1.49-2.01.37-2.53-.49-2.69-.94-.09-.23-.48-.94-.82-1.13-.28-.15-.68-.52-.01-.53.63-.01 1.08.58 1.23.82.72 1.21 1.87.87 2.33.66.07-.52.28-.87.51-1.07-1.78-.2-3.64-.89-3.64-3.95 0-.87.31-1.59.82-2.15-.08-.2-.36-1.02.08-2.12 0 0 .67-.21 2.2.82.64-.18 1.32-.27 2-.27.68 0 1.36.09 2 .27 1.53-1.04 2.2-.82 2.2-.82.44 1.1.16 1.92.08 2.12.51.56.82 1.27.82 2.15 0 3.07-1.87 3.75-3.65 3.95.29.25.54.73.54 1.48 0 1.07-.01 1.93-.01 2.2 0 .21.15.46.55.38A8.013 8.013 0 0 0 16 8c0-4.42-3.58-8-8-8z" />
            </svg>
            {t.continueWithGithub}
          </span>
        </a>
        <a className={styles.textLink} href={AUTHORIZE_PATH}>
          {t.signInWithGithub}
        </a>
      </div>
    </main>
  );
}
