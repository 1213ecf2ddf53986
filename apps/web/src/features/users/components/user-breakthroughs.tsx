import { useQuery } from '@tanstack/react-query';
import { LIST_PAGE_SIZE } from '@repolog/contract/constants';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Pagination } from '../../../components/ui/pagination';
import { i18n, params, useMessages } from '../../../i18n';
import { ArticleList, ArticleListSkeleton } from '../../../components/article-list';
import { userBreakthroughsQuery } from '../api/user-profile';
import { readPage } from '../lib/profile-page';

const messages = i18n('userBreakthroughs', {
  title: params('Breakthroughs ({total})'),
  error: params('Error: {message}'),
  empty: 'No breakthroughs yet.',
  pages: 'Breakthrough pages',
});

/** The user's breakthroughs, the page in the address (?page=), with real links to the others. */
export function UserBreakthroughs({ login, count }: { login: string; count: number }) {
  const t = useMessages(messages);
  const [searchParams, setParams] = useSearchParams();
  const page = readPage(searchParams);
  const { data, error, isPlaceholderData } = useQuery(userBreakthroughsQuery(login, page));
  const total = data?.total ?? count;
  const totalPages = Math.ceil(total / LIST_PAGE_SIZE);

  // A page past the end (an old link): go to the last page that exists.
  const pastEnd = !!data && !isPlaceholderData && total > 0 && page > totalPages;
  useEffect(() => {
    if (pastEnd) setParams({ page: String(totalPages) }, { replace: true });
  }, [pastEnd, totalPages, setParams]);

  return (
    <section aria-labelledby="user-breakthroughs" aria-busy={!data || isPlaceholderData}>
      <h2 id="user-breakthroughs">{t.title({ total })}</h2>
      {error ? (
        <p role="alert">{t.error({ message: error.message })}</p>
      ) : !data ? (
        <ArticleListSkeleton rows={Math.min(count, LIST_PAGE_SIZE) || 1} />
      ) : data.items.length === 0 ? (
        <p>{t.empty}</p>
      ) : (
        <ArticleList items={data.items} />
      )}
      <Pagination
        page={page}
        totalPages={totalPages}
        label={t.pages}
        hrefFor={(target) => (target > 1 ? `?page=${target}` : `/user/${login}`)}
        onChange={(target) => {
          setParams(target > 1 ? { page: String(target) } : {});
          window.scrollTo(0, 0);
        }}
      />
    </section>
  );
}
