/** What the breakthroughs service is built from. */
import type { Db } from '../db/client.js';
import type { Events } from '../events.js';
import type { CacheSync } from '../plugins/cache-sync.js';
import type { SafetyChecks } from '../safety/safety.public.js';
import type { BlogMemberships } from '../blogs/blogs.public.js';
import type { ArticleListsRepository } from './article-lists.repository.js';
import type { ArticlesRepository } from './articles.repository.js';
import type { RenderBackfill } from './render-backfill.js';
import type { RenderPool } from './render-pool.js';
import type { RevisionsRepository } from './revisions.repository.js';

/**
 * Runs inside the transaction of a post or an edit, after the article and its revision are
 * written (a draft being published goes away here); throwing undoes the whole write.
 */
export type WithinWrite = (tx: Db, articleId: number) => Promise<void>;

export interface ArticlesServiceDeps {
  repo: ArticlesRepository;
  /** The public list's queries. */
  lists: ArticleListsRepository;
  officialBlogId: number;
  renderPool: Pick<RenderPool, 'render'>;
  /** Re-renders bodies that reads find unrendered or from an older pipeline. */
  backfill: Pick<RenderBackfill, 'request'>;
  events: Events;
  cacheSync: CacheSync;
  /** Each post and saved edit records a revision in the same transaction. */
  revisions: RevisionsRepository;
  /** Who belongs to a blog (its members write in it). */
  memberships: Pick<BlogMemberships, 'find'>;
  /** New accounts post a few breakthroughs a day at most. */
  safety: Pick<SafetyChecks, 'checkBreakthrough' | 'isModerator'>;
}
