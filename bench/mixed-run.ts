/**
 * The mixed run (DESIGN.md §6): 90% long-tail reads, 10% writes (likes, comments, new
 * breakthroughs) from many signed-in users, with live notification streams open. Afterwards
 * every write the server acknowledged is looked up in the database: a lost write is one that
 * was answered 2xx but is not there (or, for likes, not in the state the last answer said).
 */
import autocannon from 'autocannon';
import { pick, randomInt, signIn, withClient } from './kit.js';
import type { IdRanges, Workload } from './long-tail.js';
import { findLostWrites } from './mixed-check.js';
import { openStreams, type StreamStats } from './notice-streams.js';

export interface MixedResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  statuses: Record<string, number>;
  writes: { likes: number; comments: number; breakthroughs: number };
  lost: { likes: number; comments: number; breakthroughs: number; unrendered: number };
  likeCountsOff: number;
  /** Notification streams: opened, still open at the end, notices they received, and the
   * notifications written for their users during the run (each should have been pushed),
   * duplicates and reconnects. */
  streams: StreamStats & { written: number };
  /** p50 and p99 (ms) per kind of request. */
  byKind: Record<string, { count: number; p50: number; p99: number }>;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

type Op =
  | { kind: 'read' }
  | { kind: 'like'; pair: string }
  | { kind: 'comment' }
  | { kind: 'breakthrough' };

const BODY =
  '## What happened\n\nThe pool ran dry under load.\n\n```ts\nawait client.release();\n```';

