import { useQuery } from '@tanstack/react-query';
import { SEARCH_PAGE_SIZE } from '@repolog/contract/constants';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ArticleList, ArticleListSkeleton } from '../../../components/article-list';
import { Pagination } from '../../../components/ui/pagination';
import { i18n, locale, params as withParams, useMessages } from '../../../i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { searchQuery } from '../api/search';
import { readTagState, tagHref, TAG_SORTS } from '../lib/tag-state';
import styles from './search-results.module.css';

const messages = i18n('tagResults', {
  title: withParams('Breakthroughs tagged {tag}'),
  count: withParams('{total} breakthroughs tagged {tag}'),
  countAtLeast: withParams('{total}+ breakthroughs tagged {tag}'),
  none: withParams('No breakthrough is tagged {tag} yet.'),
  sorts: 'Order of breakthroughs',
  newest: 'Newest',
  likes: 'Most liked',
  rss: 'RSS feed',
  error: withParams('Error: {message}'),
});

/** /tag/{name}: the tag's breakthroughs, newest or most liked first, 10 a page (server-rendered). */
export function TagResults() {
  const t = useMessages(messages);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const state = readTagState(useParams().name ?? '', search);
  const { data, error, isPending, isPlaceholderData } = useQuery(searchQuery(state));
  useDocumentTitle(t.title({ tag: state.tag }));
  const totalPages = data ? Math.ceil(data.total / SEARCH_PAGE_SIZE) : 0;

  return (
    <div className={styles.search}>
      <h1>#{state.tag}</h1>
      <nav className={styles.sorts} aria-label={t.sorts}>
        {TAG_SORTS.map((sort) => (
          <Link
            key={sort}
            to={tagHref({ ...state, sort, page: 1 })}
            aria-current={sort === state.sort ? 'true' : undefined}
          >
            {t[sort]}
          </Link>
        ))}
        <a href={`/tag/${encodeURIComponent(state.tag)}/rss.xml`}>{t.rss}</a>
      </nav>
      <div aria-busy={isPending || isPlaceholderData} aria-live="polite">
        {isPending ? (
          <ArticleListSkeleton rows={3} />
        ) : error ? (
          <p role="alert" className={styles.message}>
            {t.error({ message: error.message })}
          </p>
        ) : data.total === 0 ? (
          <p className={styles.message}>{t.none({ tag: state.tag })}</p>
        ) : (
          <>
            <p className={styles.count}>
              {(data.totalIsLowerBound ? t.countAtLeast : t.count)({
                total: data.total.toLocaleString(locale.get()),
                tag: state.tag,
              })}
            </p>
            <ArticleList items={data.items} />
          </>
        )}
      </div>
      <Pagination
        page={state.page}
        totalPages={totalPages}
        hrefFor={(page) => tagHref({ ...state, page })}
        onChange={(page) => {
          void navigate(tagHref({ ...state, page }));
          window.scrollTo(0, 0);
        }}
      />
    </div>
  );
}
