import { z } from 'zod';
import { storageEnvSchema } from './config-storage.js';

const idList = z
  .string()
  .transform((value) => value.split(',').map((part) => part.trim()))
  .pipe(z.array(z.string().regex(/^\d+$/, 'expected a comma-separated list of ids')))
  .transform((parts) => parts.map(Number));

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** Every setting Repolog reads from the environment (DESIGN.md §2). */
export const envSchema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
  INIT_CWD: z.string().optional(),
  DATABASE_URL: z.preprocess(emptyToUndefined, z.string().optional()),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  REDIS_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^rediss?$/, error: 'expected redis://host:port (or rediss://)' }).optional(),
  ),
  REDIS_PREFIX: z.string().default('repolog:'),
  SECRET: z.preprocess(emptyToUndefined, z.string().min(32).optional()),
  GITHUB_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  GITHUB_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  GITHUB_API_URL: z.url().default('https://api.github.com'),
  GITHUB_WEB_URL: z.url().default('https://github.com'),
  GITHUB_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  GITHUB_APP_ID: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().optional()),
  GITHUB_APP_PRIVATE_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  GITHUB_APP_SLUG: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]*$/, "the App's URL name, e.g. repolog-example")
      .optional(),
  ),
  GITHUB_APP_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  OFFICIAL_BLOG_ID: z.coerce.number().int().positive().default(39),
  DEVELOPER_BLOG_IDS: idList.prefault('32,38'),
  BANNER_ARTICLE_ID: z.coerce.number().int().positive().default(25),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  DEMO_STUB_CONTROL: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(1200),
  MEDIA_UPLOADS_PER_HOUR: z.coerce.number().int().positive().default(60),
  MEDIA_QUOTA_MB: z.coerce.number().positive().default(500),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RENDER_THREADS: z.coerce.number().int().min(2).max(64).default(2),
  RENDER_TIMEOUT_MS: z.coerce.number().int().min(100).default(2000),
  RENDER_QUEUE_PER_USER: z.coerce.number().int().positive().default(4),
  RENDER_QUEUE: z.coerce.number().int().positive().default(64),
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z.string().min(16, 'use at least 16 characters (e.g. openssl rand -hex 32)').optional(),
  ),
  PAGE_RENDERS: z.coerce.number().int().min(1).max(256).default(4),
  PAGE_RENDER_QUEUE: z.coerce.number().int().min(0).default(64),
  PAGE_RENDER_THREADS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(64).optional(),
  ),
  ADMIN_LOGINS: z.preprocess(emptyToUndefined, z.string().optional()),
  NEW_ACCOUNT_DAYS: z.coerce.number().min(0).default(7),
  NEW_ACCOUNT_BREAKTHROUGHS_PER_DAY: z.coerce.number().int().min(0).default(2),
  NEW_ACCOUNT_COMMENTS_PER_DAY: z.coerce.number().int().min(0).default(10),
  SMTP_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().optional()),
  EMAIL_DIGESTS: z
    .enum(['true', 'false', '1', '0', ''])
    .default('true')
    .transform((value) => value !== 'false' && value !== '0'),
  STATS_FLUSH_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(10).max(3_600_000).default(5000),
  ),
  PAGE_STORE_PAGES: z.coerce.number().int().min(1).default(10_000),
  PAGE_STORE_MB: z.coerce.number().positive().default(256),
  CDN_PURGE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  CDN_S_MAXAGE: z.coerce.number().int().min(0).default(60),
  CDN_STALE_WHILE_REVALIDATE: z.coerce.number().int().min(0).default(60),
  METRICS_PORT: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(65535).optional(),
  ),
  ...storageEnvSchema,
});
