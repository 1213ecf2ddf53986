/**
 * After the mixed run (mixed-run.ts): every write the server acknowledged, looked up in the
 * database. A lost write is one answered 2xx but not there (or, for likes, not in the state the
 * last answer said); every like counter the run touched must equal its rows.
 */
import { withClient } from './kit.js';

export interface LostWrites {
  lost: { likes: number; comments: number; breakthroughs: number; unrendered: number };
  likeCountsOff: number;
}

export function findLostWrites(
  databaseUrl: string,
  /** Like pairs (`user:article`) and the state their last answer said. */
  liked: Map<string, boolean>,
  comments: number[],
  breakthroughs: number[],
): Promise<LostWrites> {
  const pairs = [...liked.entries()];
  return withClient(databaseUrl, async (client) => {
    const likeRows = await client.query<{ pair: string }>(
      `SELECT user_id || ':' || article_id AS pair FROM likes
       WHERE (user_id, article_id) IN (SELECT split_part(p, ':', 1)::int, split_part(p, ':', 2)::int
                                       FROM unnest($1::text[]) p)`,
      [pairs.map(([pair]) => pair)],
    );
    const present = new Set(likeRows.rows.map((r) => r.pair));
    const likesLost = pairs.filter(([pair, on]) => present.has(pair) !== on).length;
    const commentRows = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM comments WHERE id = ANY($1::int[])',
      [comments],
    );
    const articleRows = await client.query<{ n: number; unrendered: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE content_html IS NULL)::int AS unrendered
       FROM articles WHERE id = ANY($1::int[])`,
      [breakthroughs],
    );
    // Every like counter the run touched equals its rows.
    const counts = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM articles a
       WHERE a.id = ANY($1::int[])
         AND a.like_count <> (SELECT count(*) FROM likes l WHERE l.article_id = a.id)`,
      [[...new Set(pairs.map(([pair]) => Number(pair.split(':')[1])))]],
    );
    return {
      lost: {
        likes: likesLost,
        comments: comments.length - (commentRows.rows[0]?.n ?? 0),
        breakthroughs: breakthroughs.length - (articleRows.rows[0]?.n ?? 0),
        unrendered: articleRows.rows[0]?.unrendered ?? 0,
      },
      likeCountsOff: counts.rows[0]?.n ?? 0,
    };
  });
}
