/** What buildApp is given, and what it adds to the Fastify instance. */
import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { EmailDigests } from './email/email-digests.js';
import type { DemoGitHub } from './github/demo-github.js';
import type { Outbox, OutboxHooks } from './outbox/outbox.js';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Built web app to serve (apps/web/dist); absent: API only. */
  webDist?: string;
  /** Fastify logger settings; false silences it (tests). */
  logger?: FastifyServerOptions['logger'];
  /** Per-call GitHub time-out (tests shorten it). */
  githubTimeoutMs?: number;
  /** Requests per minute per client before 429; tests raise it. */
  rateLimitMax?: number;
  /** Check every response against its contract schema before writing it (tests). */
  validateResponses?: boolean;
  /** In demo mode, fill an empty database with the demo blogs, articles and people. */
  seedDemo?: boolean;
  /** Test hooks into the outbox's delivery (the crash test stops a process there). */
  outboxHooks?: OutboxHooks;
  /** How often live draft connections are pinged (tests shorten it). */
  liveKeepaliveMs?: number;
  /** The web app's built server renderer (apps/web/dist-ssr/entry-server.js); absent: no SSR. */
  pageRenderer?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-process GitHub stand-in, in demo mode. */
    demoGitHub: DemoGitHub | null;
    /** Durable side effects: written with the action, delivered exactly once. */
    outbox: Outbox;
    /** The daily and weekly digests (tests start a period by hand). */
    emailDigests: EmailDigests;
  }
}
