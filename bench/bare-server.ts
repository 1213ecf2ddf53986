/**
 * The yardstick of the load benchmark: a bare Fastify route returning a list shaped and sized
 * like Repolog's (10 breakthrough list items), with no database, auth or validation.
 */
import Fastify from 'fastify';

const port = Number(process.env.PORT ?? 3901);
const items = Array.from({ length: 10 }, (_, i) => ({
  articleId: 100_000 - i,
  title: `Breakthrough number ${100_000 - i}: what we learned shipping it`,
  createdAt: new Date(Date.UTC(2026, 10, 22, 12, i)).toISOString(),
  blogName: `Team blog ${i}`,
  blogId: 500 + i,
  about: 'TypeScript',
}));

const app = Fastify({ logger: false });
app.get('/bare/list', async () => items);
await app.listen({ port, host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
