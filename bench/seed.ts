/**
 * Benchmark data generator: users, blogs (with members), articles, likes and comments, each
 * table filled by one multi-row INSERT … SELECT generate_series statement (no per-row round
 * trips). Timestamps are spread over the last year so "the last 24 hours" stays a realistic
 * slice, and rows go in in time order as a live site writes them; likes lean towards some
 * articles, as real ones do. like_count is set from the rows.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/repolog_bench \
 *     npx tsx bench/seed.ts --blogs 1000 --articles 100000 --likes 1000000 --comments 200000 --users 2000
 *
 * Defaults are the sizes of DESIGN.md §6. It adds to what is there (run it on an empty
 * database for clean figures) and prints how long each table took.
 */
import { pathToFileURL } from 'node:url';
import { between, count, gt, max, min, sql } from 'drizzle-orm';
import { LANGUAGES } from '../packages/contract/src/languages.js';
import { openDatabase, type Db } from '../apps/server/src/db/client.js';
import {
  articles,
  blogMembers,
  blogs,
  comments,
  likes,
  users,
} from '../apps/server/src/db/schema.js';
import {
  BODIES,
  KOREAN_BODIES,
  koreanTitle,
  NOUNS,
  pick,
  rendered,
  textValues,
  VERBS,
} from './seed-text.js';

export interface SeedSizes {
  blogs: number;
  articles: number;
  likes: number;
  comments: number;
  users: number;
}

export interface SeedReport {
  /** Rows actually inserted per table (likes skip duplicate user/article pairs). */
  rows: Record<'users' | 'blogs' | 'blogMembers' | 'articles' | 'likes' | 'comments', number>;
  /** Milliseconds per step. */
  ms: Record<string, number>;
}

export const DEFAULT_SIZES: SeedSizes = {
  blogs: 1000,
  articles: 100_000,
  likes: 1_000_000,
  comments: 200_000,
  users: 2000,
};

/** min and max id inserted after `before` (identity columns are sequential per statement). */
async function idRange(
  db: Db,
  table: typeof users | typeof blogs | typeof articles,
  before: number,
) {
  const [row] = await db
    .select({ lo: min(table.id), hi: max(table.id) })
    .from(table)
    .where(gt(table.id, before));
  return { lo: row?.lo ?? 0, hi: row?.hi ?? -1 };
}

async function maxId(db: Db, table: typeof users | typeof blogs | typeof articles) {
  const [row] = await db.select({ hi: max(table.id) }).from(table);
  return row?.hi ?? 0;
}

/** Rows of a table whose `column` lies in [lo, hi]. */
async function countBetween(
  db: Db,
  table: typeof blogMembers | typeof likes | typeof comments,
  column: typeof blogMembers.blogId | typeof likes.articleId | typeof comments.articleId,
  range: { lo: number; hi: number },
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(table)
    .where(between(column, range.lo, range.hi));
  return row?.n ?? 0;
}

/**
 * Fills the database with `sizes` rows; returns what was inserted and how long it took.
 * `korean` (0–1, default 0) is the share of breakthroughs with a Korean title and body.
 */
