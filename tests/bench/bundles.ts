/**
 * Lean Lambdas (issue 14): every function's bundle, built with esbuild directly from the options
 * CDK bundles with (`functionBundling` in infra/constructs/app-function.ts, so no cdk synth), its
 * size, and its cold init: the time a fresh Node process takes to import it, with the function's
 * environment (NODE_OPTIONS=--enable-source-maps included), median of several runs. The baseline
 * is the same measurement of importing the DynamoDB document client (@aws-sdk/client-dynamodb and
 * @aws-sdk/lib-dynamodb) from node_modules; absolute times drift about 2x on a shared machine, so
 * the figures that count are the ratios, measured in the same run (rounds interleave every
 * bundle with the baseline).
 *
 * Then the scanner's first request after a cold start against its warm requests: the
 * scanOptions export of the market bundle, in a fresh process, with the scanner page's default
 * request, against the local stand-ins of `npm start` (dynalite, the local user pool).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import * as esbuild from 'esbuild';
import { decodeJwt } from 'jose';
import { isTradingDay, newYorkInstant, newYorkTime, SESSION_OPEN_MINUTE } from '@shared/market/calendar';
import { metricsNamespace } from '@shared/observability';
import { apiPath, type RouteDefinition, routes } from '@shared/routes';
import { type ScheduleDefinition, schedules } from '@shared/schedules';
import { ORIGIN_VERIFY_HEADER, runtimeEnv, secrets } from '@shared/secrets';
import { type TableDefinition, tables } from '@shared/tables';
import { functionBundling, sourceMapsEnvironment } from '../../infra/constructs/app-function';
import { lambdaEntry, projectRoot } from '../../infra/paths';

const INIT_RUNS = Number(process.env.BENCH_INIT_RUNS ?? 7);
const SCANNER_PROCESSES = Number(process.env.BENCH_SCANNER_PROCESSES ?? 5);
const WARM_SCANS = 8;
const INIT_TARGET = 1.5;
const SCANNER_TARGET = 4;

/** One Lambda function of the app: the module CDK bundles for it and the export Lambda invokes. */
export interface AppFunction {
  name: string;
  entry: string;
  exportName: string;
  service: string;
}

/** Every function the stacks deploy: one per route, one per scheduled job, the Cognito trigger. */
export function appFunctions(): AppFunction[] {
  return [
    ...(routes as readonly RouteDefinition[]).map((route) => ({
      name: route.id,
      entry: lambdaEntry(route.area, 'handler'),
      exportName: route.id,
      service: route.area,
    })),
    ...(schedules as readonly ScheduleDefinition[]).map((job) => ({
      name: job.id,
      entry: lambdaEntry(job.area, 'jobs'),
      exportName: job.id,
      service: job.area,
    })),
    // infra/stacks/auth-stack.ts
    {
      name: 'postConfirmation',
      entry: join(projectRoot, 'lambdas/profile/triggers.ts'),
      exportName: 'postConfirmation',
      service: 'profile',
    },
  ];
}

/** esbuild's options for what NodejsFunction runs as `esbuild --bundle <entry> ...` from `functionBundling`. */
export function esbuildOptions(entry: string, outfile: string): esbuild.BuildOptions {
  return {
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: functionBundling.format,
    target: functionBundling.target,
    mainFields: functionBundling.mainFields,
    banner: { js: functionBundling.banner },
    minify: functionBundling.minify,
    sourcemap: functionBundling.sourceMap,
    sourcesContent: functionBundling.sourcesContent,
    external: functionBundling.externalModules,
    tsconfig: functionBundling.tsconfig,
    logLevel: 'warning',
  };
}

interface Bundle {
  entry: string;
  functions: AppFunction[];
  file: string;
  bytes: number;
  mapBytes: number;
}

/** One bundle per entry module: the functions of one area's handler share it (as CDK's assets do). */
async function buildBundles(outdir: string): Promise<Bundle[]> {
  const byEntry = new Map<string, AppFunction[]>();
  for (const fn of appFunctions()) byEntry.set(fn.entry, [...(byEntry.get(fn.entry) ?? []), fn]);
  const bundles: Bundle[] = [];
  for (const [entry, functions] of byEntry) {
    const file = join(outdir, relative(projectRoot, entry).replace(/\.ts$/, ''), 'index.mjs');
    await esbuild.build(esbuildOptions(entry, file));
    bundles.push({
      entry,
      functions,
      file,
      bytes: statSync(file).size,
      mapBytes: statSync(`${file}.map`).size,
    });
  }
  return bundles;
}

