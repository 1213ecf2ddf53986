import { useQuery } from '@tanstack/react-query';
import { SEARCH_PAGE_SIZE, SEARCH_QUERY_MAX, SEARCH_SORTS } from '@repolog/contract/constants';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Pagination } from '../../../components/ui/pagination';
import type { SearchItem } from '@repolog/contract/search';
import { TimeAgo } from '../../../components/ui/time-ago';
import { i18n, locale, params as withParams, useMessages } from '../../../i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { searchQuery } from '../api/search';
import { readSearchState, writeSearchState, type SearchState } from '../lib/search-state';
import styles from './search-results.module.css';

const messages = i18n('searchResults', {
  title: 'Search',
  heading: 'Search every breakthrough',
  label: 'Search words',
  placeholder: 'Words, "a phrase", -leave out, code like useEffect',
  submit: 'Search',
  sorts: 'Order of results',
  relevance: 'Best match',
  newest: 'Newest',
  likes: 'Most liked',
  found: withParams('{total} results for “{q}”'),
  foundAtLeast: withParams('{total}+ results for “{q}”'),
  none: withParams('No breakthrough matches “{q}”.'),
  didYouMean: 'Did you mean',
  start: 'Search titles, bodies, problems, solutions, tags and code of every breakthrough.',
  tagged: withParams('Tagged {tag}'),
  loading: 'Searching…',
  error: withParams('Error: {message}'),
});

/**
 * The /search page: a plain form (it works before the page's code runs), the order, and the
 * results with their marked passages (HTML the server built from escaped plain text, with
 * `<mark>` its only element), 10 per page.
 */
export function SearchResults() {
  const t = useMessages(messages);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const state = readSearchState(params);
  // Words, or a tag alone (its breakthroughs).
  const asked = state.q !== '' || state.tag !== '';
  const { data, error, isPending, isPlaceholderData } = useQuery({
    ...searchQuery(state),
    enabled: asked,
  });
  useDocumentTitle(asked ? `${state.q} – ${t.title}` : t.title);
  const href = (next: Partial<SearchState>) =>
    `/search?${writeSearchState({ ...state, ...next }).toString()}`;
  const totalPages = data ? Math.ceil(data.total / SEARCH_PAGE_SIZE) : 0;

  return (
    <div className={styles.search}>
      <h1>{t.heading}</h1>
      <form action="/search" role="search" className={styles.form}>
        <input
          type="search"
          name="q"
          defaultValue={state.q}
          key={state.q}
          aria-label={t.label}
          placeholder={t.placeholder}
          maxLength={SEARCH_QUERY_MAX}
        />
        {state.tag && <input type="hidden" name="tag" value={state.tag} />}
        {state.sort !== 'relevance' && <input type="hidden" name="sort" value={state.sort} />}
        <button type="submit">{t.submit}</button>
      </form>
      {asked && (
        <nav className={styles.sorts} aria-label={t.sorts}>
          {SEARCH_SORTS.map((sort) => (
            <Link
              key={sort}
              to={href({ sort, page: 1 })}
              aria-current={sort === state.sort ? 'true' : undefined}
            >
              {t[sort]}
            </Link>
          ))}
        </nav>
      )}
      {state.tag && <p className={styles.tag}>{t.tagged({ tag: state.tag })}</p>}
      <div aria-busy={asked && (isPending || isPlaceholderData)} aria-live="polite">
        {!asked ? (
          <p className={styles.message}>{t.start}</p>
        ) : isPending ? (
          <p className={styles.message}>{t.loading}</p>
        ) : error ? (
          <p role="alert" className={styles.message}>
            {t.error({ message: error.message })}
          </p>
        ) : data.total === 0 ? (
          <>
            <p className={styles.message}>{t.none({ q: state.q })}</p>
            {data.suggestion && (
              <p className={styles.message}>
                {t.didYouMean}{' '}
                <Link to={href({ q: data.suggestion, page: 1 })}>{data.suggestion}</Link>?
              </p>
            )}
          </>
        ) : (
          <>
            <p className={styles.count}>
              {/* A common word's count stops at the cap: said as "1,000+", never as exact. */}
              {(data.totalIsLowerBound ? t.foundAtLeast : t.found)({
                total: data.total.toLocaleString(locale.get()),
                q: state.q,
              })}
            </p>
            <Hits items={data.items} />
          </>
        )}
      </div>
      <Pagination
        page={state.page}
        totalPages={totalPages}
        hrefFor={(page) => href({ page })}
        onChange={(page) => {
          void navigate(href({ page }));
          window.scrollTo(0, 0);
        }}
      />
    </div>
  );
}

function Hits({ items }: { items: SearchItem[] }) {
  return (
    <ol className={styles.hits}>
      {items.map((item) => (
        <li key={item.articleId}>
          <Link to={`/breakthrough/${item.articleId}`} className={styles.hitTitle}>
            {item.title}
          </Link>
          <p className={styles.meta}>
            <TimeAgo iso={item.createdAt} /> |{' '}
            <Link to={`/blog/${item.blogId}`}>{item.blogName}</Link>
            {item.about && <span className={styles.lang}>{item.about}</span>}
          </p>
          {/* Escaped plain text with <mark> around the matched words (search/snippet.ts). */}
          <p className={styles.snippet} dangerouslySetInnerHTML={{ __html: item.snippet }} />
          {item.tags.length > 0 && (
            <ul className={styles.tags}>
              {item.tags.map((tag) => (
                <li key={tag}>
                  <Link to={`/tag/${encodeURIComponent(tag)}`}>#{tag}</Link>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
