import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyWebsocket from '@fastify/websocket';
import { LIVE_MAX_MESSAGE_BYTES } from '@repolog/contract/live';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { AppOptions } from './app-options.js';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { articleMediaReferences } from './articles/article-media.repository.js';
import { registerArticlesModule } from './articles/articles.module.js';
import { authRepository } from './auth/auth.repository.js';
import { registerAuthModule } from './auth/auth.module.js';
import { createSessionEnds } from './auth/session-ends.js';
import { TokenKeys } from './auth/tokens.js';
import { blogMemberships } from './blogs/blog-memberships.js';
import { registerBlogsModule } from './blogs/blogs.module.js';
import { codehostRepository } from './codehost/codehost.repository.js';
import { registerCodehostModule } from './codehost/codehost.module.js';
import { codehostService } from './codehost/codehost.service.js';
import { registerCommentsModule } from './comments/comments.module.js';
import type { AppDeps } from './deps.js';
import { seedDemoData } from './demo/demo.seed.js';
import { registerDraftsModule } from './drafts/drafts.module.js';
import { createEvents } from './events.js';
import { createCdnPurge, purgeOnChanges } from './plugins/cdn-purge.js';
import { registerHttpCache } from './plugins/http-cache.js';
import { registerFavoritesModule } from './favorites/favorites.module.js';
import { registerEmailModule } from './email/email.module.js';
import { registerFeedsModule } from './feeds/feeds.module.js';
import { createGitHubClient } from './github/github.client.js';
import { createGitHubApp } from './github/github-app.js';
import { githubAppTokens, registerGitHubAppModule } from './github-app/github-app.module.js';
import { startDemoGitHub, type DemoGitHub } from './github/demo-github.js';
import { registerHealthRoutes } from './health/health.routes.js';
import { registerLikesModule } from './likes/likes.module.js';
import { registerMediaModule } from './media/media.module.js';
import { registerNotificationsModule } from './notifications/notifications.module.js';
import { createOutbox } from './outbox/outbox.js';
import { outboxRepository } from './outbox/outbox.repository.js';
import { registerApiDocs, registerOpenApi } from './plugins/api-docs.js';
import { loadPageRenderer } from './pages/page-renderer.js';
import { registerPagesModule } from './pages/pages.module.js';
import { rateLimitError, registerErrorHandler } from './plugins/error-handler.js';
import { openMessaging } from './plugins/messaging.js';
import { sharedSlots } from './plugins/shared-slots.js';
import { registerMetrics, registerMetricsRoute } from './plugins/metrics.js';
import { openObjectStore } from './plugins/object-store.js';
import { registerReadRouting } from './plugins/read-routing.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { createCacheSync } from './plugins/cache-sync.js';
import { registerRouteCatalog } from './plugins/route-catalog.js';
import { routePath } from './plugins/route-path.js';
import { registerSecurity } from './plugins/security.js';
import { registerSearchModule } from './search/search.module.js';
import { registerSeriesModule } from './series/series.module.js';
import { registerSerializer } from './plugins/serializer.js';
import type { MetaProvider } from './pages/pages.public.js';
import { registerStaticSpa } from './plugins/static-spa.js';
import { safetyChecks } from './safety/safety-checks.js';
import { registerSafetyModule } from './safety/safety.module.js';
import { registerStatsModule } from './stats/stats.module.js';
import { registerUsersModule } from './users/users.module.js';
import { userAccounts } from './users/user-accounts.js';

export type { AppOptions } from './app-options.js';

