/**
 * Image upload benchmark: how many 3 MB photos per second POST /api/media takes (each decoded,
 * re-encoded to WebP and stored), and how much memory the server holds while 10 upload at
 * once. The photo (12 megapixels, EXIF with GPS) is generated with sharp at bench time. Needs
 * `npm run build` and PostgreSQL; prints figures, asserts nothing:
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/media.ts
 *
 * Options (env): BENCH_DURATION seconds of sustained uploads (default 20), BENCH_CONNECTIONS
 * uploads in flight during that run (default 2).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import sharp from 'sharp';
import { TokenKeys } from '../apps/server/src/auth/tokens.js';
import { SECRET, serverEnv } from './kit.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const duration = Number(process.env.BENCH_DURATION ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 2);
const PORT = 3913;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const MB = 1024 * 1024;

async function waitFor(url: string, timeoutMs = 90_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

async function freshDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A signed-in writer: a user, a session and an access token cookie for it. */
async function writerCookie(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const user = await client.query<{ id: number }>(
    "INSERT INTO users (github_id, user_name, signed_up_at) VALUES (1, 'bench-writer', now()) RETURNING id",
  );
  const userId = user.rows[0]?.id;
  if (!userId) throw new Error('no user');
  const sessionId = randomUUID();
  await client.query('INSERT INTO sessions (id, user_id) VALUES ($1, $2)', [sessionId, userId]);
  await client.end();
  const token = new TokenKeys(SECRET).signAccess({
    sub: userId,
    sid: sessionId,
    name: 'bench-writer',
  });
  return `accessToken=${token}`;
}

/** A 12-megapixel JPEG of about 3 MB with a camera's EXIF and a GPS position. */
async function photo(): Promise<Buffer> {
  return sharp({
    create: {
      width: 4032,
      height: 3024,
      channels: 3,
      background: '#6b8e23',
      noise: { type: 'gaussian', mean: 110, sigma: 10 },
    },
  })
    .withExif({
      IFD0: { Make: 'Phone', Model: 'Bench 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '37/1 33/1 59/1' },
    })
    .jpeg({ quality: 89 })
    .toBuffer();
}

/**
 * The photo with a JPEG comment saying `n` after its start marker: different bytes each time,
 * so no upload is answered from an earlier one (every one is decoded and encoded).
 */
function variant(base: Buffer, n: number): Buffer {
  const text = Buffer.from(`bench upload ${n}`);
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([base.subarray(0, 2), segment, text, base.subarray(2)]);
}

async function upload(cookie: string, file: Buffer): Promise<{ ms: number; status: number }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)], { type: 'image/jpeg' }), 'photo.jpg');
  const started = performance.now();
  const res = await fetch(`${ORIGIN}/api/media`, {
    method: 'POST',
    headers: { cookie, origin: ORIGIN },
    body: form,
  });
  await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status };
}

/** Resident memory of a process (Linux): now, and the peak since it started. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') * 1024, peak: kb('VmHWM') * 1024 };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

const base = await photo();
console.log(`photo: 4032 × 3024 JPEG, ${(base.length / MB).toFixed(2)} MB`);
const url = await freshDatabase('repolog_bench_media');
const server = spawn(process.execPath, [path.join(here, '../apps/server/dist/server.js')], {
  env: {
    ...process.env,
    ...serverEnv(PORT, ORIGIN),
    DATABASE_URL: url,
    MEDIA_UPLOADS_PER_HOUR: '100000000',
    MEDIA_QUOTA_MB: '100000000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  await waitFor(`${ORIGIN}/api/health`);
  const pid = server.pid;
  if (!pid) throw new Error('server did not start');
  const cookie = await writerCookie(url);
  let n = 0;

  // Warm-up: the encoder, the connection pool and the JIT.
  for (let i = 0; i < 3; i += 1) {
    const res = await upload(cookie, variant(base, (n += 1)));
    if (res.status !== 200) throw new Error(`upload answered ${res.status}`);
  }

  // Memory while 10 photos upload at once.
  const idle = memoryOf(pid);
  let peak = idle.rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memoryOf(pid).rss);
  }, 20);
  const burstStarted = performance.now();
  const burst = await Promise.all(
    Array.from({ length: 10 }, () => upload(cookie, variant(base, (n += 1)))),
  );
  const burstMs = performance.now() - burstStarted;
  clearInterval(sampler);
  peak = Math.max(peak, memoryOf(pid).rss);
  const failed = burst.filter((r) => r.status !== 200).length;
  console.log(
    `10 at once: all done in ${(burstMs / 1000).toFixed(1)} s${failed ? `, ${failed} failed` : ''}; server memory ${(idle.rss / MB).toFixed(0)} MB idle -> ${(peak / MB).toFixed(0)} MB peak (+${((peak - idle.rss) / MB).toFixed(0)} MB)`,
  );

  // Sustained uploads, `connections` in flight.
  const times: number[] = [];
  let errors = 0;
  const until = performance.now() + duration * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const res = await upload(cookie, variant(base, (n += 1)));
        if (res.status === 200) times.push(res.ms);
        else errors += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `sustained, ${connections} in flight for ${duration} s: ${(times.length / seconds).toFixed(2)} uploads/s (${((times.length * base.length) / MB / seconds).toFixed(1)} MB/s in), p50 ${percentile(times, 50).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms${errors ? `, ${errors} errors` : ''}`,
  );
  console.log(
    `server memory after: ${(memoryOf(pid).rss / MB).toFixed(0)} MB (peak since start ${(memoryOf(pid).peak / MB).toFixed(0)} MB)`,
  );
} finally {
  await stop(server);
}
