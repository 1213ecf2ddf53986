import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { SEARCH_TOTAL_CAP, type SearchSort } from '@repolog/contract/search';
import type { Db } from '../db/client.js';
import { articles, articleSearch, blogs } from '../db/schema.js';
import { weighted, type ParsedQuery } from './search-query.js';

/** Weights of D, C, B, A for ts_rank: title far above tags above problem/solution above body. */
const WEIGHTS = '{0.1,0.2,0.4,1.0}';
/** Matches counted, one past the cap (that one says there are more). */
const COUNTED = SEARCH_TOTAL_CAP + 1;
/** Matches only in the body (or blog name, author) ranked by likes and freshness; then newest. */
const BODY_RANKED = 100;

/** A result row, before its snippet is made. */
export interface SearchRow {
  id: number;
  title: string;
  blogId: number;
  blogName: string;
  createdAt: Date;
  about: string | null;
  tags: string[];
  likeCount: number;
  commentCount: number;
  /** The start of the stored plain text. */
  text: string;
}

/** One page of results and how many there are, counted up to SEARCH_TOTAL_CAP. */
export interface SearchPage {
  rows: SearchRow[];
  total: number;
  /** The count stopped at the cap: there are at least `total`. */
  totalIsLowerBound: boolean;
}

export interface SearchFilters {
  tag: string | null;
  lang: string | null;
  blogId: number | null;
  /** The official blog's notices are not breakthroughs (the lists leave them out too). */
  excludeBlogId: number;
}

/** Likes and then freshness (30-day half-life): what orders matches of the same words. */
const bonus = sql`ln(1 + ${articles.likeCount}) * 0.02 + 0.05 / (1 + extract(epoch from now() - ${articles.createdAt}) / 2592000)`;

/** What every match must be besides its words: listed, the filters, phrases and exclusions. */
function conditionsOf(query: ParsedQuery, filters: SearchFilters): SQL[] {
  // Hidden breakthroughs (moderation) are found by nobody.
  const conditions: SQL[] = [
    sql`${articles.blogId} <> ${filters.excludeBlogId}`,
    isNull(articles.hiddenAt),
  ];
  // Phrases and words the index has no lexeme for: the stored plain text, literally.
  for (const text of query.contains) {
    conditions.push(sql`strpos(lower(${articleSearch.text}), ${text}) > 0`);
  }
  for (const text of query.excludes) {
    conditions.push(sql`strpos(lower(${articleSearch.text}), ${text}) = 0`);
  }
  if (filters.tag !== null) {
    conditions.push(sql`${articles.tags} @> array[${filters.tag}]::text[]`);
  }
  if (filters.lang !== null) {
    conditions.push(sql`lower(${articles.about}) = lower(${filters.lang})`);
  }
  if (filters.blogId !== null) conditions.push(eq(articles.blogId, filters.blogId));
  return conditions;
}

interface Found {
  ids: number[];
  /** Matches counted, at most COUNTED. */
  counted: number;
}

/** conditionsOf's filters as the arguments of migration 0024's functions. */
function filterArgs(query: ParsedQuery, filters: SearchFilters): SQL {
  const texts = (items: string[]) =>
    sql`array[${sql.join(
      items.map((item) => sql`${item}`),
      sql`, `,
    )}]::text[]`;
  return sql`${filters.excludeBlogId}::int, ${filters.blogId}::int, ${filters.tag}::text,
    ${filters.lang}::text, ${texts(query.contains)}, ${texts(query.excludes)}`;
}

