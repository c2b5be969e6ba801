/**
 * `npm run bench`: measured figures, printed (benchmarks are not tests): the options engine
 * (scan, IV, greeks, and the comparison with @uqee/black-scholes), the journal with 10,000
 * trades (import, first page, stats, export), marking 1,000 users' 10,000 open legs, the live feeds (a generator run, GET /api/feeds/*
 * at 50 readers), the shared chain snapshot (build per symbol and universe, a cold container's
 * first scan reading it against building its own), the Lambda bundles (size, cold init against the DynamoDB client's, the
 * scanner's first request against its warm ones), then how long `npm start`
 * takes from process spawn to "Ready", on a fresh data dir and on a restart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startUntilReady } from '../helpers/start-process';
import { runBundlesBench } from './bundles';
import { runChainSnapshotBench } from './chain-snapshot';
import { runFeedsBench } from './feeds';
import { runJournalBench } from './journal';
import { runOptionsEngineBench } from './options-engine';
import { runPositionsBench } from './positions';

const RUNS = 3;

await runOptionsEngineBench();
console.log('');
await runJournalBench();
console.log('');
await runPositionsBench();
console.log('');
await runFeedsBench();
console.log('');
await runChainSnapshotBench();
console.log('');
await runBundlesBench();
console.log('');

async function timeToReady(dataDir: string): Promise<number> {
  const started = performance.now();
  const process = await startUntilReady({ PORT: '0', DATA_DIR: dataDir });
  const elapsed = performance.now() - started;
  process.child.kill('SIGTERM');
  await process.exited;
  return elapsed;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const fresh: number[] = [];
const restart: number[] = [];
for (let run = 0; run < RUNS; run += 1) {
  const dataDir = mkdtempSync(join(tmpdir(), 'edge-bench-'));
  fresh.push(await timeToReady(dataDir));
  restart.push(await timeToReady(dataDir));
  rmSync(dataDir, { recursive: true, force: true });
}

const format = (values: number[]) =>
  `median ${(median(values) / 1000).toFixed(2)} s (runs: ${values.map((v) => (v / 1000).toFixed(2)).join(', ')})`;
console.log('npm start, spawn to "Ready" (target < 15 s):');
console.log(`  first start, new data dir : ${format(fresh)}`);
console.log(`  restart, existing data    : ${format(restart)}`);
