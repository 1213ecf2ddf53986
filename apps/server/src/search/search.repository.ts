import { and, desc, eq, gte, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { articles, articleSearch, blogs, users } from '../db/schema.js';
import type { SearchDocument } from './search-document.js';
import { searchResultsRepository } from './search-results.repository.js';

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

/** The search index: the query (search-results.repository.ts), and the background pass's reads and writes. */
export function searchRepository(db: Db) {
  return {
    ...searchResultsRepository(db),

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