export async function mixedRun(options: {
  origin: string;
  databaseUrl: string;
  ids: IdRanges;
  reads: Workload[];
  connections: number;
  duration: number;
  writers: number;
  streams: number;
  /** Share of requests that write (default 0.1): likes half, comments 35%, breakthroughs 15%. */
  writeShare?: number;
  /** Called as the measured run starts (writers signed in, streams open): a failure to inject. */
  onMeasuring?: () => void;
}): Promise<MixedResult> {
  const writeShare = options.writeShare ?? 0.1;
  const { origin, databaseUrl, ids, reads, connections, duration } = options;

  // Writers: blog members (so they may post), signed in; some of them also listen.
  const { writers, memberships } = await withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ blog_id: number; user_id: number }>(
      'SELECT blog_id, user_id FROM blog_members ORDER BY random() LIMIT $1',
      [options.writers],
    );
    const signed = await signIn(client, [...new Set(rows.map((r) => r.user_id))]);
    return { writers: signed, memberships: rows };
  });
  const cookieOf = new Map(writers.map((w) => [w.userId, w.cookie]));
  const listeners = writers.slice(0, options.streams);
  const streams = openStreams(origin, listeners);
  // Every stream open before the load starts (up to 60 s): a notice written before its stream
  // opened reaches the user as the count the stream starts with, not as a push counted here.
  for (const until = Date.now() + 60_000; Date.now() < until;) {
    if (streams.stats().opened >= listeners.length) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // Half the likes and comments go to breakthroughs of listening users, so notifications really
  // travel (through NOTIFY) to open streams during the run.
  const { listened, startedAt } = await withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ id: number }>(
      'SELECT id FROM articles WHERE author_id = ANY($1::int[]) ORDER BY random() LIMIT 2000',
      [listeners.map((l) => l.userId)],
    );
    const { rows: now } = await client.query<{ now: Date }>('SELECT now() AS now');
    return { listened: rows.map((r) => r.id), startedAt: now[0]?.now ?? new Date() };
  });
  const target = () =>
    listened.length > 0 && Math.random() < 0.5
      ? pick(listened)
      : randomInt(ids.articles.lo, ids.articles.hi);

  // What the server acknowledged, and the like pairs with a toggle in flight (never two at once
  // for one pair, so the last answer is the row's final state).
  const liked = new Map<string, boolean>();
  const likesInFlight = new Set<string>();
  const comments: number[] = [];
  const breakthroughs: number[] = [];
  const writes = { likes: 0, comments: 0, breakthroughs: 0 };
  let titleNo = 0;

  const json = (cookie: string) => ({
    cookie,
    origin,
    'content-type': 'application/json',
  });

  // Time from building a request to its answer, per kind (a connection sends its next request
  // only after the previous answer, so this is the request's latency as the client saw it).
  const latencies: Record<Op['kind'], number[]> = {
    read: [],
    like: [],
    comment: [],
    breakthrough: [],
  };
  const setupRequest = (request: autocannon.Request, context: object): autocannon.Request => {
    const ctx = context as { op?: Op; at?: number };
    ctx.at = performance.now();
    const roll = Math.random();
    if (roll >= writeShare) {
      ctx.op = { kind: 'read' };
      const read = pick(reads);
      return {
        ...request,
        method: 'GET',
        path: read.next(),
        headers: read.headers ?? {},
        body: '',
      };
    }
    if (roll < writeShare * 0.5) {
      let pair = '';
      for (let tries = 0; tries < 10 && (pair === '' || likesInFlight.has(pair)); tries += 1) {
        pair = `${pick(writers).userId}:${target()}`;
      }
      likesInFlight.add(pair);
      ctx.op = { kind: 'like', pair };
      const [userId, articleId] = pair.split(':').map(Number);
      return {
        ...request,
        method: 'PUT',
        path: `/api/article/${articleId}/like`,
        headers: json(cookieOf.get(userId ?? 0) ?? ''),
        body: '{}',
      };
    }
    if (roll < writeShare * 0.85) {
      ctx.op = { kind: 'comment' };
      const articleId = target();
      return {
        ...request,
        method: 'POST',
        path: '/api/comment',
        headers: json(pick(writers).cookie),
        body: JSON.stringify({ articleId, content: 'Same here: releasing in finally fixed it.' }),
      };
    }
    ctx.op = { kind: 'breakthrough' };
    const member = pick(memberships);
    titleNo += 1;
    return {
      ...request,
      method: 'POST',
      path: '/api/article',
      headers: json(cookieOf.get(member.user_id) ?? ''),
      body: JSON.stringify({
        blogId: member.blog_id,
        title: `Mixed run breakthrough ${titleNo}`,
        content: `${BODY}\n\nRun note ${titleNo}.`,
        about: 'TypeScript',
      }),
    };
  };

  const onResponse = (status: number, body: string, context: object) => {
    const { op, at } = context as { op?: Op; at?: number };
    if (op && at !== undefined) latencies[op.kind].push(performance.now() - at);
    if (!op || status >= 300) return;
    if (op.kind === 'like') {
      likesInFlight.delete(op.pair);
      liked.set(op.pair, (JSON.parse(body) as { likeButton: boolean }).likeButton);
      writes.likes += 1;
    } else if (op.kind === 'comment') {
      comments.push((JSON.parse(body) as { commentId: number }).commentId);
      writes.comments += 1;
    } else if (op.kind === 'breakthrough') {
      breakthroughs.push((JSON.parse(body) as { articleId: number }).articleId);
      writes.breakthroughs += 1;
    }
  };

  const run = (seconds: number) =>
    autocannon({
      url: origin,
      connections,
      duration: seconds,
      requests: [{ setupRequest, onResponse }],
    });
  const measuring = run(duration);
  options.onMeasuring?.();
  const result = await measuring;
  // Pushes of the last writes are on their way: up to 15 s for every notice written for a
  // listener to have arrived (an outbox delivery retried after a killed instance takes seconds).
  const writtenForListeners = () =>
    withClient(databaseUrl, async (client) => {
      const { rows } = await client.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM notifications WHERE recipient_id = ANY($1::int[]) AND created_at >= $2',
        [listeners.map((l) => l.userId), startedAt],
      );
      return rows[0]?.n ?? 0;
    });
  for (const until = Date.now() + 15_000; Date.now() < until;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (streams.stats().notices >= (await writtenForListeners())) break;
  }
  const streamStats = streams.stats();
  await streams.close();

  // Pairs whose last toggle got no answer may be in either state: left out of the check.
  for (const pair of likesInFlight) liked.delete(pair);
  const lost = await findLostWrites(databaseUrl, liked, comments, breakthroughs);

  const statuses: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) {
    statuses[code] = stat.count ?? 0;
  }
  return {
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    statuses,
    writes,
    lost: lost.lost,
    likeCountsOff: lost.likeCountsOff,
    streams: { ...streamStats, written: await writtenForListeners() },
    byKind: Object.fromEntries(
      Object.entries(latencies).map(([kind, values]) => {
        const sorted = values.sort((a, b) => a - b);
        return [
          kind,
          {
            count: sorted.length,
            p50: Math.round(percentile(sorted, 50)),
            p99: Math.round(percentile(sorted, 99)),
          },
        ];
      }),
    ),
  };
}
