import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { articleRelated, articles, articleSearch } from '../db/schema.js';

/** How many related breakthroughs an article shows at most. */
export const RELATED_MAX = 5;
/**
 * Words of a breakthrough compared with the others: its title's, tags', problem's and
 * solution's (weights A–C; the body's D words include the blog's name and the author, which
 * every breakthrough of the blog shares), most repeated first.
 */
const MAX_WORDS = 24;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const quote = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** Related breakthroughs: their computation (at write time) and their stored lists. */
export function relatedRepository(db: Db) {
  return {
    /**
     * Up to RELATED_MAX listed breakthroughs like this one: those sharing the most tags first,
     * then by how well its words (title, tags, problem, solution) match theirs; undefined
     * when the article has no search document yet.
     */
    async compute(articleId: number, excludeBlogId: number): Promise<number[] | undefined> {
      const source = rowsOf<{ tags: string[]; words: string[] | null }>(
        await db.execute(sql`
          select a.tags, array(
            select u.lexeme from unnest(s.document) u
            where u.weights && array['A','B','C']::text[]
            order by cardinality(u.positions) desc, u.lexeme
            limit ${MAX_WORDS}) as words
          from ${articles} a join ${articleSearch} s on s.article_id = a.id
          where a.id = ${articleId}`),
      )[0];
      if (!source) return undefined;
      const words = (source.words ?? []).filter((word) => word.length > 1);
      if (source.tags.length === 0 && words.length === 0) return [];
      const query = words.map(quote).join(' | ');
      const matchWords = query === '' ? sql`false` : sql`s.document @@ ${query}::tsquery`;
      const rank = query === '' ? sql`0` : sql`ts_rank(s.document, ${query}::tsquery)`;
      const tags = sql`${sql.param(source.tags)}::text[]`;
      const rows = rowsOf<{ id: number }>(
        await db.execute(sql`
          select a.id from ${articles} a join ${articleSearch} s on s.article_id = a.id
          where a.id <> ${articleId} and a.hidden_at is null and a.blog_id <> ${excludeBlogId}
            and (a.tags && ${tags} or ${matchWords})
          order by cardinality(array(select unnest(a.tags) intersect select unnest(${tags}))) desc,
            ${rank} desc, a.like_count desc, a.id desc
          limit ${RELATED_MAX}`),
      );
      return rows.map((row) => Number(row.id));
    },

    async store(articleId: number, relatedIds: readonly number[]): Promise<void> {
      await db.execute(sql`
        insert into ${articleRelated} (article_id, related_ids, computed_at)
        select ${articleId}, ${sql.param([...relatedIds])}::int[], now()
        where exists (select 1 from ${articles} where id = ${articleId})
        on conflict (article_id) do update
          set related_ids = excluded.related_ids, computed_at = excluded.computed_at`);
    },

    /** The stored list; undefined when it was never computed. */
    async find(articleId: number): Promise<number[] | undefined> {
      const row = rowsOf<{ related_ids: number[] }>(
        await db.execute(
          sql`select related_ids from ${articleRelated} where article_id = ${articleId}`,
        ),
      )[0];
      return row?.related_ids.map(Number);
    },

    /** Up to `limit` indexed breakthroughs with no related list yet, newest first. */
    async findUncomputed(limit: number): Promise<number[]> {
      const rows = rowsOf<{ id: number }>(
        await db.execute(sql`
          select s.article_id as id from ${articleSearch} s
          where not exists (select 1 from ${articleRelated} r where r.article_id = s.article_id)
          order by s.article_id desc limit ${limit}`),
      );
      return rows.map((row) => Number(row.id));
    },
  };
}

export type RelatedRepository = ReturnType<typeof relatedRepository>;
