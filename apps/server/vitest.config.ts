import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    setupFiles: ['src/test/setup.ts'],
    // The server's test files share one module graph: no file mocks a module, and each builds
    // its own app and database, so re-importing the server for every file (a third of the
    // unit stage's CPU) buys nothing.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
