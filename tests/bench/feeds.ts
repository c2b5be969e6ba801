/**
 * The live feeds: how long a scheduled run takes to generate all four feeds (the pure
 * generators, minute after minute, warm, as a Lambda container runs them; and the jobs with
 * their DynamoDB writes), and GET /api/feeds/* latency for 50 readers on the local runtime as
 * `npm start` runs it (its own process, reached over HTTP).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { feedNames, feedPollMs, type FeedName } from '@shared/feeds/schemas';
import { apiPath } from '@shared/routes';
import { ensureTables, startDynamo } from '../../scripts/local/dynamo';
import { feedsRepo } from '../../lambdas/feeds/repository';
import { enforceFeedCaps, itemsForRun, runFeedGenerators } from '../../lambdas/feeds/service';
import { signInDemo, startUntilReady } from '../helpers/start-process';

const READERS = 50;
const REQUESTS_PER_READER = 40;
const RUNS = 60;

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
const PACED_SECONDS = 90;

function report(label: string, byFeed: Map<FeedName, number[]>) {
  const all = [...byFeed.values()].flat();
  console.log(
    `  GET /api/feeds/*, ${label}, ${all.length} requests over HTTP: p50 ${ms(percentile(all, 50))}, p99 ${ms(
      percentile(all, 99),
    )} (target p99 ≤ 25 ms)`,
  );
  for (const [feed, values] of byFeed)
    console.log(`    ${feed.padEnd(8)} p50 ${ms(percentile(values, 50))}, p99 ${ms(percentile(values, 99))}`);
}

/** Minute-by-minute runs from `start`: each generates what falls due after the previous one. */
function generatorRuns(start: number): { first: number; runs: number[]; items: number } {
  const newest = new Map<FeedName, string | null>(feedNames.map((feed) => [feed, null]));
  const runOnce = (now: number) => {
    let count = 0;
    for (const feed of feedNames) {
      const items = itemsForRun(feed, newest.get(feed) ?? null, new Date(now));
      if (items.length > 0) newest.set(feed, items.at(-1)!.timestamp);
      count += items.length;
    }
    return count;
  };
  let started = performance.now();
  runOnce(start);
  const first = performance.now() - started;
  const runs: number[] = [];
  let items = 0;
  for (let minute = 1; minute <= RUNS; minute += 1) {
    started = performance.now();
    items += runOnce(start + minute * 60_000);
    runs.push(performance.now() - started);
  }
  return { first, runs, items };
}

/** The scheduled job with its DynamoDB writes, minute after minute, on a dynalite of its own. */
async function jobRuns(start: number): Promise<{ seeding: number; runs: number[] }> {
  const dynamo = await startDynamo({});
  const raw = new DynamoDBClient({
    endpoint: dynamo.endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    await ensureTables(raw);
    const repo = feedsRepo(
      DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } }),
      'feeds',
    );
    let began = performance.now();
    await runFeedGenerators(repo, new Date(start));
    const seeding = performance.now() - began;
    const runs: number[] = [];
    for (let minute = 1; minute <= 20; minute += 1) {
      began = performance.now();
      await runFeedGenerators(repo, new Date(start + minute * 60_000));
      await enforceFeedCaps(repo);
      runs.push(performance.now() - began);
    }
    return { seeding, runs };
  } finally {
    raw.destroy();
    await dynamo.close();
  }
}

