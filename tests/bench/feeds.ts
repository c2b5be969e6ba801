/**
 * The live feeds: how long a scheduled run takes to generate all four feeds (the pure
 * generators, minute after minute, warm, as a Lambda container runs them; and the jobs with
 * their DynamoDB writes), and GET /api/feeds/* latency for 50 readers on the local runtime as
 * `npm start` runs it (its own process, reached over HTTP, its schedules running). Each reader
 * is a user of its own, signed in with its own token, as 50 people with a feed page open would
 * be: the runtime keeps some answers per token or per user, and one shared token would flatter
 * it. The machine's load average is printed with each figure, as it moves every figure.
 * `npx tsx tests/bench/feeds.ts` runs this part alone (`... feeds.ts read`: the reads only).
 */
import {
  AdminConfirmSignUpCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { feedNames, feedPollMs, type FeedName } from '@shared/feeds/schemas';
import { apiPath } from '@shared/routes';
import { ensureTables, startDynamo } from '../../scripts/local/dynamo';
import { feedsRepo } from '../../lambdas/feeds/repository';
import { enforceFeedCaps, itemsForRun, runFeedGenerators } from '../../lambdas/feeds/service';
import { appConfigSchema } from '@shared/config/app-config';
import { startUntilReady, type StartedProcess } from '../helpers/start-process';

const READERS = 50;
const REQUESTS_PER_READER = 40;
const RUNS = 60;

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
const PACED_SECONDS = 180;
/** The 1-minute load average (and the 5-minute one), e.g. "load 2.31 / 3.02". */
const load = () => {
  const [one, five] = readFileSync('/proc/loadavg', 'utf8').split(' ');
  return `load ${one} / ${five}`;
};

/** Signs up, confirms and signs in `count` users of the started instance's pool: their access tokens. */
async function readerTokens(started: StartedProcess, count: number): Promise<string[]> {
  const config = appConfigSchema.parse(await (await fetch(`${started.url}/config.json`)).json());
  const client = new CognitoIdentityProviderClient({
    endpoint: config.userPoolEndpoint,
    region: config.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    const tokens: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const email = `reader-${i}-${randomBytes(3).toString('hex')}@example.com`;
      const password = `Bench-${randomBytes(6).toString('hex')}A1`;
      await client.send(
        new SignUpCommand({ ClientId: config.userPoolClientId, Username: email, Password: password }),
      );
      await client.send(new AdminConfirmSignUpCommand({ UserPoolId: config.userPoolId, Username: email }));
      const auth = await client.send(
        new InitiateAuthCommand({
          ClientId: config.userPoolClientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD: password },
        }),
      );
      tokens.push(auth.AuthenticationResult!.AccessToken!);
    }
    return tokens;
  } finally {
    client.destroy();
  }
}

