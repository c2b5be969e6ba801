/**
 * The journal at scale, on the local runtime as `npm start` runs it (dynalite on disk, the local
 * API server, the real handlers): 10,000 trades imported through POST /api/trades/import, then
 * the journal's first page and the stats (what the page and the dashboard read) timed over HTTP.
 */
import {
  InitiateAuthCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { apiPath } from '@shared/routes';
import { JOURNAL_STRATEGIES } from '@shared/constants/strategies';
import { startRuntime } from '../../scripts/local/runtime';

const TRADES = 10_000;
const SAMPLES = 30;

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;

/** A plausible journal: tickers, strategies, sides, sizes and fees vary; a third still open. */
function journalCsv(count: number): string {
  const lines = ['Ticker,Strategy,Side,Quantity,Entry Price,Exit Price,Fees,Opened At,Closed At,Tags'];
  const tickers = ['SPY', 'QQQ', 'AAPL', 'NVDA', 'TSLA', 'AMD', 'MSFT', 'META', 'AMZN', 'IWM'];
  const start = Date.parse('2021-01-04T14:30:00Z');
  for (let i = 0; i < count; i += 1) {
    const opened = start + i * 4 * 3_600_000;
    const entry = 0.5 + ((i * 37) % 500) / 100;
    const open = i % 3 === 0;
    const exit = open ? '' : Math.max(0, entry + (((i * 53) % 300) - 140) / 100).toFixed(2);
    lines.push(
      [
        tickers[i % tickers.length],
        JOURNAL_STRATEGIES[i % JOURNAL_STRATEGIES.length],
        i % 4 === 0 ? 'credit' : 'debit',
        1 + (i % 5),
        entry.toFixed(2),
        exit,
        (0.65 * (1 + (i % 5))).toFixed(2),
        new Date(opened).toISOString(),
        open ? '' : new Date(opened + 2 * 86_400_000).toISOString(),
        i % 7 === 0 ? 'earnings' : '',
      ].join(','),
    );
  }
  return lines.join('\n');
}

export async function runJournalBench(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'edge-bench-journal-'));
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
    const call = async (path: string, init: RequestInit = {}) => {
      const response = await fetch(`${runtime.url}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, ...init.headers },
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${path}: ${response.status} ${text.slice(0, 300)}`);
      return text;
    };

    const csv = journalCsv(TRADES);
    const importStarted = performance.now();
    const result = JSON.parse(
      await call(apiPath('importTrades'), {
        method: 'POST',
        body: csv,
        headers: { 'content-type': 'text/csv' },
      }),
    ) as { imported: number };
    const importMs = performance.now() - importStarted;
    if (result.imported !== TRADES) throw new Error(`imported ${result.imported} of ${TRADES}`);

    const time = async (path: string) => {
      await call(path); // warm: the first call loads the handler module
      const samples: number[] = [];
      for (let i = 0; i < SAMPLES; i += 1) {
        const started = performance.now();
        await call(path);
        samples.push(performance.now() - started);
      }
      return samples;
    };
    const firstPage = await time(apiPath('listTrades', {}, { limit: 50 }));
    const stats = await time(apiPath('getTradeStats'));
    // After a write the next read recomputes over every trade: a trade is added before each sample.
    const statsAfterWrite: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      await call(apiPath('createTrade'), {
        method: 'POST',
        body: JSON.stringify({ ticker: 'SPY', strategy: 'Long Call', entry_price: 1, exit_price: 1.5 }),
        headers: { 'content-type': 'application/json' },
      });
      const started = performance.now();
      await call(apiPath('getTradeStats'));
      statsAfterWrite.push(performance.now() - started);
    }
    const filteredStats = await time(
      apiPath('getTradeStats', {}, { strategy: 'Iron Condor', tag: 'earnings' }),
    );
    const exportCsv = await time(apiPath('exportTrades'));

    const ms = (values: number[]) =>
      `p50 ${percentile(values, 50).toFixed(1)} ms, p90 ${percentile(values, 90).toFixed(1)} ms (n=${values.length})`;
    console.log(
      `Journal with ${TRADES.toLocaleString('en-US')} trades, local runtime (dynalite on disk), over HTTP:`,
    );
    console.log(
      `  import ${TRADES.toLocaleString('en-US')} rows (CSV)   : ${(importMs / 1000).toFixed(2)} s (target ≤ 15 s)`,
    );
    console.log(`  first page (50 trades)     : ${ms(firstPage)} (target p50 ≤ 30 ms)`);
    console.log(
      `  stats, all trades          : ${ms(stats)} (target p50 ≤ 150 ms; unchanged journal: cached)`,
    );
    console.log(`  stats, right after a write : ${ms(statsAfterWrite)} (recomputed over every trade)`);
    console.log(`  stats, strategy + tag      : ${ms(filteredStats)}`);
    console.log(`  CSV export, all trades     : ${ms(exportCsv)}`);
  } finally {
    await runtime.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.env.LOG_LEVEL = logLevel;
  }
}
