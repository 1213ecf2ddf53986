import { Link } from 'react-router';
import { i18n, useMessages } from '../../../i18n';
import styles from './blog-view.module.css';

const messages = i18n('blogMembers', {
  title: 'Project Members',
  owner: 'owner',
});

/** 'Project Members': the blog's GitHub logins (links to their profiles), the owner first. */
export function BlogMembers({ members, owner }: { members: string[]; owner: string }) {
  const t = useMessages(messages);
  const sorted = [...members].sort((a, b) =>
    a === owner ? -1 : b === owner ? 1 : a.localeCompare(b),
  );
  return (
    <section className={styles.panel} aria-labelledby="project-members">
      <h2 id="project-members" className={styles.panelTitle}>
        {t.title}
      </h2>
      <ul className={styles.members}>
        {sorted.map((login) => (
          <li key={login} className={styles.member}>
            <span className={styles.memberAvatar} aria-hidden="true">
              {login.charAt(0).toUpperCase()}
            </span>
            <span className={styles.memberName}>
              <Link to={`/user/${login}`}>{login}</Link>
            </span>
            {login === owner && <span className={styles.ownerTag}>{t.owner}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
