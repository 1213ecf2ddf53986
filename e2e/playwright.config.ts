import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);
/**
 * Journeys run in this many workers, each against its own server and database. Three on the
 * 2-core CI machine: much of a journey's time is spent waiting (for the network to go idle, a
 * stats flush, a server's answer), so a third worker fills time two left idle. Whole suite,
 * same load (12-24), 2026-11-27: 2 workers 554 s and 745 CPU-s, 3 workers 466 s and 733 CPU-s.
 */
const workers = Number(process.env.E2E_WORKERS ?? 3);
/** Worker n's server listens on E2E_PORT + 100·n. */
const portOf = (index: number) => port + 100 * index;
// Playwright loads this file again in every worker with TEST_PARALLEL_INDEX set (0…workers-1,
// stable when a worker is replaced), so each worker's baseURL (and the `request` fixture) is its
// own server's. In the runner process it is unset and only `webServer` below matters.
const baseURL = `http://localhost:${portOf(Number(process.env.TEST_PARALLEL_INDEX ?? 0))}`;

/**
 * Browser journeys in Debian's Chromium against the real, built server on a fresh embedded
 * database in demo mode (GitHub stand-in). With E2E_DATABASE_URL they run on PostgreSQL.
 * The files of one worker run one after another on that worker's server, as they would with a
 * single worker; no two workers share a server, a database or a GitHub stand-in.
 */
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers,
  // A journey that fails is a bug to fix, not one to run again: no retries, in CI too. The
  // journeys that once missed were bugs of their own (a goto racing the page's own navigation to
  // /login, a key pressed before the app's code ran, sign-ins through the pages eating a
  // journey's minute, a stats dashboard reloaded until its 2 s per look ran out, an island
  // swapping the server's HTML for its skeleton while React.lazy caught up, the write page waiting
  // for the session, then its code, then the blog, then the drafts, now asked together, a
  // teammate typing into words still arriving) and are fixed.
  retries: 0,
  // Three workers, each with its browser and its server, share the 2 cores of the CI machine
  // (and other work on it): a long journey gets a minute.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    baseURL,
    // A failed journey keeps its trace (every action with the page's DOM before and after it) and
    // a screenshot of the end. The trace's film of screenshots is left out: Chromium painting and
    // encoding frames all through every journey cost a fifth of the suite's CPU (2026-11-27).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
        // Compositing (in software, with no GPU) in the browser's own process, not a GPU process
        // of its own: 66 journeys, 3 workers, load 8-16: 126 CPU-s with it apart, 110 inside.
        '--in-process-gpu',
      ],
    },
  },
  webServer: Array.from({ length: workers }, (_, index) => ({
    command: 'node ./start-server.mjs',
    url: `http://localhost:${portOf(index)}/api/health`,
    reuseExistingServer: false,
    // Both servers start (and seed the demo) at once on a shared 2-core machine.
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: { E2E_PORT: String(portOf(index)) },
  })),
});
