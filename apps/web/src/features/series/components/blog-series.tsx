import { useQuery } from '@tanstack/react-query';
import { can } from '@repolog/contract/permissions';
import { limits } from '@repolog/contract/limits';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { i18n, params, useMessages } from '../../../i18n';
import { blogQuery } from '../../../lib/blog-record';
import { useSession, viewerOf } from '../../../lib/use-session';
import { blogSeriesQuery, useCreateSeries } from '../api/series';
import styles from './series.module.css';

const messages = i18n('blogSeries', {
  heading: 'Series',
  parts: params('{count} parts'),
  name: 'New series name',
  create: 'New series',
  error: params('Error: {message}'),
});

/**
 * A blog's series under its page (loaded after the page runs): links to each, and for the
 * blog's members a field to start a new one (its parts are chosen on the series' page).
 */
export function BlogSeries({ blogId }: { blogId: number }) {
  const t = useMessages(messages);
  const id = useId();
  const navigate = useNavigate();
  const session = useSession();
  const [name, setName] = useState('');
  const { data } = useQuery(blogSeriesQuery(blogId));
  const blog = useQuery({
    ...blogQuery(blogId, viewerOf(session)),
    enabled: session.status === 'in',
  });
  const actor = session.status === 'in' ? session : null;
  const member = blog.data !== undefined && can(actor, 'blog.write', blog.data);
  const create = useCreateSeries(blogId);
  if (!member && (!data || data.length === 0)) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return;
    create.mutate(
      { name: name.trim() },
      {
        onSuccess: (series) => void navigate(`/blog/${blogId}/series/${series.seriesId}`),
      },
    );
  };

  return (
    <section className={styles.section} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t.heading}</h2>
      {data && data.length > 0 && (
        <ul className={styles.list}>
          {data.map((series) => (
            <li key={series.seriesId}>
              <Link to={`/blog/${blogId}/series/${series.seriesId}`}>{series.name}</Link>{' '}
              <span className={styles.count}>{t.parts({ count: series.count })}</span>
            </li>
          ))}
        </ul>
      )}
      {member && (
        <form className={styles.new} onSubmit={submit}>
          <div className={styles.field}>
            <label htmlFor={`${id}-name`}>{t.name}</label>
            <input
              id={`${id}-name`}
              value={name}
              maxLength={limits.seriesName.max}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <button type="submit" className={styles.primary} disabled={create.isPending}>
            {t.create}
          </button>
          {create.error && (
            <p role="alert" className={styles.error}>
              {t.error({ message: create.error.message })}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
