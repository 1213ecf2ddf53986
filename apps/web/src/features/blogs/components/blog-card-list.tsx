import type { BlogCard } from '@repolog/contract/blogs';
import { Link } from 'react-router';
import styles from './blog-card-list.module.css';

/** Blogs as cards: name and description, each opening /blog/{id}. */
export function BlogCardList({ blogs, compact }: { blogs: BlogCard[]; compact?: boolean }) {
  return (
    <ul className={`${styles.list} ${compact ? styles.compact : ''}`}>
      {blogs.map((blog) => (
        <li key={blog.blog_id}>
          <Link to={`/blog/${blog.blog_id}`} className={styles.card}>
            <span className={styles.avatar} aria-hidden="true">
              {blog.blog_name.trim().charAt(0).toUpperCase() || '·'}
            </span>
            <span className={styles.text}>
              <span className={`${styles.name} clamp-2`}>{blog.blog_name}</span>{' '}
              <span className={`${styles.description} clamp-2`}>{blog.description}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
