import { useQuery } from '@tanstack/react-query';
import type { UserProfile as Profile } from '@repolog/contract/users';
import { Link } from 'react-router';
import { i18n, useLocale, useMessages } from '../../../i18n';
import type { ApiError } from '../../../lib/api-client';
import { island } from '../../../lib/island';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { userProfileQuery } from '../api/user-profile';
import { isLogin, profileName } from '../lib/profile-page';
import styles from './user-profile.module.css';

const messages = i18n('userProfile', {
  notFoundTitle: 'User not found',
  title: 'User',
  notFound: 'User not found.',
  failed: 'This profile could not be loaded.',
  loading: 'Loading…',
  blogs: 'Blogs',
  noBlogs: 'Not a member of any blog yet.',
  owner: 'owner',
  breakthroughs: 'Breakthroughs',
  likesReceived: 'Likes received',
  comments: 'Comments',
});

// Public page: its code counts against the first-load budget, so the markup leans on the
// stylesheet's element selectors rather than a class per element, and the breakthroughs (the
// list, its pages) are an island: the server's HTML shows them, their code arrives in a chunk of
// its own once the page's is running, and React hydrates them then (an early click is replayed):
// an island (lib/island.tsx).
const UserBreakthroughs = island(
  () => import('./user-breakthroughs').then((m) => m.UserBreakthroughs),
  <div className={styles.pending} aria-busy="true" />,
);

/**
 * The profile page of /user/{login}: avatar, name, what they did, the blogs they belong to, and
 * the breakthroughs they wrote, 10 per page. Fallbacks: loading, the error text, 'User not
 * found.'.
 */
export function UserProfile({ login }: { login: string | undefined }) {
  const t = useMessages(messages);
  const valid = isLogin(login);
  const { data: profile, error } = useQuery({
    ...userProfileQuery(login ?? ''),
    enabled: valid,
    // A profile the server found missing stays "not found" while its HTML is rendered (no
    // fetch on mount there, which would show it loading instead).
    retryOnMount: false,
  });
  const missing = !valid || (error as ApiError | null)?.status === 404;
  useDocumentTitle(profile ? profileName(profile) : missing ? t.notFoundTitle : t.title);

  if (missing || error) {
    return (
      <p className={styles.fallback} role={missing ? undefined : 'alert'}>
        {missing ? t.notFound : t.failed}
      </p>
    );
  }
  if (!profile) {
    return (
      <div className={styles.header}>
        <p role="status">{t.loading}</p>
      </div>
    );
  }
  return (
    <div className={styles.profile}>
      <ProfileHeader profile={profile} />
      <div className={styles.columns}>
        <section className={styles.panel} aria-labelledby="user-blogs">
          <h2 id="user-blogs">{t.blogs}</h2>
          {profile.blogs.length === 0 ? (
            <p>{t.noBlogs}</p>
          ) : (
            <ul className={styles.blogs}>
              {profile.blogs.map((blog) => (
                <li key={blog.blogId}>
                  <Link to={`/blog/${blog.blogId}`}>{blog.blogName}</Link>
                  {blog.owner && <span>{t.owner}</span>}
                </li>
              ))}
            </ul>
          )}
        </section>
        <UserBreakthroughs login={login} count={profile.counts.breakthroughs} />
      </div>
    </div>
  );
}

function ProfileHeader({ profile }: { profile: Profile }) {
  const t = useMessages(messages);
  const language = useLocale();
  const { counts } = profile;
  const facts: [string, number][] = [
    [t.breakthroughs, counts.breakthroughs],
    [t.likesReceived, counts.likesReceived],
    [t.comments, counts.comments],
  ];
  return (
    <header className={styles.header}>
      {profile.avatarUrl ? (
        <img className={styles.avatar} src={profile.avatarUrl} alt="" width={96} height={96} />
      ) : (
        <span className={styles.avatar} aria-hidden="true">
          {profile.login.charAt(0).toUpperCase()}
        </span>
      )}
      <div>
        <h1>{profile.name || profile.login}</h1>
        {profile.name && <p>{profile.login}</p>}
        <dl>
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value.toLocaleString(language)}</dd>
            </div>
          ))}
        </dl>
      </div>
    </header>
  );
}
