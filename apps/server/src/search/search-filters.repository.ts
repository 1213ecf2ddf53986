import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { articles, articleSearch } from '../db/schema.js';
import type { ParsedQuery } from './search-query.js';

/** What a search is narrowed to besides its words, and how each statement says it. */
export interface SearchFilters {
  tag: string | null;
  lang: string | null;
  blogId: number | null;
  /** The official blog's notices are not breakthroughs (the lists leave them out too). */
  excludeBlogId: number;
}

/** Likes and then freshness (30-day half-life): what orders matches of the same words. */
export const bonus = sql`ln(1 + ${articles.likeCount}) * 0.02 + 0.05 / (1 + extract(epoch from now() - ${articles.createdAt}) / 2592000)`;

/**
 * What every match must be besides its words: listed, the filters, phrases and exclusions. On
 * the search document and its article joined; or, with `documentOnly`, on the document alone
 * (its copies of the blog and the hidden state, migration 0024; tag and language looked up), so
 * a part can pick its newest matches before it reads their articles.
 */
export function conditionsOf(
  query: ParsedQuery,
  filters: SearchFilters,
  documentOnly = false,
): SQL[] {
  const blogId = documentOnly ? articleSearch.blogId : articles.blogId;
  // Hidden breakthroughs (moderation) are found by nobody.
  const conditions: SQL[] = [
    sql`${blogId} <> ${filters.excludeBlogId}`,
    documentOnly ? sql`not ${articleSearch.hidden}` : isNull(articles.hiddenAt),
  ];
  // Phrases and words the index has no lexeme for: the stored plain text, literally.
  for (const text of query.contains) {
    conditions.push(sql`strpos(lower(${articleSearch.text}), ${text}) > 0`);
  }
  for (const text of query.excludes) {
    conditions.push(sql`strpos(lower(${articleSearch.text}), ${text}) = 0`);
  }
  const ofArticle: SQL[] = [];
  if (filters.tag !== null) {
    ofArticle.push(sql`${articles.tags} @> array[${filters.tag}]::text[]`);
  }
  if (filters.lang !== null) {
    ofArticle.push(sql`lower(${articles.about}) = lower(${filters.lang})`);
  }
  if (ofArticle.length > 0) {
    conditions.push(
      documentOnly
        ? sql`exists (select 1 from ${articles} where ${articles.id} = ${articleSearch.articleId} and ${and(...ofArticle)})`
        : and(...ofArticle)!,
    );
  }
  if (filters.blogId !== null) conditions.push(eq(blogId, filters.blogId));
  return conditions;
}

/** conditionsOf's filters as the arguments of search_matches and search_body_newest (0025). */
export function filterArgs(query: ParsedQuery, filters: SearchFilters): SQL {
  const texts = (items: string[]) =>
    sql`array[${sql.join(
      items.map((item) => sql`${item}`),
      sql`, `,
    )}]::text[]`;
  return sql`${filters.excludeBlogId}::int, ${filters.blogId}::int, ${filters.tag}::text,
    ${filters.lang}::text, ${texts(query.contains)}, ${texts(query.excludes)}`;
}

/** Ids as an int[] literal (numbers only, so nothing to escape). */
export const idArray = (ids: number[]) => sql`${`{${ids.join(',')}}`}::int[]`;