export async function seedBenchData(
  db: Db,
  sizes: SeedSizes,
  { korean = 0 }: { korean?: number } = {},
): Promise<SeedReport> {
  const ms: Record<string, number> = {};
  const timed = async <T>(name: string, step: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await step();
    ms[name] = Math.round(performance.now() - started);
    return result;
  };
  const run = Date.now().toString(36);

  const usersBefore = await maxId(db, users);
  await timed('users', () =>
    db.execute(sql`
      insert into users (github_id, user_name, signed_up_at, created_at, updated_at)
      select 700000000000 + ${usersBefore} + n, 'bench-' || ${run} || '-' || n,
             now() - random() * interval '400 days', now(), now()
      from generate_series(1, ${sizes.users}) n`),
  );
  const u = await idRange(db, users, usersBefore);
  const userCount = u.hi - u.lo + 1;
  const randomUser = sql`(${u.lo} + floor(random() * ${userCount})::int)`;

  const blogsBefore = await maxId(db, blogs);
  await timed('blogs', () =>
    db.execute(sql`
      insert into blogs (name, description, git_repo_url, repo_key, owner_id, created_at, updated_at)
      select ${pick(VERBS)} || ' ' || ${pick(NOUNS)} || ' team ' || n,
             'What team ' || n || ' learned while shipping. ' || repeat('Notes from the trenches. ', 1 + n % 8),
             'https://github.com/bench-' || ${run} || '/repo-' || n,
             'bench-' || ${run} || '/repo-' || n,
             ${randomUser}, now() - random() * interval '400 days', now() - random() * interval '30 days'
      from generate_series(1, ${sizes.blogs}) n`),
  );
  const b = await idRange(db, blogs, blogsBefore);
  const blogCount = b.hi - b.lo + 1;

  // The owner plus two random teammates per blog.
  const members = await timed('blogMembers', async () => {
    await db.execute(sql`
      insert into blog_members (blog_id, user_id, added_at)
      select id, owner_id, created_at from blogs where id between ${b.lo} and ${b.hi}
      union all
      select id, ${u.lo} + floor(random() * ${userCount})::int, created_at + interval '1 minute'
      from blogs, generate_series(1, 2) where id between ${b.lo} and ${b.hi}
      on conflict do nothing`);
    return countBetween(db, blogMembers, blogMembers.blogId, b);
  });

  const articlesBefore = await maxId(db, articles);
  // The body's index into `bodies`: English ones first, then (with a Korean share) Korean ones.
  const bodies = korean > 0 ? [...BODIES, ...KOREAN_BODIES] : BODIES;
  const stored = rendered(bodies);
  await timed('articles', () =>
    db.execute(sql`
      insert into articles (blog_id, author_id, title, content, content_html, content_text,
                            render_version, about, problem, solution, created_at, updated_at)
      select s.blog_id, bl.owner_id,
             case when s.ko then ${koreanTitle()} else s.verb || ' ' || s.noun || ' in ' || s.lang
             end || ' #' || s.n,
             ${textValues(bodies)}[s.body], ${textValues(stored.map((r) => r.html))}[s.body],
             ${textValues(stored.map((r) => r.text))}[s.body], ${stored[0]?.version ?? 0},
             case when s.n % 5 = 0 then null else s.lang end,
             s.problem, s.solution, s.created_at, s.created_at
      from (
        select n, ko, ${b.lo} + floor(random() * ${blogCount})::int as blog_id,
               ${pick(VERBS)} as verb, ${pick(NOUNS)} as noun, ${pick(LANGUAGES)} as lang,
               1 + n % ${BODIES.length} + case when ko then ${BODIES.length} else 0 end as body,
               case when n % 3 = 0 then 'Issue #' || n else null end as problem,
               case when n % 3 = 0 then 'Commit ' || md5(n::text) else null end as solution,
               now() - random() * interval '365 days' as created_at
        from (select n, random() < ${korean} as ko from generate_series(1, ${sizes.articles}) n) g
      ) s
      join blogs bl on bl.id = s.blog_id
      order by s.created_at`),
  );
  const a = await idRange(db, articles, articlesBefore);
  const articleCount = a.hi - a.lo + 1;

  // Skewed towards some articles (random()^2), each like after its article was written.
  const likeRows = await timed('likes', async () => {
    if (articleCount <= 0 || sizes.likes <= 0) return 0;
    await db.execute(sql`
      insert into likes (user_id, article_id, created_at)
      select s.user_id, ar.id, ar.created_at + random() * (now() - ar.created_at)
      from (
        select ${randomUser} as user_id,
               ${a.lo} + floor(power(random(), 2) * ${articleCount})::int as article_id
        from generate_series(1, ${sizes.likes})
      ) s
      join articles ar on ar.id = s.article_id
      order by 3
      on conflict do nothing`);
    return countBetween(db, likes, likes.articleId, a);
  });
  await timed('likeCount', () =>
    db.execute(sql`
      update articles ar set like_count = c.n
      from (select article_id, count(*)::int n from likes
            where article_id between ${a.lo} and ${a.hi} group by article_id) c
      where ar.id = c.article_id`),
  );

  const commentRows = await timed('comments', async () => {
    if (articleCount <= 0 || sizes.comments <= 0) return 0;
    await db.execute(sql`
      insert into comments (article_id, user_id, content, created_at, updated_at)
      select ar.id, s.user_id, 'Thanks, this saved us a day. (' || s.n || ')', s.at, s.at
      from (
        select n, ${randomUser} as user_id,
               ${a.lo} + floor(random() * ${articleCount})::int as article_id,
               now() - random() * interval '300 days' as at
        from generate_series(1, ${sizes.comments}) n
      ) s
      join articles ar on ar.id = s.article_id
      order by s.at`);
    return countBetween(db, comments, comments.articleId, a);
  });

  // Fresh statistics, and a visibility map so counts can use index-only scans (what
  // autovacuum gives a live database).
  await timed('vacuumAnalyze', () =>
    db.execute(sql`vacuum analyze users, blogs, blog_members, articles, likes, comments`),
  );

  return {
    rows: {
      users: userCount,
      blogs: blogCount,
      blogMembers: members,
      articles: Math.max(0, articleCount),
      likes: likeRows,
      comments: commentRows,
    },
    ms,
  };
}

function parseArgs(argv: string[]): SeedSizes {
  const sizes = { ...DEFAULT_SIZES };
  for (let i = 0; i < argv.length; i += 1) {
    const name = argv[i]?.replace(/^--/, '') ?? '';
    const value = Number(argv[i + 1]);
    if (!(name in sizes) || !Number.isInteger(value) || value < 0) {
      throw new Error(
        `Unknown option or bad value near "${argv[i] ?? ''}". Usage: --blogs N --articles N --likes N --comments N --users N`,
      );
    }
    sizes[name as keyof SeedSizes] = value;
    i += 1;
  }
  if (sizes.users < 1 || sizes.blogs < 1) throw new Error('--users and --blogs must be at least 1');
  return sizes;
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('Set DATABASE_URL (a PostgreSQL database; migrations run first).');
    process.exit(1);
  }
  const sizes = parseArgs(process.argv.slice(2));
  const database = await openDatabase({ url, poolSize: 2 });
  try {
    const started = performance.now();
    const report = await seedBenchData(database.db, sizes);
    const total = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Seeded in ${total} s`);
    for (const [table, rows] of Object.entries(report.rows)) {
      console.log(`  ${table.padEnd(12)} ${String(rows).padStart(9)} rows`);
    }
    console.log(
      `  steps (ms): ${Object.entries(report.ms)
        .map(([step, ms]) => `${step} ${ms}`)
        .join(', ')}`,
    );
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
