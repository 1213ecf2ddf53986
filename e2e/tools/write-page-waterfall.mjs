// Prints when each request of the write page starts and ends, and when its form is usable
// (the Title field editable, the draft offer shown), from the navigation on. A measurement, not a
// test: `node tools/write-page-waterfall.mjs [rtt-ms] [runs]` against a server on E2E_PORT.
import { chromium, expect } from '@playwright/test';

const port = process.env.E2E_PORT ?? '4173';
const base = `http://localhost:${port}`;
const rtt = Number(process.argv[2] ?? 0);
const runs = Number(process.argv[3] ?? 5);
const path = process.env.WATERFALL_PATH ?? '/blog/32/breakthrough/write';

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});

async function signIn(context, login) {
  const start = await context.request.get(`${base}/api/auth/github/authorize`, { maxRedirects: 0 });
  const authorize = new URL(start.headers().location);
  const picked = await context.request.post(`${base}${authorize.pathname}`, {
    form: { ...Object.fromEntries(authorize.searchParams), login },
    maxRedirects: 0,
  });
  const back = new URL(picked.headers().location);
  await context.request.post(`${base}/api/auth/github`, {
    data: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
    headers: { origin: authorize.origin },
  });
}

const context = await browser.newContext();
await signIn(context, 'dana-kim');
const usable = [];
for (let run = 0; run < runs; run += 1) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  // A fresh load each time: no HTTP cache, as on a first visit.
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (rtt > 0)
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: rtt,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  const seen = new Map();
  let t0 = 0;
  page.on('request', (r) => seen.set(r, { url: r.url(), start: Date.now() - t0 }));
  page.on('requestfinished', (r) => {
    const entry = seen.get(r);
    if (entry) entry.end = Date.now() - t0;
  });
  t0 = Date.now();
  await page.goto(`${base}${path}`, { waitUntil: 'commit' });
  await expect(page.getByLabel('Title')).toBeEditable({ timeout: 60_000 });
  const formAt = Date.now() - t0;
  await page
    .getByRole('region', { name: 'Continue an unfinished breakthrough?' })
    .waitFor({ state: 'visible', timeout: 5_000 })
    .catch(() => undefined);
  const offerAt = Date.now() - t0;
  usable.push(formAt);
  if (run === runs - 1 || process.env.WATERFALL_ALL) {
    console.log(`run ${run + 1}: form usable at ${formAt} ms, draft offer at ${offerAt} ms`);
    for (const { url, start, end } of [...seen.values()].sort((a, b) => a.start - b.start)) {
      const short = url.replace(base, '');
      if (/\.(svg|woff2?|png)$/.test(short)) continue;
      console.log(`  ${String(start).padStart(5)} → ${String(end ?? '…').padStart(5)}  ${short}`);
    }
  }
  await page.close();
}
usable.sort((a, b) => a - b);
console.log(
  `rtt ${rtt} ms, ${runs} loads: form usable median ${usable[Math.floor(runs / 2)]} ms (min ${usable[0]}, max ${usable.at(-1)})`,
);
await browser.close();
