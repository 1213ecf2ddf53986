import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { articleCoauthors, articles, drafts, users } from '../db/schema.js';

/** A draft as the workspace and the write page list it (no body). */
export interface DraftSummaryRow {
  id: number;
  blogId: number;
  articleId: number | null;
  title: string;
  version: number;
  creatorId: number;
  creatorName: string;
  updatedById: number | null;
  /** Null once whoever saved last deleted their account. */
  updatedByName: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface DraftRow extends DraftSummaryRow {
  content: string;
  about: string | null;
  problem: string | null;
  solution: string | null;
  problemRef: string | null;
  solutionRef: string | null;
  tags: string[];
}

export interface DraftFields {
  title: string;
  content: string;
  about: string | null;
  problem: string | null;
  solution: string | null;
  /** `issue:12`, `pull:45`, `commit:<sha>`; null for none. */
  problemRef: string | null;
  solutionRef: string | null;
  /** Tags chosen so far (checked when posted). */
  tags: string[];
}

const creator = alias(users, 'creator');
const saver = alias(users, 'saver');

const summaryColumns = {
  id: drafts.id,
  blogId: drafts.blogId,
  articleId: drafts.articleId,
  title: drafts.title,
  version: drafts.version,
  creatorId: drafts.creatorId,
  creatorName: creator.userName,
  updatedById: drafts.updatedById,
  updatedByName: saver.userName,
  createdAt: drafts.createdAt,
  updatedAt: drafts.updatedAt,
};

/** Drafts of breakthroughs: only this file reads or writes the drafts table. */
export function draftsRepository(db: Db) {
  return {
    /** The breakthrough an edit draft would change: its blog, author and co-authors. */
    async findArticle(articleId: number): Promise<
      | {
          blogId: number;
          authorId: number | null;
          coauthorIds: number[];
          /** Its problem and solution as stored: an edit draft that leaves a ref out keeps it. */
          problem: string | null;
          solution: string | null;
          problemRef: string | null;
          solutionRef: string | null;
        }
      | undefined
    > {
      const [row] = await db
        .select({
          blogId: articles.blogId,
          authorId: articles.authorId,
          problem: articles.problem,
          solution: articles.solution,
          problemRef: articles.problemRef,
          solutionRef: articles.solutionRef,
          coauthorIds: sql<
            number[]
          >`array(select ${articleCoauthors.userId} from ${articleCoauthors} where ${articleCoauthors.articleId} = ${articles.id})`,
        })
        .from(articles)
        .where(eq(articles.id, articleId));
      return row;
    },

    /** The blog's drafts, last saved first. */
    async list(blogId: number): Promise<DraftSummaryRow[]> {
      return db
        .select(summaryColumns)
        .from(drafts)
        .innerJoin(creator, eq(creator.id, drafts.creatorId))
        .leftJoin(saver, eq(saver.id, drafts.updatedById))
        .where(eq(drafts.blogId, blogId))
        .orderBy(desc(drafts.updatedAt), desc(drafts.id));
    },

    async find(draftId: number, tx: Db = db): Promise<DraftRow | undefined> {
      const [row] = await tx
        .select({
          ...summaryColumns,
          content: drafts.content,
          about: drafts.about,
          problem: drafts.problem,
          solution: drafts.solution,
          problemRef: drafts.problemRef,
          solutionRef: drafts.solutionRef,
          tags: drafts.tags,
        })
        .from(drafts)
        .innerJoin(creator, eq(creator.id, drafts.creatorId))
        .leftJoin(saver, eq(saver.id, drafts.updatedById))
        .where(eq(drafts.id, draftId));
      return row;
    },

    /** The pending edit of a breakthrough, if one is being written. */
    async findIdByArticle(articleId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ id: drafts.id })
        .from(drafts)
        .where(eq(drafts.articleId, articleId));
      return row?.id;
    },

    /** A new draft at version 1; undefined when the breakthrough already has a pending edit. */
    async insert(
      values: DraftFields & { blogId: number; articleId: number | null; creatorId: number },
    ): Promise<number | undefined> {
      const [row] = await db
        .insert(drafts)
        .values({ ...values, updatedById: values.creatorId })
        .onConflictDoNothing({
          target: drafts.articleId,
          where: sql`${drafts.articleId} is not null`,
        })
        .returning({ id: drafts.id });
      return row?.id;
    },

    /**
     * Saves the fields if the draft is still at `version`, moving it to the next version;
     * false when it is gone or someone saved it since.
     */
    async save(
      draftId: number,
      version: number,
      values: DraftFields,
      userId: number,
    ): Promise<boolean> {
      const rows = await db
        .update(drafts)
        .set({
          ...values,
          version: sql`${drafts.version} + 1`,
          updatedById: userId,
          updatedAt: sql`greatest(now(), ${drafts.updatedAt} + interval '1 millisecond')`,
        })
        .where(and(eq(drafts.id, draftId), eq(drafts.version, version)))
        .returning({ id: drafts.id });
      return rows.length === 1;
    },

    /** Deletes the draft (only at `version`, when given); false when nothing was deleted. */
    async delete(draftId: number, version?: number, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .delete(drafts)
        .where(
          and(
            eq(drafts.id, draftId),
            version === undefined ? sql`true` : eq(drafts.version, version),
          ),
        )
        .returning({ id: drafts.id });
      return rows.length === 1;
    },

    /**
     * Of the candidates (media addresses or hashes), those that some draft's body mentions:
     * the media clean-up keeps an image a draft still shows.
     */
    async mediaReferencedByDrafts(candidates: readonly string[]): Promise<string[]> {
      const wanted = [...new Set(candidates)].filter((candidate) => candidate.length > 0);
      if (wanted.length === 0) return [];
      const result = await db.execute(sql`
        select c.ref from unnest(${sql.param(wanted)}::text[]) as c(ref)
        where exists (select 1 from ${drafts} d where position(c.ref in d.content) > 0)`);
      return (result as { rows: { ref: string }[] }).rows.map((row) => row.ref);
    },
  };
}

export type DraftsRepository = ReturnType<typeof draftsRepository>;