/** The search's reads: which breakthroughs a page shows, then what it shows of them. */
export function searchResultsRepository(db: Db) {
  /**
   * Matches of a tsquery and the filters, counted to COUNTED through the index (search_count,
   * migration 0024): a word's matches need no document unpacked, and the count stops at the cap.
   */
  const countMatches = async (query: ParsedQuery, filters: SearchFilters): Promise<number> => {
    const result: unknown = await db.execute(
      sql`select search_count(${query.tsquery}::tsquery, ${filterArgs(query, filters)}, ${COUNTED}::int) as n`,
    );
    return Number((result as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  };

  /**
   * Best match first, in tiers by where all the words are: title, then title and tags, then
   * title, tags, problem and solution (the `head` column: that part of the document alone, with
   * its own index), each by its rank there plus likes and freshness; then the rest (body, blog
   * name, author): its BODY_RANKED most recently written matches by likes and freshness, then
   * the others newest first. Each part is read newest first: the head's to COUNTED, the body's
   * only as far as the page needs; the count is search_count's. Ranking and counting every
   * match of a common word (and unpacking every matched document to rank it) made a request
   * cost as much as the corpus is large.
   */
  const ranked = async (
    query: ParsedQuery,
    filters: SearchFilters,
    page: { offset: number; limit: number },
  ): Promise<Found> => {
    const where = and(...conditionsOf(query, filters));
    const words = sql`${query.positive}::tsquery`;
    const all = sql`${query.tsquery}::tsquery`;
    // Excluded words are only in the whole document.
    const excluding = query.tsquery !== query.positive;
    const head = articleSearch.head;
    const end = page.offset + page.limit;
    // A phrase is checked against each matched document; when it matches more than the cap,
    // its newest body matches are found by walking newest first (search_body_newest), not by
    // the index with every match rechecked. A word's plan is the planner's (it knows how common
    // the word is); the count comes first only when a phrase's plan depends on it.
    const phrase = query.tsquery.includes('<->');
    const counting = countMatches(query, filters);
    const walk = phrase && (await counting) >= COUNTED;
    const headCount = sql`(select count(*) from head_matches)`;
    // Only as many body matches as the page needs: none when the head's fill it; else the
    // BODY_RANKED newest (ranked among themselves), or more when the page reaches further.
    const bodyWanted = sql`case when ${headCount} >= ${end} then 0
      else greatest(${BODY_RANKED}, ${end} - ${headCount}) end`;
    const newestBody = walk
      ? sql`select ${articles.id} as id, ${bonus} as score
            from search_body_newest(${words}, ${all}, ${filterArgs(query, filters)}, (${bodyWanted})::int) as newest(id)
            join ${articles} on ${articles.id} = newest.id`
      : sql`select ${articles.id} as id, ${bonus} as score
            from ${articleSearch} join ${articles} on ${articles.id} = ${articleSearch.articleId}
            where not (${head} @@ ${words}) and ${articleSearch.document} @@ ${all} and ${where}
            order by ${articleSearch.articleId} desc
            limit ${bodyWanted}`;
    const reading = db.execute(sql`
      with head_matches as (
        select ${articles.id} as id,
               case when ${head} @@ ${weighted(query.positive, 'A')}::tsquery then 0
                    when ${head} @@ ${weighted(query.positive, 'AB')}::tsquery then 1
                    else 2 end as tier,
               ts_rank(${WEIGHTS}::float4[], ${head}, ${words}) + ${bonus} as score
        from ${articleSearch} join ${articles} on ${articles.id} = ${articleSearch.articleId}
        where ${head} @@ ${words} and ${where}
          ${excluding ? sql`and ${articleSearch.document} @@ ${all}` : sql``}
        order by ${articleSearch.articleId} desc
        limit ${COUNTED}
      ), body_matches as (
        select id, case when recency <= ${BODY_RANKED} then 3 else 4 end as tier,
               case when recency <= ${BODY_RANKED} then score else -recency end as score
        from (
          select id, score, row_number() over (order by id desc) as recency
          from (${newestBody}) newest
        ) numbered
      )
      select id from (select * from head_matches union all select * from body_matches) matched
      order by tier, score desc, id desc
      limit ${page.limit} offset ${page.offset}`);
    const [result, counted]: [unknown, number] = await Promise.all([reading, counting]);
    const rows = (result as { rows: { id: number }[] }).rows;
    return { ids: rows.map((row) => Number(row.id)), counted };
  };

  /** Newest or most liked first (or, with no words, likes and freshness), counted to the cap. */
  const ordered = async (
    query: ParsedQuery,
    filters: SearchFilters,
    sort: SearchSort,
    page: { offset: number; limit: number },
  ): Promise<Found> => {
    const conditions = conditionsOf(query, filters);
    if (query.tsquery !== '') {
      conditions.push(sql`${articleSearch.document} @@ ${query.tsquery}::tsquery`);
    }
    const order =
      sort === 'newest'
        ? [desc(articles.createdAt), desc(articles.id)]
        : sort === 'likes'
          ? [desc(articles.likeCount), desc(articles.createdAt), desc(articles.id)]
          : [desc(bonus), desc(articles.id)];
    const matches = () =>
      db
        .select({ id: articles.id })
        .from(articleSearch)
        .innerJoin(articles, eq(articles.id, articleSearch.articleId))
        .where(and(...conditions));
    const found = await matches()
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset);
    if (query.tsquery !== '') {
      return {
        ids: found.map((row) => row.id),
        counted: await countMatches(query, filters),
      };
    }
    const [counted] = await db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(matches().limit(COUNTED).as('counted'));
    return { ids: found.map((row) => row.id), counted: counted?.n ?? 0 };
  };

  return {
    async search(
      query: ParsedQuery,
      filters: SearchFilters,
      sort: SearchSort,
      page: { offset: number; limit: number },
      /** How much of each result's stored text is read (snippets look no further). */
      textChars: number,
    ): Promise<SearchPage> {
      const found =
        sort === 'relevance' && query.positive !== ''
          ? await ranked(query, filters, page)
          : await ordered(query, filters, sort, page);
      const counted = {
        total: Math.min(found.counted, SEARCH_TOTAL_CAP),
        totalIsLowerBound: found.counted > SEARCH_TOTAL_CAP,
      };
      if (found.ids.length === 0) return { rows: [], ...counted };
      // Then what the page shows of those, the text only as far as a snippet looks.
      const shown = await db
        .select({
          id: articles.id,
          title: articles.title,
          blogId: articles.blogId,
          blogName: blogs.name,
          createdAt: articles.createdAt,
          about: articles.about,
          tags: articles.tags,
          likeCount: articles.likeCount,
          commentCount: articles.commentCount,
          text: sql<string>`left(${articleSearch.text}, ${textChars})`,
        })
        .from(articleSearch)
        .innerJoin(articles, eq(articles.id, articleSearch.articleId))
        .innerJoin(blogs, eq(blogs.id, articles.blogId))
        .where(inArray(articles.id, found.ids));
      const byId = new Map(shown.map((row) => [row.id, row]));
      return { rows: found.ids.flatMap((id) => byId.get(id) ?? []), ...counted };
    },
  };
}
