import { OFFICIAL_BLOG_ID } from '@repolog/contract/constants';
import { Link } from 'react-router';
import { i18n, useMessages } from '../../i18n';
import { LanguageSwitch } from '../../i18n/language-switch';
import styles from './site-footer.module.css';

const messages = i18n('siteFooter', {
  rights: 'All rights reserved.',
  terms: 'Terms',
  privacy: 'Privacy',
  security: 'Security',
  official: 'Official',
  country: 'South Korea',
});

/**
 * Footer of spec §2: copyright, Terms, Privacy, Security, Official and 'South Korea'; and the
 * interface's language switch.
 */
export function SiteFooter() {
  const t = useMessages(messages);
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.inner}`}>
        <p>
          © {new Date().getFullYear()} Repolog. {t.rights}
        </p>
        <ul className={styles.links}>
          <li>{t.terms}</li>
          <li>{t.privacy}</li>
          <li>{t.security}</li>
          <li>
            <Link to={`/blog/${OFFICIAL_BLOG_ID}`}>{t.official}</Link>
          </li>
          <li>{t.country}</li>
        </ul>
        <LanguageSwitch className={styles.languages} />
      </div>
    </footer>
  );
}
