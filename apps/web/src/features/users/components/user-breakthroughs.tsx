import { useQuery } from '@tanstack/react-query';
import { LIST_PAGE_SIZE } from '@repolog/contract/constants';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Pagination } from '../../../components/ui/pagination';
import { ArticleList, ArticleListSkeleton } from '../../articles/components/article-list';
import { userBreakthroughsQuery } from '../api/user-profile';
import { readPage } from '../lib/profile-page';

/** The user's breakthroughs, the page in the address (?page=), with real links to the others. */
export function UserBreakthroughs({ login, count }: { login: string; count: number }) {
  const [params, setParams] = useSearchParams();
  const page = readPage(params);
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
      <h2 id="user-breakthroughs">{`Breakthroughs (${total})`}</h2>
      {error ? (
        <p role="alert">Error: {error.message}</p>
      ) : !data ? (
        <ArticleListSkeleton rows={Math.min(count, LIST_PAGE_SIZE) || 1} />
      ) : data.items.length === 0 ? (
        <p>No breakthroughs yet.</p>
      ) : (
        <ArticleList items={data.items} />
      )}
      <Pagination
        page={page}
        totalPages={totalPages}
        label="Breakthrough pages"
        hrefFor={(target) => (target > 1 ? `?page=${target}` : `/user/${login}`)}
        onChange={(target) => {
          setParams(target > 1 ? { page: String(target) } : {});
          window.scrollTo(0, 0);
        }}
      />
    </section>
  );
}
