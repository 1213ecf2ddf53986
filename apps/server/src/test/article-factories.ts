import { sql } from 'drizzle-orm';
import { articles, likes } from '../db/schema.js';
import type { TestApp } from './app.js';

/**
 * Inserts `count` articles into one blog in a single statement, titled `${prefix} 1` …
 * `${prefix} count`, the highest number newest (one second apart, ending `endAt`).
 */
export async function createArticlesBulk(
  t: TestApp,
  options: {
    blogId: number;
    authorId: number | null;
    count: number;
    prefix?: string;
    endAt?: Date;
  },
): Promise<void> {
  const prefix = options.prefix ?? 'Bulk';
  const endAt = (options.endAt ?? new Date()).toISOString();
  await t.database.db.execute(sql`
    insert into ${articles} (blog_id, author_id, title, content, created_at, updated_at)
    select ${options.blogId}, ${options.authorId}, ${prefix} || ' ' || n, 'Body ' || n,
           ${endAt}::timestamptz - make_interval(secs => ${options.count} - n),
           ${endAt}::timestamptz - make_interval(secs => ${options.count} - n)
    from generate_series(1, ${options.count}) as n`);
}

/**
 * Stores a like as if given at `at`, keeping like_count in step (as the like toggle does).
 */
export async function addLike(
  t: TestApp,
  options: { userId: number; articleId: number; at?: Date },
): Promise<void> {
  await t.database.db.transaction(async (tx) => {
    await tx.insert(likes).values({
      userId: options.userId,
      articleId: options.articleId,
      createdAt: options.at ?? new Date(),
    });
    await tx
      .update(articles)
      .set({ likeCount: sql`${articles.likeCount} + 1` })
      .where(sql`${articles.id} = ${options.articleId}`);
  });
}

/** like_count and the real number of like rows of an article. */
export async function likeCounts(
  t: TestApp,
  articleId: number,
): Promise<{ likeCount: number; rows: number }> {
  const [row] = await t.database.db
    .select({
      likeCount: articles.likeCount,
      rows: sql<number>`(select count(*)::int from ${likes} where ${likes.articleId} = ${articles.id})`,
    })
    .from(articles)
    .where(sql`${articles.id} = ${articleId}`);
  if (!row) throw new Error(`no article ${articleId}`);
  return row;
}