/** Builds the whole Repolog server. It never listens: server.ts and the tests decide that. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    bodyLimit: 1_048_576,
    return503OnClosing: true,
    trustProxy: config.trustProxy,
    // Per-request lines only when debugging; errors are logged by the error handler.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  });
  registerRouteCatalog(app);
  app.setValidatorCompiler(validatorCompiler);
  registerSerializer(app, options.validateResponses ? 'validating' : 'fast');

  registerErrorHandler(app);
  await registerOpenApi(app, config.publicUrl);
  const metrics = registerMetrics(app, { database });
  // REDIS_URL unreachable throws here, before anything is started.
  const messaging = await openMessaging(config, database, app.log, metrics);
  const { bus } = messaging;
  const objectStore = await openObjectStore(config.storage.objectStore);
  registerSecurity(app, config.publicUrl, objectStore?.publicOrigin);
  registerInputGuard(app);
  await app.register(fastifyCookie, { secret: config.secret });
  const secure = config.publicUrl.startsWith('https://');
  registerReadRouting(app, { replica: config.storage.replica, database, metrics, secure });
  // Before compression: the ETag names the answer's own bytes.
  registerHttpCache(app, config.cdn);
  // Answers up to 128 KiB (a server-rendered page is ~40 KB) are compressed in one synchronous
  // call: the plugin's stream path for them (its default above 8 KiB on two cores) cost more of
  // the request's thread in stream plumbing than the compression itself (bench/README.md).
  await app.register(fastifyCompress, {
    threshold: 1024,
    syncThreshold: 128 * 1024,
    encodings: ['br', 'gzip'],
  });
  // Live co-editing (drafts/): a message past LIVE_MAX_MESSAGE_BYTES is refused with a reason
  // the page shows; this is only the hard stop behind it.
  await app.register(fastifyWebsocket, { options: { maxPayload: LIVE_MAX_MESSAGE_BYTES * 4 } });
  await app.register(fastifyRateLimit, {
    global: true,
    max: options.rateLimitMax ?? config.rateLimitPerMinute,
    timeWindow: '1 minute',
    allowList: (request) => !routePath(request).startsWith('/api/'),
    errorResponseBuilder: (_request, context) => rateLimitError(context.ttl),
    ...(messaging.rateLimitStore ? { store: messaging.rateLimitStore } : {}),
  });

  // Run in reverse: Redis closes after everything that uses it.
  const closers: (() => Promise<void> | void)[] = [
    () => messaging.close(),
    () => objectStore?.close(),
  ];
  app.addHook('onClose', async () => {
    for (const close of closers.reverse()) await close();
  });

  let demo: DemoGitHub | null = null;
  if (config.demo) {
    demo = await startDemoGitHub(app, {
      publicUrl: config.publicUrl,
      clientId: config.github.clientId,
      clientSecret: config.github.clientSecret,
      allowControl: config.demoStubControl,
      // The demo team's blogs (32 and 38) start connected through the stand-in's App.
      installed: options.seedDemo
        ? [{ account: 'repolog-team', repos: ['frontend', 'backend'] }]
        : [],
    });
    const stop = demo;
    closers.push(() => stop.close());
  }
  app.decorate('demoGitHub', demo);
  const github = createGitHubClient({
    apiUrl: demo ? `${demo.internalUrl}/api/v3` : config.github.apiUrl,
    authorizeBaseUrl: demo ? demo.publicUrl : config.github.webUrl,
    oauthBaseUrl: demo ? demo.internalUrl : config.github.webUrl,
    clientId: config.github.clientId,
    clientSecret: config.github.clientSecret,
    ...(options.githubTimeoutMs ? { timeoutMs: options.githubTimeoutMs } : {}),
  });
  const githubWebUrl = demo ? demo.publicUrl : config.github.webUrl;
  // Repolog's GitHub App: configured (GITHUB_APP_*), played by the stand-in, or none.
  const appConfig = demo ? demo.app : config.githubApp;
  const githubApp =
    appConfig &&
    createGitHubApp({
      ...appConfig,
      apiUrl: demo ? `${demo.internalUrl}/api/v3` : config.github.apiUrl,
      webUrl: githubWebUrl,
      ...(options.githubTimeoutMs ? { timeoutMs: options.githubTimeoutMs } : {}),
    });
  const appTokens = githubAppTokens({ db: database.db }, githubApp);
  const keys = new TokenKeys(config.secret);
  const auth = authRepository(database.db);
  const events = createEvents((error, event) =>
    app.log.error({ err: error, event }, 'event listener failed'),
  );
  const cdn = createCdnPurge({
    url: config.cdn.purgeUrl,
    onError: (error) => app.log.warn({ err: error }, 'CDN purge failed after retries'),
  });
  closers.push(() => cdn.stop());
  const synced = createCacheSync(bus, (error) =>
    app.log.warn({ err: error }, 'cache change not sent to the other instances'),
  );
  await synced.start();
  closers.push(() => synced.stop());
  const cacheSync = purgeOnChanges(synced, events, cdn);
  const sessionEnds = createSessionEnds(bus, (error) =>
    app.log.warn({ err: error }, 'the end of a session was not sent to the other instances'),
  );
  await sessionEnds.start();
  closers.push(() => sessionEnds.stop());
  const outbox = createOutbox({
    repo: outboxRepository(database.db),
    database,
    onError: (error, event) => app.log.error({ err: error, event }, 'delivering an event failed'),
    ...(options.outboxHooks ? { hooks: options.outboxHooks } : {}),
  });
  app.decorate('outbox', outbox);
  metrics.counter(
    'repolog_events_delivered_total',
    'Outbox events delivered (notifications written and pushed, caches synced), by event.',
    'event',
    () => outbox.stats().delivered,
  );
  metrics.counter(
    'repolog_events_failed_total',
    'Outbox delivery attempts that failed (retried with back-off), by event.',
    'event',
    () => outbox.stats().failed,
  );
  metrics.gauge('repolog_events_pending', 'Outbox events not yet delivered.', () =>
    outbox.countPending(),
  );
  const memberships = blogMemberships(database.db);
  const metaProviders: MetaProvider[] = [];
  const pageReads: AppDeps['pageReads'] = {};
  const deps: AppDeps = {
    config,
    database,
    db: database.db,
    bus,
    slots: sharedSlots(messaging.redis, 'render_queue'),
    readDb: database.read,
    events,
    outbox,
    cacheSync,
    cdn,
    sessionEnds,
    keys,
    github,
    githubWebUrl,
    users: userAccounts(database.db),
    memberships,
    auth,
    safety: safetyChecks(database.db, config),
    codehost: codehostService({
      github,
      repo: codehostRepository(database.db),
      memberships,
      tokenOf: async (userId) => {
        const sealed = await auth.findGithubToken(userId);
        return sealed ? keys.decrypt(sealed) : undefined;
      },
      appToken: async (repoKey) => (await appTokens.forRepo(repoKey))?.token,
      webUrl: githubWebUrl,
      outbox,
    }),
    metaProviders,
    metrics,
    pageReads,
    signIns: [],
    objectStore,
    onClose: (task) => closers.push(task),
  };

  if (options.seedDemo && demo && (await seedDemoData(database.db, githubWebUrl))) {
    app.log.info('demo data seeded');
  }

  registerHealthRoutes(app, database, config.demo);
  registerAuthModule(app, deps);
  registerSafetyModule(app, deps);
  registerCodehostModule(app, deps);
  const githubAppModule = registerGitHubAppModule(app, deps, githubApp, appTokens);
  if (demo && options.seedDemo) await githubAppModule.recordInstalled(demo.installed());
  registerBlogsModule(app, deps);
  registerFavoritesModule(app, deps);
  const articles = registerArticlesModule(app, deps);
  registerSearchModule(app, deps, articles);
  registerSeriesModule(app, deps, articles.lists);
  const drafts = registerDraftsModule(app, deps, articles, {
    ...(options.liveKeepaliveMs ? { liveKeepaliveMs: options.liveKeepaliveMs } : {}),
  });
  registerLikesModule(app, deps, articles.lists);
  registerCommentsModule(app, deps);
  registerNotificationsModule(app, deps);
  const email = registerEmailModule(app, deps);
  app.decorate('emailDigests', email.digests);
  registerUsersModule(app, deps, articles.lists);
  registerFeedsModule(app, deps);
  registerStatsModule(app, deps);
  registerMediaModule(app, deps, {
    referenceSources: [articleMediaReferences(deps.db), drafts.mediaReferences],
  });
  const pages = registerPagesModule(app, deps, {
    renderer: options.pageRenderer
      ? await loadPageRenderer(options.pageRenderer, config.pageRenders)
      : undefined,
    webDist: options.webDist,
  });

  await registerApiDocs(app);
  registerMetricsRoute(app, config.metricsToken);

  await drafts.start();
  // Every handler is registered: deliver what an earlier process left, then keep watching.
  await outbox.start();
  closers.push(() => outbox.stop());

  await registerStaticSpa(app, { webDist: options.webDist, fallback: pages });
  return app;
}
