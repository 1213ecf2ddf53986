/**
 * The yardsticks of the load benchmark, with no database layer, hooks, validation or schema
 * serializer: what Fastify and PostgreSQL can do on this machine, measured in the same run.
 *
 * - GET /bare/list: a list shaped and sized like Repolog's (10 breakthrough list items), no
 *   database (the hot, cached lists are compared with it).
 * - GET /bare/article/:id (with DATABASE_URL): the article page's primary-key join
 *   (articles + blog + author), one prepared statement through plain `pg`, answered with
 *   JSON.stringify (the cold reads are compared with it).
 */
import Fastify from 'fastify';
import pg from 'pg';

const port = Number(process.env.PORT ?? 3901);
const poolSize = Number(process.env.POOL_SIZE ?? 10);
const items = Array.from({ length: 10 }, (_, i) => ({
  articleId: 100_000 - i,
  title: `Breakthrough number ${100_000 - i}: what we learned shipping it`,
  createdAt: new Date(Date.UTC(2026, 10, 22, 12, i)).toISOString(),
  blogName: `Team blog ${i}`,
  blogId: 500 + i,
  about: 'TypeScript',
}));

const ARTICLE_BY_ID = `
  select a.id, a.blog_id, a.author_id, u.user_name, a.title, b.name as blog_name, a.content,
         a.content_html, a.about, a.problem, a.solution, a.like_count, a.created_at, a.updated_at
  from articles a
  join blogs b on b.id = a.blog_id
  left join users u on u.id = a.author_id
  where a.id = $1`;

interface ArticleRow {
  id: number;
  blog_id: number;
  author_id: number | null;
  user_name: string | null;
  title: string;
  blog_name: string;
  content: string;
  content_html: string | null;
  about: string | null;
  problem: string | null;
  solution: string | null;
  like_count: number;
  created_at: Date;
  updated_at: Date;
}

const app = Fastify({ logger: false });
app.get('/bare/list', async () => items);

const url = process.env.DATABASE_URL;
const pool = url ? new pg.Pool({ connectionString: url, max: poolSize }) : undefined;
if (pool) {
  app.get<{ Params: { id: string } }>('/bare/article/:id', async (request, reply) => {
    const { rows } = await pool.query<ArticleRow>({
      name: 'bare_article_by_id',
      text: ARTICLE_BY_ID,
      values: [Number(request.params.id)],
    });
    const row = rows[0];
    if (!row) return reply.code(404).send({ error: 'not_found' });
    return {
      articleId: row.id,
      blogId: row.blog_id,
      userId: row.author_id,
      userName: row.user_name ?? 'deleted user',
      title: row.title,
      blogName: row.blog_name,
      content: row.content,
      contentHtml: row.content_html ?? '',
      about: row.about,
      problem: row.problem,
      solution: row.solution,
      likeCount: row.like_count,
      likeButton: false,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    };
  });
}

await app.listen({ port, host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => pool?.end())
    .then(() => process.exit(0));
});
