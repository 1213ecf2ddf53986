import type { AuthRepository } from './auth/auth.repository.js';
import type { SessionEnds } from './auth/session-ends.js';
import type { TokenKeys } from './auth/tokens.js';
import type { BlogMemberships } from './blogs/blogs.public.js';
import type { CodehostService } from './codehost/codehost.service.js';
import type { UiLanguage } from '@repolog/contract/locale';
import type { PageReads } from '@repolog/contract/pages';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { Events } from './events.js';
import type { GitHubClient } from './github/github.types.js';
import type { CacheSync } from './plugins/cache-sync.js';
import type { CdnPurge } from './plugins/cdn-purge.js';
import type { MessageBus } from './plugins/message-bus.js';
import type { SharedSlots } from './plugins/shared-slots.js';
import type { Outbox } from './outbox/outbox.js';
import type { Metrics } from './plugins/metrics.js';
import type { ObjectStore } from './plugins/object-store.js';
import type { MetaProvider } from './pages/pages.public.js';
import type { SafetyChecks } from './safety/safety.public.js';
import type { UserAccounts } from './users/users.public.js';

export type SignInListener = (signIn: {
  userId: number;
  githubToken: string;
  language: UiLanguage;
}) => Promise<void>;

/** What feature modules receive from buildApp. Modules build their own services from these. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  /** Messages to every instance (LISTEN/NOTIFY, or Redis pub/sub with REDIS_URL). */
  bus: MessageBus;
  /** Bounds held by every instance together (Redis; without it each instance's own bound). */
  slots: SharedSlots;
  /**
   * For public reads only (lists, search, article and blog views, stored pages): with
   * DATABASE_READ_URL a reader's GET may be answered by the replica. Writes through it go to
   * the primary; a read that decides a write belongs on `db`.
   */
  readDb: Db;
  /** Local events: caches of this instance react (article.changed, blog.deleted). */
  events: Events;
  /** Durable events, written in the action's transaction (likes, comments, favorites, invitations). */
  outbox: Pick<Outbox, 'add' | 'deliver' | 'handle' | 'emit'>;
  /** Drops stale per-instance cache entries here and on the other instances. */
  cacheSync: CacheSync;
  /** Purges a CDN's copies of what changed (likes and favorites, which no cache signal follows). */
  cdn: Pick<CdnPurge, 'purge'>;
  /** Sessions ended (logout, refresh-token reuse, account deletion), on every instance. */
  sessionEnds: SessionEnds;
  keys: TokenKeys;
  github: GitHubClient;
  /** Base URL of GitHub's web pages as users see them (the stand-in's in demo mode). */
  githubWebUrl: string;
  codehost: CodehostService;
  /** Accounts: remembering GitHub users, reading and deleting accounts (users/). */
  users: UserAccounts;
  /** Who belongs to which blog: the one membership read (blogs/), for every feature's rules. */
  memberships: BlogMemberships;
  auth: AuthRepository;
  /** Blocks, moderators, suspensions and new-account limits, asked before writes (safety/). */
  safety: SafetyChecks;
  /** Feature modules expose their own gauges and counters here (Prometheus). */
  metrics: Pick<Metrics, 'gauge' | 'counter'>;
  /** Feature modules add page meta providers here (article and blog pages). */
  metaProviders: MetaProvider[];
  /**
   * Feature modules put their public reads here (the calls their API routes make, as a
   * visitor), for the server-rendered pages (pages/).
   */
  pageReads: Partial<PageReads>;
  /**
   * Runs after each sign-in with the GitHub token (email reads the account's address); a
   * failure is logged and the sign-in stands.
   */
  signIns: SignInListener[];
  /** MEDIA_STORE=s3: the bucket media and share cards are written to; unset: the database. */
  objectStore: ObjectStore | undefined;
  /** Runs when the app closes (stop timers, close streams). */
  onClose: (task: () => Promise<void> | void) => void;
}
