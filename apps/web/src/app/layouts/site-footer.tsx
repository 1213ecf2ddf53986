import { OFFICIAL_BLOG_ID } from '@repolog/contract/constants';
import { Link } from 'react-router';
import styles from './site-footer.module.css';

/** Footer of spec §2: copyright, Terms, Privacy, Security, Official and 'South Korea'. */
export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.inner}`}>
        <p>© {new Date().getFullYear()} Repolog. All rights reserved.</p>
        <ul className={styles.links}>
          <li>Terms</li>
          <li>Privacy</li>
          <li>Security</li>
          <li>
            <Link to={`/blog/${OFFICIAL_BLOG_ID}`}>Official</Link>
          </li>
          <li>South Korea</li>
        </ul>
      </div>
    </footer>
  );
}
