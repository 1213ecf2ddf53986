import { and, asc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { articles } from '../db/schema.js';
import type { StoredBody } from './article-body.js';

/** A body whose stored rendering is missing or from an older pipeline version. */
export interface StaleBodyRow {
  id: number;
  content: string;
}

/** The columns a stored rendering fills. */
export const bodyColumns = (body: StoredBody) => ({
  contentHtml: body.html,
  contentText: body.text,
  renderVersion: body.version,
});

/** Stored renderings of article bodies: finding stale ones and storing new ones. */
export function articleBodiesRepository(db: Db) {
  return {
    /** Up to `limit` bodies rendered by a pipeline older than `version`, by id after `afterId`. */
    async findStaleBodies(
      options: { version: number; afterId: number; limit: number },
      tx: Db = db,
    ): Promise<StaleBodyRow[]> {
      return tx
        .select({ id: articles.id, content: articles.content })
        .from(articles)
        .where(and(lt(articles.renderVersion, options.version), gt(articles.id, options.afterId)))
        .orderBy(asc(articles.id))
        .limit(options.limit);
    },

    /** Those of `ids` whose stored rendering is older than `version`. */
    async findStaleBodiesById(
      ids: number[],
      version: number,
      tx: Db = db,
    ): Promise<StaleBodyRow[]> {
      if (ids.length === 0) return [];
      return tx
        .select({ id: articles.id, content: articles.content })
        .from(articles)
        .where(and(inArray(articles.id, ids), lt(articles.renderVersion, version)));
    },

    /**
     * Stores a re-rendering, unless the body was edited since it was read (the edit stored its
     * own) or a newer rendering got there first. Not an edit: updated_at stays.
     */
    async storeRenderedBody(row: StaleBodyRow, body: StoredBody, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .update(articles)
        .set(bodyColumns(body))
        .where(
          and(
            eq(articles.id, row.id),
            eq(articles.content, row.content),
            lt(articles.renderVersion, body.version),
          ),
        )
        .returning({ id: articles.id });
      return rows.length === 1;
    },
  };
}

export type ArticleBodiesRepository = ReturnType<typeof articleBodiesRepository>;
