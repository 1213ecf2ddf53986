import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { transactionOf } from '../db/transaction.js';
import { articles, blogs, series, seriesArticles } from '../db/schema.js';

export interface SeriesRow {
  id: number;
  blogId: number;
  blogName: string;
  name: string;
}

/** A series' parts that readers see (hidden ones left out), in order. */
export interface SeriesPart {
  articleId: number;
  title: string;
}

/** Series of breakthroughs: only this file reads or writes the series tables. */
export function seriesRepository(db: Db) {
  /** The listed parts of the given series, in order. */
  const partsOf = (seriesIds: number[], tx: Db = db) =>
    tx
      .select({
        seriesId: seriesArticles.seriesId,
        articleId: seriesArticles.articleId,
        title: articles.title,
      })
      .from(seriesArticles)
      .innerJoin(articles, eq(articles.id, seriesArticles.articleId))
      .where(and(inArray(seriesArticles.seriesId, seriesIds), sql`${articles.hiddenAt} is null`))
      .orderBy(asc(seriesArticles.seriesId), asc(seriesArticles.position));

  return {
    transaction: transactionOf(db),

    async find(seriesId: number, tx: Db = db): Promise<SeriesRow | undefined> {
      const [row] = await tx
        .select({ id: series.id, blogId: series.blogId, blogName: blogs.name, name: series.name })
        .from(series)
        .innerJoin(blogs, eq(blogs.id, series.blogId))
        .where(eq(series.id, seriesId));
      return row;
    },

    /** The series' listed parts, in order. */
    async parts(seriesId: number): Promise<SeriesPart[]> {
      return (await partsOf([seriesId])).map(({ articleId, title }) => ({ articleId, title }));
    },

    /** A blog's series, oldest first, with how many listed parts each has. */
    async listOfBlog(blogId: number): Promise<{ id: number; name: string; count: number }[]> {
      return db
        .select({
          id: series.id,
          name: series.name,
          count:
            sql<number>`(select count(*) from ${seriesArticles} sa join ${articles} a on a.id = sa.article_id where sa.series_id = ${series}.id and a.hidden_at is null)`.mapWith(
              Number,
            ),
        })
        .from(series)
        .where(eq(series.blogId, blogId))
        .orderBy(asc(series.createdAt), asc(series.id));
    },

    /** The series a breakthrough is part of, if any. */
    async seriesOfArticle(articleId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ seriesId: seriesArticles.seriesId })
        .from(seriesArticles)
        .where(eq(seriesArticles.articleId, articleId));
      return row?.seriesId;
    },

    /** Which of `articleIds` are breakthroughs of the blog. */
    async articlesOfBlog(blogId: number, articleIds: number[], tx: Db = db): Promise<number[]> {
      if (articleIds.length === 0) return [];
      const rows = await tx
        .select({ id: articles.id })
        .from(articles)
        .where(and(eq(articles.blogId, blogId), inArray(articles.id, articleIds)));
      return rows.map((row) => row.id);
    },

    async insert(blogId: number, name: string, tx: Db): Promise<number> {
      const [row] = await tx.insert(series).values({ blogId, name }).returning({ id: series.id });
      if (!row) throw new Error('insert returned no row');
      return row.id;
    },

    async rename(seriesId: number, name: string, tx: Db): Promise<void> {
      await tx
        .update(series)
        .set({ name, updatedAt: sql`now()` })
        .where(eq(series.id, seriesId));
    },

    /**
     * Makes `articleIds` the series' parts, in that order: others leave it, and one that was
     * part of another series moves here.
     */
    async setParts(seriesId: number, articleIds: number[], tx: Db): Promise<void> {
      await tx.delete(seriesArticles).where(eq(seriesArticles.seriesId, seriesId));
      if (articleIds.length === 0) return;
      await tx.delete(seriesArticles).where(inArray(seriesArticles.articleId, articleIds));
      await tx
        .insert(seriesArticles)
        .values(articleIds.map((articleId, i) => ({ seriesId, articleId, position: i + 1 })));
      await tx
        .update(series)
        .set({ updatedAt: sql`now()` })
        .where(eq(series.id, seriesId));
    },

    async delete(seriesId: number): Promise<boolean> {
      const rows = await db
        .delete(series)
        .where(eq(series.id, seriesId))
        .returning({ id: series.id });
      return rows.length === 1;
    },
  };
}

export type SeriesRepository = ReturnType<typeof seriesRepository>;