/** What every function finds in its environment in AWS (names, not values), as far as import needs. */
function functionEnvironment(service: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    AWS_REGION: 'us-east-1',
    [runtimeEnv.stage]: 'bench',
    [runtimeEnv.logLevel]: 'info',
    [runtimeEnv.userPoolId]: 'us-east-1_bench',
    [runtimeEnv.userPoolClientId]: 'bench',
    [runtimeEnv.siteGateEnabled]: 'false',
    [runtimeEnv.quotesProvider]: 'simulated',
    [runtimeEnv.chainsProvider]: 'simulated',
    [runtimeEnv.newsProvider]: 'simulated',
    [runtimeEnv.socialProvider]: 'simulated',
    [runtimeEnv.darkPoolProvider]: 'simulated',
    [runtimeEnv.flowProvider]: 'simulated',
    [runtimeEnv.earningsProvider]: 'simulated',
    POWERTOOLS_SERVICE_NAME: service,
    POWERTOOLS_METRICS_NAMESPACE: metricsNamespace('bench'),
    ...Object.fromEntries(
      (Object.values(tables) as TableDefinition[]).map((table) => [table.envVar, table.id]),
    ),
    ...sourceMapsEnvironment,
    // Lambda runs Node.js 22, where the SDK has nothing to warn about; this machine may not.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
}

/** Runs `code` (an ES module) in a fresh Node process; it reports a JSON value on fd 3. */
function inFreshProcess<T>(code: string, env: Record<string, string>, cwd: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
      cwd,
      env,
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    });
    let report = '';
    let errors = '';
    child.stdio[3]!.on('data', (chunk: Buffer) => (report += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0 && report) resolve(JSON.parse(report) as T);
      else reject(new Error(`exit ${code}: ${errors.slice(0, 2000)}`));
    });
  });
}

const timedImport = (specifiers: string[]) => `
import { writeSync } from 'node:fs';
const started = performance.now();
await Promise.all(${JSON.stringify(specifiers)}.map((specifier) => import(specifier)));
writeSync(3, JSON.stringify(performance.now() - started));
`;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
/** The 1- and 5-minute load averages: every time here moves with them. */
const load = () => {
  const [one, five] = loadavg();
  return `load average ${one!.toFixed(2)} / ${five!.toFixed(2)}`;
};
const ms = (value: number) => `${value.toFixed(0)} ms`;

async function coldInits(bundles: Bundle[]): Promise<{ baseline: number[]; inits: number[][] }> {
  const baseline: number[] = [];
  const inits = bundles.map(() => [] as number[]);
  for (let run = 0; run < INIT_RUNS; run += 1) {
    // The baseline is imported from the repository (its node_modules), the bundles from where
    // they were built, away from any node_modules, as in Lambda.
    baseline.push(
      await inFreshProcess<number>(
        timedImport(['@aws-sdk/client-dynamodb', '@aws-sdk/lib-dynamodb']),
        functionEnvironment('bench'),
        projectRoot,
      ),
    );
    for (const [index, bundle] of bundles.entries()) {
      inits[index]!.push(
        await inFreshProcess<number>(
          timedImport([pathToFileURL(bundle.file).href]),
          functionEnvironment(bundle.functions[0]!.service),
          tmpdir(),
        ),
      );
    }
  }
  return { baseline, inits };
}

/**
 * The minute the scanner is measured at: today's 11:30 in New York, or the last trading day's
 * (a session minute, so each scan prices intraday quotes, as it does most of the day).
 */
function scanMinute(now = new Date()): Date {
  let { dayNumber } = newYorkTime(now);
  for (;;) {
    const at = newYorkInstant(dayNumber, SESSION_OPEN_MINUTE + 120);
    if (isTradingDay(dayNumber) && at.getTime() <= now.getTime()) return at;
    dayNumber -= 1;
  }
}

interface ScannerRun {
  init: number;
  first: number;
  warm: number[];
  sameMinute: number;
}

/**
 * In the fresh process: the clock is set to the scan minute, then moved a minute ahead before
 * each warm request. A scan prices the whole universe once per minute and keeps it for that
 * minute, so a warm request at a new minute does a scan's full work (one at the same minute
 * only reads that cache: printed too, for reference).
 */
