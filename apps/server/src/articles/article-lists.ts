import type { ArticleListItem } from '@repolog/contract/articles';
import type { ArticleListsRepository } from './article-lists.repository.js';
import { presentListItem } from './articles.presenter.js';
import type { ArticleFilters } from './list-filters.js';

/** A page of a list: its items, and how many there are in all. */
export interface ListedPage {
  items: ArticleListItem[];
  total: number;
}

/**
 * The breakthrough lists other features show (a profile's, a reader's liked ones, the home
 * ranking's rows), in the list item shape of the contract.
 */
export function articleLists(repo: ArticleListsRepository) {
  return {
    /** What `authorId` wrote, newest first. */
    async authoredBy(
      authorId: number,
      window: { offset: number; limit: number },
    ): Promise<ListedPage> {
      const { rows, total } = await repo.listAuthored({ authorId, ...window });
      return { items: rows.map(presentListItem), total };
    },

    /** What `userId` liked that matches the filters, newest like first. */
    async likedBy(
      userId: number,
      filters: ArticleFilters,
      window: { offset: number; limit: number },
    ): Promise<ListedPage> {
      const { rows, total } = await repo.listLiked({ userId, filters, ...window });
      return { items: rows.map(presentListItem), total };
    },

    /** The list items of the given breakthroughs, in that order (a deleted one is left out). */
    async items(ids: readonly number[]): Promise<ArticleListItem[]> {
      return (await repo.findListRows(ids)).map(presentListItem);
    },
  };
}

export type ArticleLists = ReturnType<typeof articleLists>;