function report(label: string, byFeed: Map<FeedName, number[]>, loadBefore: string) {
  const all = [...byFeed.values()].flat();
  console.log(
    `  GET /api/feeds/*, ${label}, ${all.length} requests over HTTP: p50 ${ms(percentile(all, 50))}, p90 ${ms(
      percentile(all, 90),
    )}, p99 ${ms(percentile(all, 99))}, max ${ms(Math.max(...all))} (target p99 ≤ 25 ms; ${loadBefore} before, ${load()} after)`,
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

/** Every part; `parts: 'read'` only GET /api/feeds/* on the runtime. */
export async function runFeedsBench(parts: 'all' | 'read' = 'all'): Promise<void> {
  console.log('Live feeds (simulated market; all four feeds per run):');
  if (parts === 'all') await runGeneratorBench();
  await runReadBench();
}

async function runGeneratorBench(): Promise<void> {
  for (const [label, start] of [
    ['market open (Mon 10:00 New York)', Date.parse('2026-11-23T15:00:00Z')],
    ['market closed (Mon 22:00 New York)', Date.parse('2026-11-24T03:00:00Z')],
  ] as const) {
    const { first, runs, items } = generatorRuns(start);
    console.log(
      `  generator run, ${label}: p50 ${ms(percentile(runs, 50))}, p90 ${ms(percentile(runs, 90))}, max ${ms(
        Math.max(...runs),
      )} over ${RUNS} one-minute runs (${(items / RUNS).toFixed(1)} items a run; target ≤ 50 ms); seeding run ${ms(first)} (${load()})`,
    );
  }
  const job = await jobRuns(Date.parse('2026-11-23T15:00:00Z'));
  console.log(
    `  the scheduled jobs with their DynamoDB writes and the cap (dynalite in memory): p50 ${ms(
      percentile(job.runs, 50),
    )}, max ${ms(Math.max(...job.runs))}; seeding ${ms(job.seeding)} (${load()})`,
  );
}

async function runReadBench(): Promise<void> {
  // The local runtime as `npm start` runs it, in its own process: its schedule fills the feeds at start.
  const dataDir = mkdtempSync(join(tmpdir(), 'edge-bench-feeds-'));
  const started = await startUntilReady({ PORT: '0', DATA_DIR: dataDir });
  try {
    const tokens = await readerTokens(started, READERS);
    const read = async (feed: FeedName, token: string) => {
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
      while ((await read(feed, tokens[0]!)).items === 0) {
        if (performance.now() > deadline) throw new Error(`the ${feed} feed stayed empty`);
        await sleep(500);
      }
    }

    // 50 readers with a feed page open, each polling at its feed's pace (what the pages do),
    // for 3 minutes (about 700 requests, so the p99 is not one unlucky request), the minute's
    // scheduled runs included.
    const paced = new Map<FeedName, number[]>(feedNames.map((feed) => [feed, []]));
    const firsts: number[] = []; // each reader's first request: its token, session and plan checked
    const others: number[] = [];
    let loadBefore = load();
    const until = performance.now() + PACED_SECONDS * 1000;
    await Promise.all(
      tokens.map(async (token, reader) => {
        const feed = feedNames[reader % feedNames.length]!;
        const every = feedPollMs(feed);
        await sleep(Math.random() * every);
        for (let first = true; performance.now() < until; first = false) {
          const next = performance.now() + every;
          const { ms: took } = await read(feed, token);
          paced.get(feed)!.push(took);
          (first ? firsts : others).push(took);
          await sleep(Math.max(0, next - performance.now()));
        }
      }),
    );
    report(`50 readers polling at their feed's pace (${PACED_SECONDS} s)`, paced, loadBefore);
    console.log(
      `    each reader's first request: p50 ${ms(percentile(firsts, 50))}, max ${ms(Math.max(...firsts))}; ` +
        `the ${others.length} after them: p50 ${ms(percentile(others, 50))}, p99 ${ms(percentile(others, 99))}`,
    );

    // The same 50 readers asking back to back: what the runtime sustains.
    const saturated = new Map<FeedName, number[]>(feedNames.map((feed) => [feed, []]));
    loadBefore = load();
    const began = performance.now();
    await Promise.all(
      tokens.map(async (token, reader) => {
        for (let i = 0; i < REQUESTS_PER_READER; i += 1) {
          const feed = feedNames[(reader + i) % feedNames.length]!;
          saturated.get(feed)!.push((await read(feed, token)).ms);
        }
      }),
    );
    const wall = performance.now() - began;
    report(
      `50 readers back to back, no pause (${Math.round(((READERS * REQUESTS_PER_READER) / wall) * 1000)} requests/s)`,
      saturated,
      loadBefore,
    );

    // The floor: the smallest signed-in route (GET /api/profile: the token checks and one read), the same way.
    const floor: number[] = [];
    const floorBegan = performance.now();
    await Promise.all(
      tokens.map(async (token) => {
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
      )} (${floorRate} requests/s; ${load()})`,
    );
  } finally {
    started.child.kill('SIGTERM');
    await started.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// `npx tsx tests/bench/feeds.ts [read]`: the feeds part alone (`npm run bench` runs every part).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  await runFeedsBench(process.argv[2] === 'read' ? 'read' : 'all');