const scannerProcess = (bundle: string, startAt: number) => `
import { writeSync } from 'node:fs';
const RealDate = Date;
let offset = ${startAt} - RealDate.now();
function ShiftedDate(...args) {
  if (!new.target) return new RealDate(RealDate.now() + offset).toString();
  return args.length ? new RealDate(...args) : new RealDate(RealDate.now() + offset);
}
ShiftedDate.prototype = RealDate.prototype;
ShiftedDate.now = () => RealDate.now() + offset;
ShiftedDate.parse = RealDate.parse;
ShiftedDate.UTC = RealDate.UTC;
globalThis.Date = ShiftedDate;

const event = JSON.parse(process.env.BENCH_EVENT);
const invoke = async () => {
  const started = performance.now();
  const result = await handler.scanOptions(event);
  const elapsed = performance.now() - started;
  const body = JSON.parse(result.body);
  if (result.statusCode !== 200 || !Array.isArray(body.results)) throw new Error(result.body.slice(0, 500));
  return elapsed;
};
let started = performance.now();
const handler = await import(${JSON.stringify(pathToFileURL(bundle).href)});
const init = performance.now() - started;
const first = await invoke();
const warm = [];
for (let i = 0; i < ${WARM_SCANS}; i += 1) {
  offset += 60_000;
  warm.push(await invoke());
}
const sameMinute = await invoke();
writeSync(3, JSON.stringify({ init, first, warm, sameMinute }));
`;

