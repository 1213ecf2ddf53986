import { afterEach, vi } from 'vitest';

/**
 * Test files share one module graph (`isolate: false`): whatever a test changes process-wide
 * is put back after it, so the next file starts from the real clock.
 */
afterEach(() => {
  vi.useRealTimers();
});
