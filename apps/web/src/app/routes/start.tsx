import { ButtonLink } from '../../components/ui/button';
import styles from './start.module.css';
import { useDocumentTitle } from '../../lib/use-document-title';

const BENEFITS = [
  {
    icon: '⌘',
    title: 'Tailored for developers',
    text: 'Every blog is linked to a GitHub repository, so your writing lives right next to your code.',
  },
  {
    icon: '⇄',
    title: 'Team pull-request storytelling',
    text: 'Import issues, pull requests and commits as the problem and solution of each breakthrough.',
  },
  {
    icon: '👥',
    title: 'Team-based blog operation',
    text: 'Invite contributors from the repository and run the blog together as a team.',
  },
] as const;

/** The start page (/): welcome text, three benefit cards and the 'Enter' link. */
export function StartPage() {
  useDocumentTitle(null);
  return (
    <main className="page">
      <div className="container">
        <section className={styles.hero}>
          <span className={styles.eyebrow}>Welcome to Repolog</span>
          <h1 className={styles.title}>
            Turn your repository into a real-time collaborative tech blog
          </h1>
          <p className={styles.lead}>
            Repolog turns the issues, pull requests and commits of your team's repository into short
            articles called breakthroughs — written together, read by everyone.
          </p>
          <ButtonLink to="/home" className={styles.enter}>
            Enter
          </ButtonLink>
          <ul className={styles.cards}>
            {BENEFITS.map((benefit) => (
              <li key={benefit.title} className={styles.card}>
                <span className={styles.cardIcon} aria-hidden="true">
                  {benefit.icon}
                </span>
                <h2>{benefit.title}</h2>
                <p>{benefit.text}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </main>
  );
}
