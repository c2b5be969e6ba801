/**
 * `npm start` with EARNINGS_PROVIDER=fmp: FMP_BASE_URL on the same server answering FMP's calendar
 * (a hand-written answer in the recorded excerpt's shape: AAPL on 2024-07-02), one request with
 * the key for the ten trading days. And with EARNINGS_PROVIDER=nasdaq: NASDAQ_BASE_URL on a local server serving Nasdaq's
 * recorded calendar of 2024-07-01 and hand-written days in its shape (AAPL before the open on
 * 07-02; tests/helpers/feed-providers.ts), the market clock frozen on 2024-07-01 10:00 New York.
 * The scanner's AAPL rows carry the provider's earnings date (the simulated calendar's is weeks
 * later) and price it into every expiry; Nasdaq then failing, the last good calendar is kept.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dayNumberOfIso, isoDateOf } from '@shared/market/calendar';
import { simulatedEarningsDate } from '@shared/market/earnings';
import { startFeedProviderStandIn } from '../helpers/feed-providers';
import { postOk, signInDemo, startUntilReady, type StartedProcess } from '../helpers/start-process';

const dataDir = mkdtempSync(join(tmpdir(), 'edge-earnings-provider-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every AAPL long call, losers and thin ones too: the tests are about their earnings flag. */
async function scanAaplLongCalls(started: StartedProcess, token: string) {
  const json = (await postOk(started, token, '/api/options-scanner', {
    ticker: 'AAPL',
    strategy: 'long-call',
    ivRank: 0,
    minExpectedReturn: -1,
    minVolume: 0,
    minOpenInterest: 0,
  })) as { results: { earnings: string | null; spansEarnings: boolean }[] };
  return json.results;
}

describe('npm start with EARNINGS_PROVIDER=nasdaq', () => {
  it('flags the scanner’s rows with Nasdaq’s earnings date, and keeps it when Nasdaq fails', async () => {
    const standIn = await startFeedProviderStandIn();
    const started = await startUntilReady({
      PORT: '0',
      DATA_DIR: dataDir,
      EARNINGS_PROVIDER: 'nasdaq',
      NASDAQ_BASE_URL: standIn.url,
      EARNINGS_REFRESH_SECONDS: '1',
      MARKET_TIME: '2024-07-01T14:00:00.000Z',
      MARKET_TIME_FROZEN: 'true',
    });
    try {
      expect(started.output()).toContain('earnings dates from nasdaq');
      const token = await signInDemo(started);
      const scan = () => scanAaplLongCalls(started, token);
      // Without the provider, AAPL's next report would be the simulated one, weeks later.
      expect(isoDateOf(simulatedEarningsDate('AAPL', dayNumberOfIso('2024-07-02')))).not.toBe('2024-07-02');
      const rows = await scan();
      expect(rows.length).toBeGreaterThan(0);
      expect(new Set(rows.map((r) => r.earnings))).toEqual(new Set(['2024-07-02']));
      expect(rows.every((r) => r.spansEarnings)).toBe(true);
      const asked = standIn.requests.filter((r) => r.path.startsWith('/api/calendar/earnings?date='));
      expect(asked.map((r) => new URL(r.path, standIn.url).searchParams.get('date'))).toContain('2024-07-01');
      expect(new Set(asked.map((r) => r.path)).size).toBe(10);

      standIn.failWith(503);
      await sleep(1_200);
      expect(new Set((await scan()).map((r) => r.earnings))).toEqual(new Set(['2024-07-02']));
      expect(standIn.requests.length).toBeGreaterThan(asked.length);
    } finally {
      started.child.kill('SIGTERM');
      await started.exited;
      await standIn.close();
    }
  }, 90_000);
});

describe('npm start with EARNINGS_PROVIDER=fmp', () => {
  it('asks FMP for the ten trading days in one request, with the key, and flags the scanner’s rows with it', async () => {
    const standIn = await startFeedProviderStandIn();
    const started = await startUntilReady({
      PORT: '0',
      DATA_DIR: join(dataDir, 'fmp'),
      EARNINGS_PROVIDER: 'fmp',
      FMP_BASE_URL: standIn.url,
      FMP_API_KEY: 'test-fmp-key',
      MARKET_TIME: '2024-07-01T14:00:00.000Z',
      MARKET_TIME_FROZEN: 'true',
    });
    try {
      expect(started.output()).toContain('earnings dates from fmp');
      const token = await signInDemo(started);
      const results = await scanAaplLongCalls(started, token);
      expect(results.length).toBeGreaterThan(0);
      expect(new Set(results.map((r) => r.earnings))).toEqual(new Set(['2024-07-02']));
      const asked = standIn.requests.filter((r) => r.path.startsWith('/stable/earnings-calendar?'));
      expect(asked.length).toBeGreaterThan(0);
      expect(Object.fromEntries(new URL(asked[0]!.path, standIn.url).searchParams)).toEqual({
        from: '2024-07-01',
        to: '2024-07-15',
        apikey: 'test-fmp-key',
      });
    } finally {
      started.child.kill('SIGTERM');
      await started.exited;
      await standIn.close();
    }
  }, 90_000);
});
