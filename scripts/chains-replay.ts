/**
 * `npm run chains:replay [-- tradier]`: `npm start` on recorded real chains, offline.
 *   cboe (default)  a local HTTP server stands in for CBOE and serves
 *                   tests/fixtures/providers/cboe/<SYMBOL>.*.json at CBOE's path (any other symbol:
 *                   404, so the chain route says CBOE has no chain of it); the runtime starts with
 *                   CHAINS_PROVIDER=cboe and QUOTES_PROVIDER=cboe (unless another is given: the
 *                   dashboard's quotes are then the recorded bodies' underlyings, nothing for other
 *                   symbols).
 *   tradier         the stand-in of tests/helpers/tradier-chains.ts serves PLTR's recorded Tradier
 *                   sandbox bodies (expirations, quote, four whole chains) to a replay token, and
 *                   404 for PLTR's daily history (none is recorded: the scan says why it has no
 *                   positions); CHAINS_PROVIDER=tradier, the snapshot job on PLTR only.
 * Either way CBOE_BASE_URL / TRADIER_BASE_URL point at that server, which also stands in for the
 * US Treasury (TREASURY_BASE_URL) with the recorded par curves (tests/fixtures/providers/treasury;
 * a year not recorded is a 404, and the chains are priced at the fixed rate, saying so), and the
 * market clock is frozen at the recorded quote time (MARKET_TIME, unless one is given;
 * MARKET_TIME_FROZEN=true). PORT, DATA_DIR and the rest pass through. Ctrl-C or SIGTERM stops both.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseCboeChain } from '@shared/providers/chains/cboe';
import { runtimeEnv, secrets } from '@shared/secrets';
import { RECORDED_PLTR_AS_OF, startTradierStandIn } from '../tests/helpers/tradier-chains';
import { recordedTreasuryAnswer } from '../tests/helpers/treasury';

const provider = process.argv[2] ?? 'cboe';
if (provider !== 'cboe' && provider !== 'tradier') {
  console.error(`chains:replay replays cboe or tradier, not ${provider}`);
  process.exit(2);
}

/** The CBOE stand-in: each recorded body at CBOE's path; the latest quote time in them. */
async function replayCboe() {
  const dir = new URL('../tests/fixtures/providers/cboe/', import.meta.url);
  const bodies = new Map<string, string>();
  let quoteTime = '';
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.json') && !name.includes('.handwritten.'))
    .sort()) {
    const symbol = file.split('.')[0]!.toUpperCase();
    if (bodies.has(symbol)) continue;
    const body = readFileSync(new URL(file, dir), 'utf8');
    const snapshot = parseCboeChain(JSON.parse(body));
    for (const time of [snapshot.underlying.asOf, ...snapshot.contracts.map((c) => c.quoteTime)])
      if (time && time > quoteTime) quoteTime = time;
    bodies.set(symbol, body);
  }
  const server = createServer((req, res) => {
    const curve = recordedTreasuryAnswer(req.url ?? '');
    if (curve !== undefined) {
      res.writeHead(200, { 'content-type': 'text/csv' });
      res.end(curve);
      return;
    }
    const symbol = /^\/api\/global\/delayed_quotes\/options\/_?([A-Z.]+)\.json$/.exec(req.url ?? '')?.[1];
    const body = symbol ? bodies.get(symbol) : undefined;
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    res.end(body ?? '{"error":"not recorded"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  console.log(`Replaying recorded CBOE chains (${[...bodies.keys()].join(', ')}) from ${url}`);
  return {
    quoteTime,
    env: {
      [runtimeEnv.chainsProvider]: 'cboe',
      [runtimeEnv.quotesProvider]: process.env[runtimeEnv.quotesProvider] ?? 'cboe',
      [runtimeEnv.cboeBaseUrl]: url,
      [runtimeEnv.treasuryBaseUrl]: url,
    },
    close: () => server.close(),
  };
}

/** The Tradier stand-in: PLTR's recorded sandbox bodies, no daily history. */
async function replayTradier() {
  const token = 'replay';
  const standIn = await startTradierStandIn(token, { history: false });
  console.log(`Replaying PLTR's recorded Tradier chains from ${standIn.url}`);
  return {
    quoteTime: RECORDED_PLTR_AS_OF,
    env: {
      [runtimeEnv.chainsProvider]: 'tradier',
      [runtimeEnv.tradierBaseUrl]: standIn.url,
      [secrets.tradierApiKey.localEnvVar]: token,
      [runtimeEnv.cboeBaseUrl]: standIn.url,
      [runtimeEnv.treasuryBaseUrl]: standIn.url,
      CHAIN_SNAPSHOT_SYMBOLS: 'PLTR',
    },
    close: () => void standIn.close(),
  };
}

const replay = provider === 'tradier' ? await replayTradier() : await replayCboe();
const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
  cwd: fileURLToPath(new URL('..', import.meta.url)),
  stdio: 'inherit',
  env: {
    ...process.env,
    ...replay.env,
    [runtimeEnv.marketTime]: process.env[runtimeEnv.marketTime] ?? replay.quoteTime,
    [runtimeEnv.marketTimeFrozen]: process.env[runtimeEnv.marketTimeFrozen] ?? 'true',
  },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => {
  replay.close();
  process.exit(code ?? 1);
});
