import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { builtServer } from './test/built-server.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'repolog-server-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Resolves once `url` answers 200 (a refused connection means: not listening yet). */
function waitFor(url: string, timeout = 60_000): Promise<void> {
  return vi.waitFor(
    async () => {
      if (!(await fetch(url)).ok) throw new Error(`${url} is not up yet`);
    },
    { timeout, interval: 200 },
  );
}

/** Starts the built server as `npm start` does (demo mode, embedded database in dataDir). */
async function startServer(port: number) {
  const child = spawn(process.execPath, ['--enable-source-maps', builtServer()], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      DEMO_STUB_CONTROL: 'true',
      GITHUB_CLIENT_ID: '',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      if (code !== 0) console.error(output);
      resolve(code);
    }),
  );
  await waitFor(`http://127.0.0.1:${port}/api/health`);
  return { child, exited };
}

describe('the server process', () => {
  it('finishes requests in flight on SIGTERM, then exits 0; the data survives a restart', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const origin = `http://localhost:${port}`;
    const first = await startServer(port);

    const official = async () =>
      (await (await fetch(`${base}/api/blog/non-member/39`)).json()) as {
        blog_name: string;
        created_at: string;
      };
    const before = await official();
    expect(before.blog_name).toBe('Repolog Official');

    // Make GitHub slow so a request is still running when the signal arrives.
    await fetch(`${base}/__github/_stub/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ latencyMs: 1500 }),
    });
    const inFlight = fetch(`${base}/api/check-user?username=octocat`);
    // No guessing how long the request takes to arrive: the stand-in says when it holds it.
    const pending = async () =>
      ((await (await fetch(`${base}/__github/_stub/pending`)).json()) as { pending: number })
        .pending;
    await expect.poll(pending, { timeout: 10_000, interval: 10 }).toBeGreaterThan(0);
    first.child.kill('SIGTERM');
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ isexists: true });
    expect(await first.exited).toBe(0);
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();

    // npm start again: the seeded data is still there and is not seeded twice.
    const second = await startServer(port);
    // The same rows, not a fresh seed (seeding stamps times relative to the start).
    expect(await official()).toEqual(before);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  }, 120_000);
});
