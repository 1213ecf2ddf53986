import { ButtonLink } from '../../../components/ui/button';
import { i18n, useMessages } from '../../../i18n';
import styles from './article-view.module.css';

const messages = i18n('goToBlogCard', {
  label: 'About the blog',
  curious: 'If you are curious about which blog this article is from,',
  go: 'Go To See',
});

/** The 'go to blog' card at the end of an article (spec §2). */
export function GoToBlogCard({ blogId, blogName }: { blogId: number; blogName: string }) {
  const t = useMessages(messages);
  return (
    <aside className={styles.blogCard} aria-label={t.label}>
      <p>
        {t.curious}
        <span className={styles.blogCardName}> {blogName}</span>
      </p>
      <ButtonLink to={`/blog/${blogId}`}>{t.go}</ButtonLink>
    </aside>
  );
}
