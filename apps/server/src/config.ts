import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { ConfigError, githubAppConfig, type GitHubAppConfig } from './config-github-app.js';
import { envSchema } from './config-env.js';
import { storageConfig, type StorageConfig } from './config-storage.js';

export interface Config {
  production: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL connections this instance keeps (not used with PGlite). */
  databasePoolSize: number;
  /** Redis for messages between instances and cluster-wide limits; unset: PostgreSQL alone. */
  redis: { url: string; prefix: string } | undefined;
  secret: string;
  github: {
    clientId: string;
    clientSecret: string;
    apiUrl: string;
    webUrl: string;
    webhookSecret: string | undefined;
  };
  /**
   * Repolog's GitHub App (GITHUB_APP_*): connected repositories are read with its installation
   * tokens and send their events to one webhook. Unset: none (in demo mode the stand-in plays
   * one, see github/demo-github.ts).
   */
  githubApp: GitHubAppConfig | undefined;
  /** No GitHub OAuth app configured: the in-process GitHub stand-in and demo data are used. */
  demo: boolean;
  officialBlogId: number;
  developerBlogIds: number[];
  bannerArticleId: number;
  logLevel: string;
  /** API requests per minute per client address before 429. */
  rateLimitPerMinute: number;
  /** Demo mode only: expose the GitHub stand-in's fault switches for browser tests. */
  demoStubControl: boolean;
  /** Behind a reverse proxy: trust X-Forwarded-* for client addresses (rate limits, logs). */
  trustProxy: boolean;
  /** The markdown render pool (articles/render-pool.ts). */
  render: { threads: number; timeoutMs: number; maxPerOwner: number; maxQueued: number };
  /** Per-person limits on images uploaded into breakthrough bodies. */
  media: { uploadsPerHour: number; quotaBytes: number };
  /** Bearer token that opens GET /metrics on the site's port; unset: no metrics there. */
  metricsToken: string | undefined;
  /** A port of its own serving /metrics without a token; unset: none. */
  metricsPort: number | undefined;
  /** Moderators (GitHub logins) and the limits on accounts younger than newAccountDays. */
  safety: {
    adminLogins: string[];
    newAccountDays: number;
    breakthroughsPerDay: number;
    commentsPerDay: number;
  };
  /**
   * Email: SMTP when SMTP_URL is set; else in demo mode the in-app mailbox (/__mail); else off.
   * `from` is MAIL_FROM (default: Repolog <no-reply@the site's host>).
   */
  email: {
    delivery: 'smtp' | 'mailbox' | 'off';
    smtpUrl: string | undefined;
    from: string;
    /** Whether this instance starts the daily and weekly digests (tests start them by hand). */
    digests: boolean;
  };
  /** How often each instance adds the views it counted in memory to the daily aggregates. */
  statsFlushMs: number;
  /**
   * HTTP caching by a CDN: seconds a shared cache keeps a public answer (s-maxage) and may serve
   * it stale while it asks again; where changes' keys are POSTed to purge them (unset: nowhere).
   */
  cdn: { purgeUrl: string | undefined; sMaxAge: number; staleWhileRevalidate: number };
  /** Bounds of the stored server-rendered pages (the most recently read ones stay). */
  pageStore: { maxPages: number; maxBytes: number };
  /**
   * Server renders of pages at once, and waiting (past them a reader gets a keyed 503); the
   * worker threads React renders on (0: on the main thread).
   */
  pageRenders: { concurrency: number; maxQueued: number; threads: number };
  /** Media and cards in an S3-compatible store; reads on a replica (config-storage.ts). */
  storage: StorageConfig;
}

/** The demo's moderator when ADMIN_LOGINS is unset (README: Moderation). */
export const DEMO_ADMIN_LOGIN = 'jisoo-han';

export { ConfigError, envSchema, type GitHubAppConfig };

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** Reads a dev secret from DATA_DIR, creating it on first start. */
function devSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('hex');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