export async function runFeedsBench(): Promise<void> {
  console.log('Live feeds (simulated market; all four feeds per run):');
  for (const [label, start] of [
    ['market open (Mon 10:00 New York)', Date.parse('2026-11-23T15:00:00Z')],
    ['market closed (Mon 22:00 New York)', Date.parse('2026-11-24T03:00:00Z')],
  ] as const) {
    const { first, runs, items } = generatorRuns(start);
    console.log(
      `  generator run, ${label}: p50 ${ms(percentile(runs, 50))}, p90 ${ms(percentile(runs, 90))}, max ${ms(
        Math.max(...runs),
      )} over ${RUNS} one-minute runs (${(items / RUNS).toFixed(1)} items a run; target ≤ 50 ms); seeding run ${ms(first)}`,
    );
  }
  const job = await jobRuns(Date.parse('2026-11-23T15:00:00Z'));
  console.log(
    `  the scheduled jobs with their DynamoDB writes and the cap (dynalite in memory): p50 ${ms(
      percentile(job.runs, 50),
    )}, max ${ms(Math.max(...job.runs))}; seeding ${ms(job.seeding)}`,
  );

  // The local runtime as `npm start` runs it, in its own process: its schedule fills the feeds at start.
  const dataDir = mkdtempSync(join(tmpdir(), 'edge-bench-feeds-'));
  const started = await startUntilReady({ PORT: '0', DATA_DIR: dataDir });
  try {
    const token = await signInDemo(started);
    const read = async (feed: FeedName) => {
      const began = performance.now();
      const response = await fetch(`${started.url}${apiPath('getFeed', { feed })}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = await response.text();
      if (!response.ok) throw new Error(`${feed}: ${response.status} ${body.slice(0, 200)}`);
      return {
        ms: performance.now() - began,
        items: (JSON.parse(body) as { items: unknown[] }).items.length,
      };
    };
    for (const feed of feedNames) {
      const deadline = performance.now() + 60_000;
      while ((await read(feed)).items === 0) {
        if (performance.now() > deadline) throw new Error(`the ${feed} feed stayed empty`);
        await sleep(500);
      }
    }

    // 50 readers with a feed page open, each polling at its feed's pace (what the pages do).
    const paced = new Map<FeedName, number[]>(feedNames.map((feed) => [feed, []]));
    const until = performance.now() + PACED_SECONDS * 1000;
    await Promise.all(
      Array.from({ length: READERS }, async (_, reader) => {
        const feed = feedNames[reader % feedNames.length]!;
        const every = feedPollMs(feed);
        await sleep(Math.random() * every);
        while (performance.now() < until) {
          const next = performance.now() + every;
          paced.get(feed)!.push((await read(feed)).ms);
          await sleep(Math.max(0, next - performance.now()));
        }
      }),
    );
    report(`50 readers polling at their feed's pace (${PACED_SECONDS} s)`, paced);

    // The same 50 readers asking back to back: what the runtime sustains.
    const saturated = new Map<FeedName, number[]>(feedNames.map((feed) => [feed, []]));
    const began = performance.now();
    await Promise.all(
      Array.from({ length: READERS }, async (_, reader) => {
        for (let i = 0; i < REQUESTS_PER_READER; i += 1) {
          const feed = feedNames[(reader + i) % feedNames.length]!;
          saturated.get(feed)!.push((await read(feed)).ms);
        }
      }),
    );
    const wall = performance.now() - began;
    report(
      `50 readers back to back, no pause (${Math.round(((READERS * REQUESTS_PER_READER) / wall) * 1000)} requests/s)`,
      saturated,
    );

    // The floor: the smallest signed-in route (GET /api/profile: the token checks and one read), the same way.
    const floor: number[] = [];
    const floorBegan = performance.now();
    await Promise.all(
      Array.from({ length: READERS }, async () => {
        for (let i = 0; i < REQUESTS_PER_READER; i += 1) {
          const began = performance.now();
          const response = await fetch(`${started.url}${apiPath('getProfile')}`, {
            headers: { authorization: `Bearer ${token}` },
          });
          await response.text();
          floor.push(performance.now() - began);
        }
      }),
    );
    const floorRate = Math.round((floor.length / (performance.now() - floorBegan)) * 1000);
    console.log(
      `  for comparison, GET /api/profile the same way: p50 ${ms(percentile(floor, 50))}, p99 ${ms(
        percentile(floor, 99),
      )} (${floorRate} requests/s)`,
    );
  } finally {
    started.child.kill('SIGTERM');
    await started.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}
