import { ButtonLink } from '../../components/ui/button';
import { i18n, useMessages } from '../../i18n';
import styles from './start.module.css';
import { useDocumentTitle } from '../../lib/use-document-title';

const messages = i18n('startPage', {
  welcome: 'Welcome to Repolog',
  heading: 'Turn your repository into a real-time collaborative tech blog',
  lead: "Repolog turns the issues, pull requests and commits of your team's repository into short articles called breakthroughs — written together, read by everyone.",
  enter: 'Enter',
  developersTitle: 'Tailored for developers',
  developersText:
    'Every blog is linked to a GitHub repository, so your writing lives right next to your code.',
  storytellingTitle: 'Team pull-request storytelling',
  storytellingText:
    'Import issues, pull requests and commits as the problem and solution of each breakthrough.',
  teamTitle: 'Team-based blog operation',
  teamText: 'Invite contributors from the repository and run the blog together as a team.',
});

/** The three benefit cards: an icon and the keys of their texts. */
const BENEFITS = [
  { icon: '⌘', title: 'developersTitle', text: 'developersText' },
  { icon: '⇄', title: 'storytellingTitle', text: 'storytellingText' },
  { icon: '👥', title: 'teamTitle', text: 'teamText' },
] as const;

/** The start page (/): welcome text, three benefit cards and the 'Enter' link. */
export function StartPage() {
  const t = useMessages(messages);
  useDocumentTitle(null);
  return (
    <main className="page">
      <div className="container">
        <section className={styles.hero}>
          <span className={styles.eyebrow}>{t.welcome}</span>
          <h1 className={styles.title}>{t.heading}</h1>
          <p className={styles.lead}>{t.lead}</p>
          <ButtonLink to="/home" className={styles.enter}>
            {t.enter}
          </ButtonLink>
          <ul className={styles.cards}>
            {BENEFITS.map((benefit) => (
              <li key={benefit.title} className={styles.card}>
                <span className={styles.cardIcon} aria-hidden="true">
                  {benefit.icon}
                </span>
                <h2>{t[benefit.title]}</h2>
                <p>{t[benefit.text]}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </main>
  );
}