/** Parses the environment once. Throws ConfigError with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const demo = !e.GITHUB_CLIENT_ID;
  if (demo && production) {
    throw new ConfigError(
      'Demo mode (no GITHUB_CLIENT_ID) refuses to start with NODE_ENV=production. Configure a GitHub OAuth app.',
    );
  }
  if (e.GITHUB_CLIENT_ID && !e.GITHUB_CLIENT_SECRET) {
    throw new ConfigError('GITHUB_CLIENT_SECRET is required when GITHUB_CLIENT_ID is set.');
  }
  if (production && !e.SECRET) {
    throw new ConfigError('SECRET (at least 32 characters) is required when NODE_ENV=production.');
  }
  // `npm start` runs the server inside apps/server; npm names the folder it was started from
  // (INIT_CWD), so the default ./data is the repository's, as the README says.
  const dataDir = e.DATA_DIR
    ? path.resolve(e.DATA_DIR)
    : path.resolve(e.INIT_CWD ?? process.cwd(), 'data');
  const publicUrl = trimSlash(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`);
  if (e.MAIL_FROM && /[\r\n]/.test(e.MAIL_FROM)) {
    throw new ConfigError('MAIL_FROM must be one line.');
  }
  let storage: StorageConfig;
  try {
    storage = storageConfig(e, e.DATABASE_URL);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
  return {
    production,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, prefix: e.REDIS_PREFIX } : undefined,
    secret: e.SECRET ?? devSecret(dataDir),
    github: {
      clientId: e.GITHUB_CLIENT_ID ?? 'repolog-demo',
      clientSecret: e.GITHUB_CLIENT_SECRET ?? 'repolog-demo-secret',
      apiUrl: trimSlash(e.GITHUB_API_URL),
      webUrl: trimSlash(e.GITHUB_WEB_URL),
      webhookSecret: e.GITHUB_WEBHOOK_SECRET,
    },
    githubApp: demo ? undefined : githubAppConfig(e),
    demo,
    officialBlogId: e.OFFICIAL_BLOG_ID,
    developerBlogIds: e.DEVELOPER_BLOG_IDS,
    bannerArticleId: e.BANNER_ARTICLE_ID,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    demoStubControl: e.DEMO_STUB_CONTROL,
    render: {
      threads: e.RENDER_THREADS,
      timeoutMs: e.RENDER_TIMEOUT_MS,
      maxPerOwner: e.RENDER_QUEUE_PER_USER,
      maxQueued: e.RENDER_QUEUE,
    },
    media: {
      uploadsPerHour: e.MEDIA_UPLOADS_PER_HOUR,
      quotaBytes: Math.round(e.MEDIA_QUOTA_MB * 1024 * 1024),
    },
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    safety: {
      adminLogins: (e.ADMIN_LOGINS ?? (demo ? DEMO_ADMIN_LOGIN : ''))
        .split(',')
        .map((login) => login.trim())
        .filter(Boolean),
      newAccountDays: e.NEW_ACCOUNT_DAYS,
      breakthroughsPerDay: e.NEW_ACCOUNT_BREAKTHROUGHS_PER_DAY,
      commentsPerDay: e.NEW_ACCOUNT_COMMENTS_PER_DAY,
    },
    email: {
      delivery: e.SMTP_URL ? 'smtp' : demo ? 'mailbox' : 'off',
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `Repolog <no-reply@${new URL(publicUrl).hostname}>`,
      digests: e.EMAIL_DIGESTS,
    },
    statsFlushMs: e.STATS_FLUSH_MS,
    cdn: {
      purgeUrl: e.CDN_PURGE_URL,
      sMaxAge: e.CDN_S_MAXAGE,
      staleWhileRevalidate: e.CDN_STALE_WHILE_REVALIDATE,
    },
    pageRenders: {
      concurrency: e.PAGE_RENDERS,
      maxQueued: e.PAGE_RENDER_QUEUE,
      // Every core, at most four.
      threads: e.PAGE_RENDER_THREADS ?? Math.min(4, availableParallelism()),
    },
    pageStore: {
      maxPages: e.PAGE_STORE_PAGES,
      maxBytes: Math.round(e.PAGE_STORE_MB * 1024 * 1024),
    },
    storage,
  };
}
