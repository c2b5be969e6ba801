/**
 * `npm start`: the whole product locally. PORT sets the one origin (default 3000), DATA_DIR where
 * local data lives (default .data), MARKET_TIME the market clock's instant at the start (and
 * MARKET_TIME_FROZEN=true holds it there). Ctrl-C or SIGTERM stops everything cleanly.
 */
import { performance } from 'node:perf_hooks';
import { describeMarketClock, marketClockFrom, type MarketClock } from '@shared/market/clock';
import { runtimeEnv } from '@shared/secrets';
import { watchParents } from './local/parent-watch';
import { PortInUseError, startRuntime } from './local/runtime';

const started = performance.now();
// The lockfile pins the AWS SDK, so its notice about future releases needing Node 22 is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.LOG_LEVEL ??= 'info';
const port = Number(process.env.PORT ?? 3000);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, not "${process.env.PORT}"`);
  process.exit(1);
}

// The market clock reads MARKET_TIME at this start; every thread and handler gets the same setting.
if (process.env[runtimeEnv.marketTime] && !process.env[runtimeEnv.marketTimeSetAt])
  process.env[runtimeEnv.marketTimeSetAt] = new Date().toISOString();
let marketClock: MarketClock;
try {
  marketClock = marketClockFrom(process.env);
} catch (error) {
  console.error(`  ${(error as Error).message}`);
  process.exit(1);
}

try {
  const runtime = await startRuntime({
    port,
    host: process.env.HOST ?? '127.0.0.1',
    dataDir: process.env.DATA_DIR ?? '.data',
    frontend: 'vite',
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    [
      '',
      `  Ready in ${seconds}s: ${runtime.url}`,
      `  Demo account: ${runtime.demo.email} / ${runtime.demo.password}`,
      `  Data: ${runtime.dataDir}`,
      ...(runtime.feedsFirstRunMs === null
        ? []
        : [`  Feeds: first items written (${(runtime.feedsFirstRunMs / 1000).toFixed(1)}s of the start)`]),
      ...(marketClock.mode === 'wall' ? [] : [`  Market clock: ${describeMarketClock(marketClock)}`]),
      '  Confirmation and reset codes are printed here as "[local mail]" lines.',
      '  Stop with Ctrl-C.',
      '',
    ].join('\n'),
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n  ${signal}: stopping...`);
    runtime
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error(error);
        process.exit(1);
      });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  // Killing npm (or the shell that ran it) does not signal us: stop when it is gone.
  watchParents((pid) => stop(`parent process ${pid} ended`));
} catch (error) {
  if (error instanceof PortInUseError) {
    console.error(`\n  ${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
