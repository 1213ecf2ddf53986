import type { BlogCard, FavoriteResult } from '@repolog/contract/blogs';
import type { BlogCardRow, FavoriteState } from './favorites.repository.js';

/** A blog card of the home strip and the followed-blogs list (spec §7 spellings). */
export const presentBlogCard = (row: BlogCardRow): BlogCard => ({
  blog_id: row.id,
  blog_name: row.name,
  description: row.description,
});

export const presentFavorite = (state: FavoriteState): FavoriteResult => ({
  fav_button: state.favorited,
  fav_count: state.count,
});
