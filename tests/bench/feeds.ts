/**
 * The live feeds: how long a scheduled run takes to generate all four feeds (the pure
 * generators, minute after minute, warm, as a Lambda container runs them; and the whole job
 * with its DynamoDB writes on the local runtime), and GET /api/feeds/* latency at 50 concurrent
 * readers on the local runtime as `npm start` runs it.
 */
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { feedNames, feedPollMs, type FeedName } from '@shared/feeds/schemas';
import { apiPath } from '@shared/routes';
import { startRuntime } from '../../scripts/local/runtime';
import { itemsForRun } from '../../lambdas/feeds/service';

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

  const dataDir = mkdtempSync(join(tmpdir(), 'edge-bench-feeds-'));
  const logLevel = process.env.LOG_LEVEL;
  process.env.LOG_LEVEL = 'warn';
  const runtime = await startRuntime({ dataDir, port: 0, frontend: 'none', schedules: false, log: () => {} });
  try {
    const auth = await new CognitoIdentityProviderClient({
      endpoint: runtime.cognito.endpoint,
      region: 'local',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }).send(
      new InitiateAuthCommand({
        ClientId: runtime.cognito.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: runtime.demo.email, PASSWORD: runtime.demo.password },
      }),
    );
    const token = auth.AuthenticationResult?.AccessToken;
    if (!token) throw new Error('could not sign the demo account in');

    // The job as the schedule runs it, writes included: first on empty tables (seeding), then again.
    const { generateFeeds } = await import('../../lambdas/feeds/jobs');
    let started = performance.now();
    await generateFeeds();
    const seeding = performance.now() - started;
    const jobRuns: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      started = performance.now();
      await generateFeeds();
      jobRuns.push(performance.now() - started);
    }
    console.log(
      `  scheduled job with DynamoDB writes (local dynalite): seeding ${ms(seeding)}, then p50 ${ms(percentile(jobRuns, 50))}`,
    );

    const read = async (feed: FeedName) => {
      const began = performance.now();
      const response = await fetch(`${runtime.url}${apiPath('getFeed', { feed })}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await response.text();
      if (!response.ok) throw new Error(`${feed}: ${response.status}`);
      return performance.now() - began;
    };
    for (const feed of feedNames) await read(feed); // load each handler once

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
          paced.get(feed)!.push(await read(feed));
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
          saturated.get(feed)!.push(await read(feed));
        }
      }),
    );
    const wall = performance.now() - began;
    report(
      `50 readers back to back, no pause (${Math.round(((READERS * REQUESTS_PER_READER) / wall) * 1000)} requests/s)`,
      saturated,
    );
  } finally {
    await runtime.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.env.LOG_LEVEL = logLevel;
  }
}
