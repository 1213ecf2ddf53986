/**
 * Reading `node --cpu-prof` output: every thread of a process writes its own file
 * (`CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile`, thread 0 the main one), so the main
 * thread and the worker threads (the page render pool's) are summed apart.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A stretch of the run, in µs of the monotonic clock the profiles' times are in. */
export interface Window {
  label: string;
  from: number;
  to: number;
  /** Requests answered within it (for the time per request). */
  requests: number;
}

/** Now on the clock of the profiles' sample times (CLOCK_MONOTONIC, in any process). */
export const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/** Which package a frame belongs to: a node_modules package, node itself, or Repolog. */
function owner(url: string): string {
  if (url === '') return '(native / vm)';
  if (url.startsWith('node:')) return 'node core';
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match?.[1]) return match[1];
  if (url.includes('/apps/server/dist/')) return 'repolog (server bundle)';
  if (url.includes('/apps/web/dist-ssr/')) return 'repolog (web renderer)';
  return url;
}

const frameName = (n: ProfileNode) =>
  `${n.callFrame.functionName || '(anonymous)'}  ${owner(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;

/** Time per key over one or more profiles: self, self by package, inclusive; idle apart. */
interface Summary {
  files: number;
  total: number;
  idle: number;
  self: Map<string, number>;
  packages: Map<string, number>;
  inclusive: Map<string, number>;
}

const add = (map: Map<string, number>, key: string, us: number) =>
  map.set(key, (map.get(key) ?? 0) + us);

function summarize(files: string[], window: Window): Summary {
  const summary: Summary = {
    files: files.length,
    total: 0,
    idle: 0,
    self: new Map(),
    packages: new Map(),
    inclusive: new Map(),
  };
  for (const file of files) {
    const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const parent = new Map<number, number>();
    for (const node of profile.nodes)
      for (const child of node.children ?? []) parent.set(child, node.id);
    const selfUs = new Map<number, number>();
    // A sample's time is its delta added to the one before (the first's to the start).
    let time = profile.startTime;
    profile.samples.forEach((id, i) => {
      const delta = profile.timeDeltas[i] ?? 0;
      time += delta;
      if (time < window.from || time > window.to) return;
      selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
    });
    for (const [id, us] of selfUs) {
      const node = byId.get(id);
      if (!node) continue;
      summary.total += us;
      if (node.callFrame.functionName === '(idle)') {
        summary.idle += us;
        continue;
      }
      add(summary.self, frameName(node), us);
      add(summary.packages, owner(node.callFrame.url), us);
      // Inclusive: a sample counts for every function on its stack (once per function).
      const seen = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const frame = byId.get(at);
        if (!frame || frame.callFrame.functionName === '(root)') continue;
        seen.add(frameName(frame));
      }
      for (const key of seen) add(summary.inclusive, key, us);
    }
  }
  return summary;
}

function print(label: string, s: Summary, requests: number, top: number): void {
  const busy = s.total - s.idle;
  const pct = (us: number) =>
    `${((100 * us) / busy).toFixed(1).padStart(5)}% ${(us / 1000 / Math.max(1, requests)).toFixed(2).padStart(6)} ms/req`;
  const sorted = (map: Map<string, number>) => [...map.entries()].sort((a, b) => b[1] - a[1]);
  console.log(
    `\n== ${label}: ${s.files} thread(s), busy ${(busy / 1e6).toFixed(2)} s of ${(s.total / 1e6).toFixed(2)} s` +
      (requests > 0 ? `, ${(busy / 1000 / requests).toFixed(2)} ms per request` : ''),
  );
  console.log('\nSelf time by package:');
  for (const [pkg, us] of sorted(s.packages).slice(0, 12)) console.log(`  ${pct(us)}  ${pkg}`);
  console.log('\nSelf time by function:');
  for (const [fn, us] of sorted(s.self).slice(0, top)) console.log(`  ${pct(us)}  ${fn}`);
  console.log('\nInclusive time by function (it and what it called), node core left out:');
  for (const [fn, us] of sorted(s.inclusive)
    .filter(([fn]) => !fn.includes('  node core:') && !fn.includes('(native / vm)'))
    .slice(0, top + 15)) {
    console.log(`  ${pct(us)}  ${fn}`);
  }
}

/** Prints where the main thread and the worker threads spent their time in each window. */
export function printProfiles(dir: string, windows: Window[], top = 30): void {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(dir, f));
  if (files.length === 0) throw new Error(`no profile written to ${dir}`);
  // CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile
  const thread = (file: string) => Number(path.basename(file).split('.')[4] ?? 0);
  const main = files.filter((f) => thread(f) === 0);
  const workers = files.filter((f) => thread(f) !== 0);
  for (const window of windows) {
    const { label, requests } = window;
    print(`${label}, main thread`, summarize(main, window), requests, top);
    // The page render pool's threads, and any other worker (the markdown one).
    if (workers.length > 0)
      print(`${label}, worker threads`, summarize(workers, window), requests, top);
  }
  console.log(`\nprofiles: ${dir}`);
}
