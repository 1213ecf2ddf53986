import { and, desc, eq, gte, inArray, isNull, lt, notExists, sql, type SQL } from 'drizzle-orm';
import type { SearchSort } from '@repolog/contract/search';
import type { Db } from '../db/client.js';
import { articles, articleSearch, blogs, users } from '../db/schema.js';
import type { SearchDocument } from './search-document.js';
import type { ParsedQuery } from './search-query.js';

/** Weights of D, C, B, A for ts_rank: title far above tags above problem/solution above body. */
const WEIGHTS = '{0.1,0.2,0.4,1.0}';

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
  total: number;
}

export interface SearchFilters {
  tag: string | null;
  lang: string | null;
  blogId: number | null;
  /** The official blog's notices are not breakthroughs (the lists leave them out too). */
  excludeBlogId: number;
}

/** A breakthrough the background pass indexes. */
export interface UnindexedRow {
  id: number;
  title: string;
  tags: string[];
  problem: string | null;
  solution: string | null;
  content: string;
  blogName: string;
  authorName: string | null;
}

/** The search index: the query, and the background pass's reads and writes. */
export function searchRepository(db: Db) {
  return {
    async search(
      query: ParsedQuery,
      filters: SearchFilters,
      sort: SearchSort,
      page: { offset: number; limit: number },
      /** How much of each result's stored text is read (snippets look no further). */
      textChars: number,
    ): Promise<SearchRow[]> {
      // Hidden breakthroughs (moderation) are found by nobody.
      const conditions: SQL[] = [
        sql`${articles.blogId} <> ${filters.excludeBlogId}`,
        isNull(articles.hiddenAt),
      ];
      const tsquery = query.tsquery === '' ? null : sql`${query.tsquery}::tsquery`;
      if (tsquery) conditions.push(sql`${articleSearch.document} @@ ${tsquery}`);
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

      const rank = tsquery
        ? sql`ts_rank(${WEIGHTS}::float4[], ${articleSearch.document}, ${tsquery})`
        : sql`0`;
      // Words first; among close matches, likes and then freshness (30-day half-life).
      const relevance = sql`${rank} + ln(1 + ${articles.likeCount}) * 0.02 + 0.05 / (1 + extract(epoch from now() - ${articles.createdAt}) / 2592000)`;
      const order =
        sort === 'newest'
          ? [desc(articles.createdAt), desc(articles.id)]
          : sort === 'likes'
            ? [desc(articles.likeCount), desc(articles.createdAt), desc(articles.id)]
            : [desc(relevance), desc(articles.id)];
      // The page's ids first, narrow rows through the rank and the count (every match is
      // ranked; carrying the stored text and the names along made that several times slower).
      const found = await db
        .select({
          id: articles.id,
          total: sql<number>`count(*) over ()`.mapWith(Number),
        })
        .from(articleSearch)
        .innerJoin(articles, eq(articles.id, articleSearch.articleId))
        .where(and(...conditions))
        .orderBy(...order)
        .limit(page.limit)
        .offset(page.offset);
      if (found.length === 0) return [];
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
        .where(
          inArray(
            articles.id,
            found.map((row) => row.id),
          ),
        );
      const byId = new Map(shown.map((row) => [row.id, row]));
      return found.flatMap(({ id, total }) => {
        const row = byId.get(id);
        return row ? [{ ...row, total }] : [];
      });
    },

    /**
     * The word of listed titles and tags most like `word` (trigram similarity, pg_trgm, which
     * both databases load), or null when none is close; only asked when a search found nothing.
     */
    async closestWord(word: string, excludeBlogId: number): Promise<string | null> {
      const result: unknown = await db.execute(sql`
        with words as (
          select distinct w from (
            select regexp_split_to_table(lower(a.title), '[^[:alnum:]_+#.-]+') as w
            from ${articles} a where a.hidden_at is null and a.blog_id <> ${excludeBlogId}
            union all
            select unnest(a.tags) from ${articles} a
            where a.hidden_at is null and a.blog_id <> ${excludeBlogId}
          ) v where length(w) > 1
        )
        select w from words where similarity(w, ${word}) >= 0.3
        order by similarity(w, ${word}) desc, w limit 1`);
      return (result as { rows: { w: string }[] }).rows[0]?.w ?? null;
    },

    /**
     * Up to `limit` breakthroughs without a search document, or with one from an older
     * analyzer, newest first below `beforeId`.
     */
    async findUnindexed(options: {
      version: number;
      beforeId: number;
      limit: number;
    }): Promise<UnindexedRow[]> {
      // The ids first, walking the primary key down and probing the index's key (an anti-join):
      // joined in one query with blogs and users, the planner guessed one row for the anti-join
      // and nested seq scans of both took 26 s per batch at 100k breakthroughs.
      const picked = await db
        .select({ id: articles.id })
        .from(articles)
        .where(
          and(
            lt(articles.id, options.beforeId),
            notExists(
              db
                .select({ one: sql`1` })
                .from(articleSearch)
                .where(
                  and(
                    eq(articleSearch.articleId, articles.id),
                    gte(articleSearch.analyzerVersion, options.version),
                  ),
                ),
            ),
          ),
        )
        .orderBy(desc(articles.id))
        .limit(options.limit);
      if (picked.length === 0) return [];
      return db
        .select({
          id: articles.id,
          title: articles.title,
          tags: articles.tags,
          problem: articles.problem,
          solution: articles.solution,
          content: articles.content,
          blogName: blogs.name,
          authorName: users.userName,
        })
        .from(articles)
        .innerJoin(blogs, eq(blogs.id, articles.blogId))
        .leftJoin(users, eq(users.id, articles.authorId))
        .where(
          inArray(
            articles.id,
            picked.map((row) => row.id),
          ),
        )
        .orderBy(desc(articles.id));
    },

    /**
     * Stores documents the background pass made, in one statement: each unless its
     * breakthrough is gone or a write stored one from this analyzer meanwhile (that one is at
     * least as new).
     */
    async storeIndexed(
      made: readonly { articleId: number; document: SearchDocument }[],
      version: number,
    ): Promise<void> {
      if (made.length === 0) return;
      const rows = sql.join(
        made.map(
          ({ articleId, document }) =>
            sql`(${articleId}::integer, ${document.vector}::tsvector, ${document.text}::text)`,
        ),
        sql`, `,
      );
      await db.execute(sql`
        insert into ${articleSearch} (article_id, document, text, analyzer_version)
        select v.id, v.document, v.text, ${version}::integer
        from (values ${rows}) as v(id, document, text)
        where exists (select 1 from ${articles} where id = v.id)
        on conflict (article_id) do update
          set document = excluded.document, text = excluded.text,
              analyzer_version = excluded.analyzer_version
          where ${articleSearch.analyzerVersion} < excluded.analyzer_version`);
    },
  };
}

export type SearchRepository = ReturnType<typeof searchRepository>;
