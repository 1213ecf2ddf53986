/**
 * What load.ts prints: one line per measured run, then the budgets (DESIGN.md §6) each size meets
 * or misses, and the flatness from the smallest size to the largest.
 */
import type { MixedResult } from './mixed-run.js';
import type { Measured } from './kit.js';

export interface Row extends Measured {
  size: number;
  section: 'hot' | 'tail';
  name: string;
  /** Throughput over the section's yardstick in the same run. */
  ratio: number;
  /** The yardstick's server CPU per request over this one's (its capacity ratio when CPU-bound). */
  cpuRatio?: number;
  kind?: 'cold' | 'list' | 'page' | 'yardstick';
}

export interface MixedRow {
  size: number;
  result: MixedResult;
}

export const fmt = (row: Row) =>
  `${String(row.size).padStart(7)}  ${row.name.padEnd(36)} ${row.rps.toFixed(0).padStart(7)} req/s  p50 ${String(row.p50).padStart(4)} ms  p99 ${String(row.p99).padStart(4)} ms  ${row.ratio.toFixed(2)}×${row.cpuUs ? `  cpu ${row.cpuUs.toFixed(0).padStart(4)} µs/req` : ''}${row.cpuRatio ? ` (${row.cpuRatio.toFixed(2)}×)` : ''}${row.errors ? `  ${row.errors} errors` : ''}`;

export function printBudgets(sizes: number[], rows: Row[], mixed: MixedRow[]): void {
  const verdict = (ok: boolean) => (ok ? 'ok    ' : 'MISSED');
  console.log('\nBudgets (DESIGN.md §6), per size:');
  for (const size of sizes) {
    for (const row of rows.filter((r) => r.size === size && r.section === 'tail')) {
      if (row.kind === 'cold') {
        console.log(
          `  ${verdict(row.ratio >= 0.5 && row.p99 < 15)} ${String(size).padStart(7)} ${row.name.padEnd(30)} ≥ 0.5× the pg yardstick (${row.ratio.toFixed(2)}×${row.cpuRatio ? `; by server CPU per request ${row.cpuRatio.toFixed(2)}×` : ''}), p99 < 15 ms (${row.p99})`,
        );
      } else if (row.kind === 'list') {
        console.log(
          `  ${verdict(row.p99 < 25)} ${String(size).padStart(7)} ${row.name.padEnd(30)} p99 < 25 ms (${row.p99})`,
        );
      } else if (row.kind === 'page') {
        console.log(
          `  ${verdict(row.p99 < 25 && row.errors === 0)} ${String(size).padStart(7)} ${row.name.padEnd(30)} p99 < 25 ms (${row.p99}), ${row.ratio.toFixed(2)}× the pg yardstick, non-2xx ${row.errors}`,
        );
      }
    }
    for (const row of rows.filter((r) => r.size === size && r.section === 'hot')) {
      if (row.name.startsWith('bare')) continue;
      console.log(
        `  ${verdict(row.p99 < 25)} ${String(size).padStart(7)} hot: ${row.name.padEnd(25)} p99 < 25 ms (${row.p99})`,
      );
    }
    for (const { result } of mixed.filter((m) => m.size === size)) {
      const lost = result.lost.likes + result.lost.comments + result.lost.breakthroughs;
      const unpushed = result.streams.written - result.streams.notices;
      console.log(
        `  ${verdict(result.errors === 0 && lost === 0 && result.likeCountsOff === 0 && unpushed === 0)} ${String(size).padStart(7)} mixed run: 0 errors (${result.errors}), 0 lost writes (${lost}), counters exact (${result.likeCountsOff} off), every notice pushed (${unpushed} not)`,
      );
    }
  }

  if (sizes.length > 1) {
    const smallest = Math.min(...sizes);
    const largest = Math.max(...sizes);
    // Throughput is compared as the ratio to its own yardstick at each size (a shared machine's
    // load moves raw figures more than the data does), and by server CPU per request where known.
    console.log(
      `\nFlatness (${largest} vs ${smallest} articles; budget under 2×: cost per request, by server CPU where measured, else by throughput relative to the yardstick):`,
    );
    for (const row of rows.filter(
      (r) => r.size === largest && !r.name.startsWith('bare') && r.kind !== 'yardstick',
    )) {
      const small = rows.find(
        (r) => r.size === smallest && r.name === row.name && r.section === row.section,
      );
      if (!small) continue;
      const p99 = row.p99 / Math.max(small.p99, 1);
      const slower = small.ratio / Math.max(row.ratio, 0.001);
      const cpu = row.cpuUs && small.cpuUs ? row.cpuUs / small.cpuUs : undefined;
      console.log(
        `  ${verdict((cpu ?? slower) < 2)} ${row.section.padEnd(4)} ${row.name.padEnd(34)} ${cpu ? `CPU per request ${cpu.toFixed(2)}×   ` : ''}throughput (vs yardstick) ${slower.toFixed(2)}× lower   p99 ${p99.toFixed(2)}×`,
      );
    }
  }
}
