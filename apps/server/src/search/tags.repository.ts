import { sql } from 'drizzle-orm';
import type { TagCount } from '@repolog/contract/tags';
import type { Db } from '../db/client.js';
import { articles } from '../db/schema.js';

/** LIKE wildcards in typed text match literally (PostgreSQL's default escape is backslash). */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Tags in use: how many listed breakthroughs carry each. */
export function tagsRepository(db: Db) {
  return {
    /**
     * The most used tags starting with `prefix` (every tag when null), most used first, then
     * by name; hidden breakthroughs and the official blog's notices are not counted.
     */
    async counts(prefix: string | null, excludeBlogId: number, limit: number): Promise<TagCount[]> {
      const startsWith = prefix === null ? sql`true` : sql`t.name like ${`${escapeLike(prefix)}%`}`;
      const rows = rowsOf<{ name: string; count: number | string }>(
        await db.execute(sql`
          select t.name, count(*) as count
          from ${articles} a, unnest(a.tags) as t(name)
          where a.hidden_at is null and a.blog_id <> ${excludeBlogId} and ${startsWith}
          group by t.name
          order by count(*) desc, t.name
          limit ${limit}`),
      );
      return rows.map((row) => ({ name: row.name, count: Number(row.count) }));
    },
  };
}

export type TagsRepository = ReturnType<typeof tagsRepository>;
