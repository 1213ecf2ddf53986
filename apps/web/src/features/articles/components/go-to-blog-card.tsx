import { ButtonLink } from '../../../components/ui/button';
import styles from './article-view.module.css';

/** The 'go to blog' card at the end of an article (spec §2). */
export function GoToBlogCard({ blogId, blogName }: { blogId: number; blogName: string }) {
  return (
    <aside className={styles.blogCard} aria-label="About the blog">
      <p>
        If you are curious about which blog this article is from,
        <span className={styles.blogCardName}> {blogName}</span>
      </p>
      <ButtonLink to={`/blog/${blogId}`}>Go To See</ButtonLink>
    </aside>
  );
}
