import { useQuery } from '@tanstack/react-query';
import { DEFAULT_LIST_SORT, LIST_PAGE_SIZE, type ListSort } from '@repolog/contract/constants';
import { LANGUAGES } from '@repolog/contract/languages';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Pagination } from '../../../components/ui/pagination';
import { SearchBox } from '../../../components/ui/search-box';
import { i18n, params as withParams, useMessages } from '../../../i18n';
import { articlePageQuery, type ArticleListSource } from '../api/article-lists';
import {
  readListState as readState,
  writeListState as writeState,
  type ListState,
} from '../lib/list-state';
import styles from './breakthrough-browser.module.css';

// The rows (relative times, counts) come in the server's HTML; their code comes in a chunk of
// its own, hydrated when it arrives.
const BreakthroughRows = lazy(() =>
  import('./breakthrough-rows').then((m) => ({ default: m.BreakthroughRows })),
);

export const NO_BREAKTHROUGH_ALERT = 'There is no Breakthrough!';

const messages = i18n('breakthroughBrowser', {
  none: NO_BREAKTHROUGH_ALERT,
  latest: 'Newest',
  likes: 'Most liked',
  searchLabel: 'Search breakthroughs by title or blog name',
  searchPlaceholder: 'Search by title or blog name',
  language: 'Language',
  selectLanguage: 'Select Language',
  sorts: 'Sort breakthroughs',
  languages: 'Languages',
  allLanguages: 'All languages',
  error: withParams('Error: {message}'),
});

/** The orders of the list of every breakthrough (`?sort=`), in the order its links show. */
const SORTS: ListSort[] = ['latest', 'likes'];

/**
 * The searchable, filterable, paged breakthrough list of /breakthrough and /like/breakthrough
 * (spec §2, §4, §5). Paging and search run on the server, 10 per page. The list of every
 * breakthrough may also be sorted by likes (the liked list keeps the order of the likes).
 */
export function BreakthroughBrowser({
  source,
  title,
}: {
  source: ArticleListSource;
  title: string;
}) {
  const t = useMessages(messages);
  const [params, setParams] = useSearchParams();
  const sortable = source === 'all';
  const read = readState(params);
  const state: ListState = sortable ? read : { ...read, sort: DEFAULT_LIST_SORT };
  const { data, error, isPending, isPlaceholderData } = useQuery(articlePageQuery(source, state));
  // Bumped when a search is cleared, so the box empties even if the address did not change.
  const [resetCount, setResetCount] = useState(0);
  // A search with no match is cleared after the alert; its link to /search stays.
  const [missed, setMissed] = useState('');
  const alerted = useRef<string | null>(null);
  const formId = useId();

  const update = (next: Partial<ListState>, replace = false) =>
    setParams(writeState({ ...state, ...next }), { replace });

  // No match for a search: alert, clear the query and show the full list again (spec §5).
  const searchKey = `${state.q}|${state.lang}|${state.page}`;
  const noMatch = !!state.q && !!data && !isPlaceholderData && data.total === 0;
  useEffect(() => {
    if (!noMatch || alerted.current === searchKey) return;
    alerted.current = searchKey;
    setMissed(state.q);
    window.alert(messages.get().none);
    setResetCount((count) => count + 1);
    setParams(writeState({ ...readState(params), q: '', page: 1 }), { replace: true });
  }, [noMatch, searchKey, params, setParams, state.q]);

  const totalPages = data ? Math.ceil(data.total / LIST_PAGE_SIZE) : 0;
  // A page past the end (an old link): go to the last page that exists.
  const pastEnd = !!data && !isPlaceholderData && data.total > 0 && state.page > totalPages;
  useEffect(() => {
    if (pastEnd)
      setParams(writeState({ ...readState(params), page: totalPages }), { replace: true });
  }, [pastEnd, totalPages, params, setParams]);

  return (
    <div className={styles.browser}>
      <h1 className={styles.title}>{title}</h1>
      <div className={styles.toolbar}>
        <SearchBox
          label={t.searchLabel}
          placeholder={t.searchPlaceholder}
          initialValue={state.q}
          resetKey={`${state.q}#${resetCount}`}
          onSearch={(q) => update({ q, page: 1 })}
          name="q"
          formId={formId}
        />
        <label className={styles.langLabel}>
          <span className="visually-hidden">{t.language}</span>
          <select
            className={styles.select}
            name="lang"
            form={formId}
            value={state.lang}
            onChange={(event) => update({ lang: event.target.value, page: 1 })}
          >
            <option value="">{t.selectLanguage}</option>
            {LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {language}
              </option>
            ))}
          </select>
        </label>
        {sortable && (
          <nav className={styles.sorts} aria-label={t.sorts}>
            {SORTS.map((sort) => (
              <Link
                key={sort}
                to={`?${writeState({ ...state, sort, page: 1 }).toString()}`}
                className={styles.sort}
                aria-current={sort === state.sort ? 'true' : undefined}
              >
                {t[sort]}
              </Link>
            ))}
          </nav>
        )}
        {/* Without JavaScript the search form submits the order too. */}
        {state.sort !== DEFAULT_LIST_SORT && (
          <input type="hidden" name="sort" value={state.sort} form={formId} />
        )}
      </div>
      <noscript>
        <nav className={styles.langLinks} aria-label={t.languages}>
          {['', ...LANGUAGES].map((language) => (
            <a
              key={language || 'all'}
              href={`?${writeState({ ...state, lang: language, page: 1 }).toString()}`}
              aria-current={language === state.lang ? 'true' : undefined}
            >
              {language || t.allLanguages}
            </a>
          ))}
        </nav>
      </noscript>
      <div className={styles.results} aria-busy={isPending || isPlaceholderData}>
        {isPending ? (
          <RowsSkeleton rows={LIST_PAGE_SIZE} />
        ) : error ? (
          <p role="alert" className={styles.message}>
            {t.error({ message: error.message })}
          </p>
        ) : data.items.length === 0 ? (
          <p className={styles.message}>{t.none}</p>
        ) : (
          <Suspense fallback={<RowsSkeleton rows={data.items.length} />}>
            <BreakthroughRows items={data.items} searchAll={state.q || missed} />
          </Suspense>
        )}
      </div>
      <Pagination
        page={state.page}
        totalPages={totalPages}
        hrefFor={(page) => `?${writeState({ ...state, page }).toString()}`}
        onChange={(page) => {
          update({ page });
          window.scrollTo(0, 0);
        }}
      />
    </div>
  );
}

/**
 * Rows the size of the list's, while a page or the list's code loads (here, not beside the
 * list, so the first load of the page carries no more of it).
 */
function RowsSkeleton({ rows }: { rows: number }) {
  return (
    <ul className={styles.skeleton} aria-hidden="true">
      {Array.from({ length: rows }, (_, index) => (
        <li key={index} />
      ))}
    </ul>
  );
}
