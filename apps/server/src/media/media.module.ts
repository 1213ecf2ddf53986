import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { createImageEncoder } from './image-encoder.js';
import type { MediaReferenceSource } from './media.public.js';
import { mediaRepository } from './media.repository.js';
import { registerMediaRoutes } from './media.routes.js';
import { mediaKey, mediaService } from './media.service.js';
import { createOrphanSweeper, type OrphanSweeper } from './orphan-sweeper.js';

const SWEEP_EVERY_MS = 3_600_000;
const FIRST_SWEEP_AFTER_MS = 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The clean-up of images nothing references (runs hourly; tests run it with a clock). */
    mediaSweeper: OrphanSweeper;
  }
}

export interface MediaModuleOptions {
  /** Everything that may reference a stored image; an image none of them uses is removed. */
  referenceSources: readonly MediaReferenceSource[];
}

/** Registers image upload (POST /api/media), serving (/media/{hash}.webp) and the clean-up. */
export function registerMediaModule(
  app: FastifyInstance,
  deps: AppDeps,
  options: MediaModuleOptions,
): void {
  const repo = mediaRepository(deps.db);
  const service = mediaService({
    repo,
    encoder: createImageEncoder({
      onError: (error) => app.log.info({ err: error }, 'an uploaded image could not be decoded'),
    }),
    limits: deps.config.media,
    store: deps.objectStore,
  });
  const store = deps.objectStore;
  const sweeper = createOrphanSweeper({
    repo,
    sources: options.referenceSources,
    ...(store ? { deleteObjects: (hashes) => store.delete(hashes.map(mediaKey)) } : {}),
  });
  app.decorate('mediaSweeper', sweeper);

  // Multipart bodies are parsed only by the routes of this scope.
  void app.register(async (scope) => {
    await scope.register(fastifyMultipart);
    registerMediaRoutes(scope, service);
  });

  let running = false;
  const sweep = () => {
    if (running) return;
    running = true;
    sweeper
      .sweep()
      .then(({ checked, deleted }) => {
        if (checked > 0) app.log.info({ checked, deleted }, 'unused images cleaned up');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'image clean-up failed'))
      .finally(() => {
        running = false;
      });
  };
  // A first run soon after start, so instances that restart often still clean up.
  const first = setTimeout(sweep, FIRST_SWEEP_AFTER_MS);
  const timer = setInterval(sweep, SWEEP_EVERY_MS);
  first.unref();
  timer.unref();
  deps.onClose(() => {
    clearTimeout(first);
    clearInterval(timer);
  });
}