export async function scannerColdStart(bundle: Pick<Bundle, 'file'>): Promise<ScannerRun[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'edge-bench-scanner-'));
  const environment = { ...process.env };
  process.env.LOG_LEVEL = 'warn';
  const { startRuntime } = await import('../../scripts/local/runtime');
  const runtime = await startRuntime({
    dataDir,
    port: 0,
    frontend: 'none',
    schedules: false,
    inMemoryTables: true,
    log: () => {},
  });
  // startRuntime sets the handlers' environment in this process; the fresh processes get it
  // explicitly, and this one gets its own back.
  const originVerify = process.env[secrets.originVerify.localEnvVar]!;
  for (const key of Object.keys(process.env)) if (!(key in environment)) delete process.env[key];
  Object.assign(process.env, environment);
  const cognito = new CognitoIdentityProviderClient({
    endpoint: runtime.cognito.endpoint,
    region: runtime.cognito.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    const auth = await cognito.send(
      new InitiateAuthCommand({
        ClientId: runtime.cognito.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: runtime.demo.email, PASSWORD: runtime.demo.password },
      }),
    );
    const token = auth.AuthenticationResult?.AccessToken;
    if (!token) throw new Error('could not sign the demo account in');
    const path = apiPath('scanOptions');
    // What API Gateway sends for the scanner page's first scan (its default form), through
    // CloudFront (the origin-verify header), with the authorizer's claims of the demo account.
    const event = {
      version: '2.0',
      routeKey: `POST ${path}`,
      rawPath: path,
      rawQueryString: '',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        [ORIGIN_VERIFY_HEADER]: originVerify,
      },
      body: JSON.stringify({ strategy: 'all', ivRank: 50 }),
      isBase64Encoded: false,
      requestContext: {
        http: { method: 'POST', path, protocol: 'HTTP/1.1', sourceIp: '203.0.113.7', userAgent: 'bench' },
        requestId: 'bench',
        routeKey: `POST ${path}`,
        stage: '$default',
        authorizer: { jwt: { claims: { sub: decodeJwt(token).sub!, token_use: 'access' }, scopes: [] } },
      },
    };
    const env = {
      ...functionEnvironment('market'),
      [runtimeEnv.stage]: 'local',
      [runtimeEnv.userPoolId]: runtime.cognito.userPoolId,
      [runtimeEnv.userPoolClientId]: runtime.cognito.userPoolClientId,
      [runtimeEnv.originVerifyRequired]: 'true',
      [secrets.originVerify.localEnvVar]: originVerify,
      AWS_REGION: runtime.cognito.region,
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      AWS_ENDPOINT_URL_DYNAMODB: runtime.dynamoEndpoint,
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: runtime.cognito.endpoint,
      // As in Lambda with active tracing (what the runtime sets, and the request's X-Ray header),
      // so Powertools' Tracer is loaded on the first request and traces it; what it sends over UDP
      // to the X-Ray daemon's address reaches no one here.
      AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
      AWS_LAMBDA_FUNCTION_NAME: 'scanOptions',
      LAMBDA_TASK_ROOT: dirname(bundle.file),
      _X_AMZN_TRACE_ID: 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1',
      BENCH_EVENT: JSON.stringify(event),
    };
    const startAt = scanMinute().getTime();
    const runs: ScannerRun[] = [];
    for (let run = 0; run < SCANNER_PROCESSES; run += 1)
      runs.push(await inFreshProcess<ScannerRun>(scannerProcess(bundle.file, startAt), env, tmpdir()));
    return runs;
  } finally {
    cognito.destroy();
    await runtime.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runBundlesBench(): Promise<void> {
  const outdir = mkdtempSync(join(tmpdir(), 'edge-bench-bundles-'));
  try {
    const buildStarted = performance.now();
    const bundles = await buildBundles(outdir);
    const buildMs = performance.now() - buildStarted;
    const { baseline, inits } = await coldInits(bundles);
    const base = median(baseline);

    console.log(
      `Lambda bundles: esbuild with functionBundling (infra/constructs/app-function.ts), the AWS SDK inside; ${bundles.length} bundles built in ${(buildMs / 1000).toFixed(1)} s`,
    );
    console.log(
      `  cold init = importing the bundle in a fresh Node process (NODE_OPTIONS=${sourceMapsEnvironment.NODE_OPTIONS}), median of ${INIT_RUNS}`,
    );
    console.log(
      `  baseline: importing @aws-sdk/client-dynamodb + @aws-sdk/lib-dynamodb from node_modules: ${ms(base)} (runs: ${baseline.map(ms).join(', ')}); ${load()}`,
    );
    const rows = bundles.map((bundle, index) => {
      const init = median(inits[index]!);
      return { bundle, init, ratio: init / base };
    });
    const entryWidth = Math.max(...rows.map((row) => relative(projectRoot, row.bundle.entry).length));
    console.log(
      `  ${'entry'.padEnd(entryWidth)}  ${'size'.padStart(8)}  ${'map'.padStart(8)}  ${'init'.padStart(7)}  ratio  functions`,
    );
    for (const { bundle, init, ratio } of rows) {
      console.log(
        `  ${relative(projectRoot, bundle.entry).padEnd(entryWidth)}  ${kb(bundle.bytes).padStart(8)}  ${kb(bundle.mapBytes).padStart(8)}  ${ms(init).padStart(7)}  ${ratio.toFixed(2)}x  ${bundle.functions.map((fn) => fn.name).join(', ')}`,
      );
    }
    const worst = rows.reduce((a, b) => (b.ratio > a.ratio ? b : a));
    console.log(
      `  worst: ${relative(projectRoot, worst.bundle.entry)} at ${worst.ratio.toFixed(2)}x the baseline (target ≤ ${INIT_TARGET}x)`,
    );

    const market = bundles.find((bundle) => bundle.functions.some((fn) => fn.name === 'scanOptions'))!;
    const loadBefore = load();
    const runs = await scannerColdStart(market);
    const first = median(runs.map((run) => run.first));
    const warm = median(runs.flatMap((run) => run.warm));
    console.log(
      `Scanner (POST ${apiPath('scanOptions')}, the page's default scan), ${SCANNER_PROCESSES} fresh processes, local DynamoDB and user pool:`,
    );
    console.log(`  import of the market bundle: median ${ms(median(runs.map((run) => run.init)))}`);
    console.log(
      `  first request after the import (cold): median ${ms(first)} (runs: ${runs.map((run) => ms(run.first)).join(', ')})`,
    );
    console.log(
      `  warm request at a new minute: median ${ms(warm)} of ${runs.length * WARM_SCANS}; at the same minute (the minute's universe cached): median ${ms(median(runs.map((run) => run.sameMinute)))}`,
    );
    console.log(`  cold / warm: ${(first / warm).toFixed(2)}x (target ≤ ${SCANNER_TARGET}x)`);
    console.log(
      `  each process's first request / its own warm median: ${runs.map((run) => `${(run.first / median(run.warm)).toFixed(2)}x`).join(', ')}`,
    );
    console.log(`  ${loadBefore} before the scanner's processes, ${load()} after`);
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

// `npx tsx tests/bench/bundles.ts` runs this part of `npm run bench` alone.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runBundlesBench();
