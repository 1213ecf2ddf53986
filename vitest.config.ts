import { configDefaults, defineConfig } from 'vitest/config';

// One `vitest run` covers every workspace. The server project runs on embedded PGlite;
// when TEST_DATABASE_URL is set, the same server tests run a second time on PostgreSQL.
const pg = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'packages/github-stub',
      'packages/markdown',
      'apps/web',
      {
        extends: 'apps/server/vitest.config.ts',
        test: {
          name: 'server:pglite',
          root: 'apps/server',
          env: { TEST_DATABASE_URL: '' },
          // Built instances behind HAProxy on a PostgreSQL primary and its streaming replica,
          // and the replica's own tests: the PostgreSQL pass runs them.
          exclude: [...configDefaults.exclude, 'src/cluster.test.ts', 'src/db/replica.test.ts'],
        },
      },
      ...(pg
        ? [
            {
              extends: 'apps/server/vitest.config.ts',
              test: {
                name: 'server:postgres',
                root: 'apps/server',
                env: { TEST_DATABASE_URL: pg },
                // Starts the server as `npm start` does, on embedded PGlite whatever the run:
                // the PGlite run covers it.
                exclude: [...configDefaults.exclude, 'src/server.test.ts'],
              },
            },
          ]
        : []),
    ],
  },
});
