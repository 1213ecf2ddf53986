import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { articleRevisions, articles, users } from '../db/schema.js';

/** One revision as the history lists it. */
export interface RevisionSummaryRow {
  id: number;
  /** 1 for the first revision of the article, counting up. */
  number: number;
  editorId: number | null;
  /** The editor's login; null once they deleted their account. */
  editorName: string | null;
  createdAt: Date;
}

export interface RevisionRow extends RevisionSummaryRow {
  title: string;
  content: string;
  about: string | null;
  problem: string | null;
  solution: string | null;
}

const numberOf = sql<number>`(select count(*)::int from ${articleRevisions} r2 where r2.article_id = ${articleRevisions.articleId} and r2.id <= ${articleRevisions.id})`;

const summaryColumns = {
  id: articleRevisions.id,
  number: numberOf,
  editorId: articleRevisions.editorId,
  editorName: users.userName,
  createdAt: articleRevisions.createdAt,
};

/** What each breakthrough said after its post and every saved edit. */
export function revisionsRepository(db: Db) {
  return {
    /**
     * Articles stored before revisions were kept (or seeded straight into the table) have none:
     * before their first edit, what they say now becomes their first revision, so the edit has
     * something to be compared with. The article row stays locked until the transaction ends.
     */
    async ensureBaseline(articleId: number, tx: Db = db): Promise<void> {
      await tx.execute(sql`select id from ${articles} where id = ${articleId} for update`);
      await tx.execute(sql`
        insert into ${articleRevisions} (article_id, editor_id, title, content, about, problem, solution, created_at)
        select a.id, a.author_id, a.title, a.content, a.about, a.problem, a.solution, a.updated_at
        from ${articles} a
        where a.id = ${articleId}
          and not exists (select 1 from ${articleRevisions} r where r.article_id = ${articleId})`);
    },

    /** Records what the article says now, as saved by `editorId`; the new revision's id. */
    async recordCurrent(articleId: number, editorId: number, tx: Db = db): Promise<number> {
      const result = await tx.execute(sql`
        insert into ${articleRevisions} (article_id, editor_id, title, content, about, problem, solution)
        select a.id, ${editorId}, a.title, a.content, a.about, a.problem, a.solution
        from ${articles} a where a.id = ${articleId}
        returning id`);
      const [row] = (result as { rows: { id: number }[] }).rows;
      if (!row) throw new Error(`article ${articleId} vanished inside its own transaction`);
      return Number(row.id);
    },

    /** The newest revision of the article (0 when it has none). */
    async latestId(articleId: number, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ id: sql<number>`coalesce(max(${articleRevisions.id}), 0)::int` })
        .from(articleRevisions)
        .where(eq(articleRevisions.articleId, articleId));
      return Number(row?.id ?? 0);
    },

    /** Every revision of an article, newest first. */
    async list(articleId: number): Promise<RevisionSummaryRow[]> {
      return db
        .select(summaryColumns)
        .from(articleRevisions)
        .leftJoin(users, eq(users.id, articleRevisions.editorId))
        .where(eq(articleRevisions.articleId, articleId))
        .orderBy(desc(articleRevisions.id));
    },

    /** One revision of the article with its fields; undefined when it is not the article's. */
    async find(articleId: number, revisionId: number): Promise<RevisionRow | undefined> {
      const [row] = await db
        .select({
          ...summaryColumns,
          title: articleRevisions.title,
          content: articleRevisions.content,
          about: articleRevisions.about,
          problem: articleRevisions.problem,
          solution: articleRevisions.solution,
        })
        .from(articleRevisions)
        .leftJoin(users, eq(users.id, articleRevisions.editorId))
        .where(and(eq(articleRevisions.articleId, articleId), eq(articleRevisions.id, revisionId)));
      return row;
    },
  };
}

export type RevisionsRepository = ReturnType<typeof revisionsRepository>;
