/**
 * `npm run chains:replay`: `npm start` on the recorded CBOE chains, offline. A local HTTP server
 * stands in for CBOE and serves tests/fixtures/providers/cboe/<SYMBOL>.*.json at CBOE's path
 * (any other symbol: 404, so the chain route says CBOE has no chain of it); the runtime starts with
 * CHAINS_PROVIDER=cboe and QUOTES_PROVIDER=cboe (unless another is given: the dashboard's quotes are
 * then the recorded bodies' underlyings, nothing for other symbols), CBOE_BASE_URL on that server, and the market clock frozen at the recorded
 * quote time (MARKET_TIME, unless one is given; MARKET_TIME_FROZEN=true). The same server stands
 * in for the US Treasury (TREASURY_BASE_URL) with the recorded par curves
 * (tests/fixtures/providers/treasury); a year not recorded is a 404, and the chains are priced at
 * the fixed rate, saying so. PORT, DATA_DIR and the rest pass through. Ctrl-C or SIGTERM stops both.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseCboeChain } from '@shared/providers/chains/cboe';
import { runtimeEnv } from '@shared/secrets';
import { recordedTreasuryAnswer } from '../tests/helpers/treasury';

const dir = new URL('../tests/fixtures/providers/cboe/', import.meta.url);
const bodies = new Map<string, string>();
let quoteTime = '';
for (const file of readdirSync(dir)
  .filter((name) => name.endsWith('.json'))
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
const cboeUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
console.log(`Replaying recorded CBOE chains (${[...bodies.keys()].join(', ')}) from ${cboeUrl}`);

const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
  cwd: fileURLToPath(new URL('..', import.meta.url)),
  stdio: 'inherit',
  env: {
    ...process.env,
    [runtimeEnv.chainsProvider]: 'cboe',
    [runtimeEnv.quotesProvider]: process.env[runtimeEnv.quotesProvider] ?? 'cboe',
    [runtimeEnv.cboeBaseUrl]: cboeUrl,
    [runtimeEnv.treasuryBaseUrl]: cboeUrl,
    [runtimeEnv.marketTime]: process.env[runtimeEnv.marketTime] ?? quoteTime,
    [runtimeEnv.marketTimeFrozen]: process.env[runtimeEnv.marketTimeFrozen] ?? 'true',
  },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => {
  server.close();
  process.exit(code ?? 1);
});
