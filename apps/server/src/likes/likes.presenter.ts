import type { HomeArticle } from '@repolog/contract/articles';
import { presentListItem } from '../articles/articles.public.js';
import type { HomeArticleRow } from './likes.repository.js';

export function presentHomeArticle(row: HomeArticleRow): HomeArticle {
  return presentListItem(row);
}
