import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { SEARCH_TOTAL_CAP, type SearchSort } from '@repolog/contract/search';
import type { Db } from '../db/client.js';
import { articles, articleSearch, blogs } from '../db/schema.js';
import { weighted, type ParsedQuery } from './search-query.js';
import {
  bonus,
  conditionsOf,
  filterArgs,
  idArray,
  type SearchFilters,
} from './search-filters.repository.js';

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

interface Found {
  ids: number[];
  /** Matches counted, at most COUNTED. */
  counted: number;
}

/** The search's reads: which breakthroughs a page shows, then what it shows of them. */
export function searchResultsRepository(db: Db) {
  /**
   * Matches of a tsquery and the filters, counted to COUNTED through the index (search_matches,
   * migration 0025), and which they are when fewer (`ids`; else undefined). A word's matches need
   * no document unpacked, and the index's matches are read only as far as the cap.
   */
  const matchIds = async (
    query: ParsedQuery,
    filters: SearchFilters,
  ): Promise<{ counted: number; ids: number[] | undefined }> => {
    const result: unknown = await db.execute(
      sql`select count(*)::int as n, case when count(*) < ${COUNTED} then array_agg(m.id) end as ids
          from search_matches(${query.tsquery}::tsquery, ${filterArgs(query, filters)}, ${COUNTED}::int) as m(id)`,
    );
    const row = (result as { rows: { n: number; ids: (number | string)[] | null }[] }).rows[0];
    const counted = Number(row?.n ?? 0);
    return { counted, ids: counted < COUNTED ? (row?.ids ?? []).map(Number) : undefined };
  };

  /**
   * The ranking of `ranked` below when the matches are fewer than COUNTED (their ids known from
   * matchIds): the same tiers and order, the same parts read as far as the page needs, each
   * document by its primary key; a word that matches little costs what it matches, never a walk
   * of the corpus looking for more.
   */
  const rankFew = async (
    ids: number[],
    query: ParsedQuery,
    page: { offset: number; limit: number },
  ): Promise<number[]> => {
    const words = sql`${query.positive}::tsquery`;
    const end = page.offset + page.limit;
    const headCount = sql`(select count(*) from head_matches)`;
    const result: unknown = await db.execute(sql`
      with docs as (
        select ${articleSearch.articleId} as id, ${articleSearch.head} as head
        from ${articleSearch} where ${articleSearch.articleId} = any(${idArray(ids)})
      ), head_matches as (
        select docs.id, case when docs.head @@ ${weighted(query.positive, 'A')}::tsquery then 0
                             when docs.head @@ ${weighted(query.positive, 'AB')}::tsquery then 1
                             else 2 end as tier,
               ts_rank(${WEIGHTS}::float4[], docs.head, ${words}) + ${bonus} as score
        from docs join ${articles} on ${articles.id} = docs.id
        where docs.head @@ ${words}
      ), body_matches as (
        select id, case when recency <= ${BODY_RANKED} then 3 else 4 end as tier,
               case when recency <= ${BODY_RANKED} then score else -recency end as score
        from (
          select id, score, row_number() over (order by id desc) as recency
          from (
            select docs.id, ${bonus} as score
            from docs join ${articles} on ${articles.id} = docs.id
            where not (docs.head @@ ${words})
            order by docs.id desc
            limit case when ${headCount} >= ${end} then 0
                       else greatest(${BODY_RANKED}, ${end} - ${headCount}) end
          ) newest
        ) numbered
      )
      select id from (select * from head_matches union all select * from body_matches) matched
      order by tier, score desc, id desc
      limit ${page.limit} offset ${page.offset}`);
    return (result as { rows: { id: number }[] }).rows.map((row) => Number(row.id));
  };

  /**
   * Best match first, in tiers by where all the words are: title, then title and tags, then
   * title, tags, problem and solution (the `head` column: that part of the document alone, with
   * its own index), each by its rank there plus likes and freshness; then the rest (body, blog
   * name, author): its BODY_RANKED most recently written matches by likes and freshness, then
   * the others newest first. The matches are found first, to the cap (matchIds): when fewer,
   * the page is ranked from them alone (rankFew); else each part is read newest first: the
   * head's to COUNTED, the body's only as far as the page needs. Ranking and counting every
   * match of a common word (and unpacking every matched document to rank it) made a request
   * cost as much as the corpus is large; so did walking it newest first for a body part that
   * matched less than the page asked for (two words never together: every document unpacked).
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
    const { counted, ids: few } = await matchIds(query, filters);
    if (few !== undefined) {
      return { ids: few.length === 0 ? [] : await rankFew(few, query, page), counted };
    }
    // At least COUNTED matches. A phrase is checked against each matched document: its newest
    // body matches are found by walking newest first (search_body_newest), not by the index
    // with every match rechecked. A word's plan is the planner's (it knows how common it is).
    const walk = query.tsquery.includes('<->');
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
    // The head's newest matches are picked on the documents alone, then their articles read
    // (joined before the limit, every match's article was read: 5,032 for `build times`).
    const reading = db.execute(sql`
      with head_newest as (
        select ${articleSearch.articleId} as id, ${head} as head
        from ${articleSearch}
        where ${head} @@ ${words} and ${and(...conditionsOf(query, filters, true))}
          ${excluding ? sql`and ${articleSearch.document} @@ ${all}` : sql``}
        order by ${articleSearch.articleId} desc
        limit ${COUNTED}
      ), head_matches as (
        select head_newest.id, case when head @@ ${weighted(query.positive, 'A')}::tsquery then 0
                        when head @@ ${weighted(query.positive, 'AB')}::tsquery then 1
                        else 2 end as tier,
               ts_rank(${WEIGHTS}::float4[], head, ${words}) + ${bonus} as score
        from head_newest join ${articles} on ${articles.id} = head_newest.id
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
    const rows = ((await reading) as { rows: { id: number }[] }).rows;
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
    // The matches first, to the cap: when fewer, the page is ordered from them alone.
    const matched = query.tsquery === '' ? undefined : await matchIds(query, filters);
    if (matched?.counted === 0) return { ids: [], counted: 0 };
    if (matched !== undefined) {
      conditions.push(
        matched.ids !== undefined
          ? sql`${articleSearch.articleId} = any(${idArray(matched.ids)})`
          : sql`${articleSearch.document} @@ ${query.tsquery}::tsquery`,
      );
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
    if (matched !== undefined) return { ids: found.map((row) => row.id), counted: matched.counted };
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
