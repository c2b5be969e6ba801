/**
 * `npm start` on real chains and quotes: CHAINS_PROVIDER=cboe and QUOTES_PROVIDER=cboe with CBOE_BASE_URL on a local HTTP server
 * standing in for CBOE, the market clock frozen at the chain's quote time (MARKET_TIME,
 * MARKET_TIME_FROZEN), and the shared chain snapshot job (lambdas/market/jobs.ts) writing QQQ's
 * snapshot every 3 s (CHAINS_REFRESH_SECONDS, LOCAL_SCHEDULE_SECONDS) under the data dir, its first
 * before "Ready". Through
 * the runtime's own HTTP routes, signed in as its demo account: the recorded QQQ body's bids and
 * asks as the job's snapshot holds them, then the hand-written chain in CBOE's layout
 * (tests/helpers/cboe-chains.ts, labelled there) for a scan with positions, then CBOE answering
 * 500: the last chain, marked stale, never simulated numbers and never a 5xx. The stand-in also
 * serves QQQ's daily history (CBOE's layout, hand-written: tests/fixtures/SOURCES.md), which the job
 * asks once on the new stage's first run: the scan's forecast is made from it, and its IV rank is
 * "not yet" (no closing IV recorded).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { marketDataResponseSchema } from '@shared/market/schemas';
import { marketClock } from '@shared/market/price-model';
import { historicalVolatility } from '@shared/options/forecast';
import { realHistoryForecast } from '@shared/options/real-forecast';
import { parseCboeHistory } from '@shared/providers/history/daily-history';
import { optionChainSchema, scanResponseSchema } from '@shared/options/response-schemas';
import {
  decodeStoredChain,
  LATEST_KEY,
  snapshotManifestSchema,
} from '@shared/providers/chains/shared-snapshot';
import {
  handwrittenQqqChain,
  quotedPrices,
  RECORDED_QQQ_AS_OF,
  recordedQqqChain,
  startCboeStandIn,
  type StandInAnswer,
} from '../helpers/cboe-chains';
import { callRuntime, signInDemo, startUntilReady } from '../helpers/start-process';
import { NO_TREASURY } from '../helpers/treasury';

const dataDir = mkdtempSync(join(tmpdir(), 'edge-cboe-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const REFRESH_SECONDS = 3;
const HISTORY_PATH = '/api/global/delayed_quotes/charts/historical/QQQ.json';
const historyBody = readFileSync(
  new URL('../fixtures/providers/cboe/history-QQQ.handwritten.json', import.meta.url),
  'utf8',
);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the job last wrote: the manifest and QQQ's stored chain (files standing in for the S3 bucket). */
function latestSnapshot() {
  const dir = join(dataDir, 'chain-snapshots');
  const manifest = snapshotManifestSchema.parse(JSON.parse(readFileSync(join(dir, LATEST_KEY), 'utf8')));
  const entry = manifest.symbols.QQQ!;
  return { manifest, entry, stored: decodeStoredChain(readFileSync(join(dir, entry.key), 'utf8')) };
}

describe('npm start with CHAINS_PROVIDER=cboe', () => {
  it('serves the replayed chain, scan and QQQ quote (the chain’s underlying) at CBOE’s quote time, then the last chain marked stale', async () => {
    let answer: StandInAnswer = { status: 200, body: recordedQqqChain };
    const cboe = await startCboeStandIn((path) =>
      path === HISTORY_PATH ? { status: 200, body: historyBody } : answer,
    );
    const started = await startUntilReady({
      PORT: '0',
      DATA_DIR: dataDir,
      CHAINS_PROVIDER: 'cboe',
      QUOTES_PROVIDER: 'cboe',
      CBOE_BASE_URL: cboe.url,
      TREASURY_BASE_URL: NO_TREASURY,
      CHAINS_REFRESH_SECONDS: String(REFRESH_SECONDS),
      LOCAL_SCHEDULE_SECONDS: String(REFRESH_SECONDS),
      CHAIN_SNAPSHOT_SYMBOLS: 'QQQ',
      MARKET_TIME: RECORDED_QQQ_AS_OF,
      MARKET_TIME_FROZEN: 'true',
    });
    try {
      const token = await signInDemo(started);
      const call = (path: string, body?: unknown) => callRuntime(started, token, path, body);
      const chain = async () => {
        const { status, json } = await call('/api/options-chain?symbol=QQQ');
        expect(status, JSON.stringify(json)).toBe(200);
        return optionChainSchema.parse(json);
      };
      const scan = async () => {
        const { status, json } = await call('/api/options-scanner', { ticker: 'QQQ', ivRank: 0 });
        expect(status, JSON.stringify(json)).toBe(200);
        return scanResponseSchema.parse(json);
      };
      const provenance = { source: 'cboe', delayed: true, asOf: RECORDED_QQQ_AS_OF };
      /** The chain route until `done` holds (the job writes every 3 s; readers keep a manifest 5 s). */
      const chainWhen = async (done: (c: Awaited<ReturnType<typeof chain>>) => boolean) => {
        for (let tries = 0; ; tries += 1) {
          const { status, json } = await call('/api/options-chain?symbol=QQQ');
          expect(status, JSON.stringify(json)).toBeLessThan(500);
          if (status === 200 && done(optionChainSchema.parse(json))) return optionChainSchema.parse(json);
          if (tries > 40) throw new Error(`the chain never got there: ${JSON.stringify(json)}`);
          await sleep(500);
        }
      };

      // The recorded body, as the job's snapshot holds it: its two contracts, its bids and asks.
      // "Ready" came after the job's first run, so the first request already has it (never a 404).
      const recorded = await chain();
      expect(recorded).toMatchObject({ ...provenance, stale: null, underlyingPrice: 336.46 });
      expect(recorded.contracts.map((c) => [c.type, c.strike, c.bid, c.ask])).toEqual([
        ['call', 260, 76.08, 76.3],
        ['put', 260, 0, 0.01],
      ]);
      const written = latestSnapshot();
      expect(written.manifest.provider).toBe('cboe');
      expect(
        written.stored.priced.contracts.map((c) => [c.contract.bid, c.contract.ask, c.noIvReason]),
      ).toEqual(recorded.contracts.map((c) => [c.bid, c.ask, c.noIvReason]));
      // Only the job asks CBOE, only for the snapshot's symbols; the routes read the snapshot. The
      // daily history once, at the new stage's first run.
      expect(new Set(cboe.paths)).toEqual(
        new Set(['/api/global/delayed_quotes/options/QQQ.json', HISTORY_PATH]),
      );
      expect(cboe.paths.filter((p) => p === HISTORY_PATH)).toHaveLength(1);
      expect(await scan()).toMatchObject({ ...provenance, stale: null });
      // QUOTES_PROVIDER=cboe: the quote is the chain's underlying, labelled as CBOE's.
      const quotes = await call('/api/market-data', { symbols: ['QQQ'], type: 'dashboard' });
      expect(quotes.status).toBe(200);
      expect(marketDataResponseSchema.parse(quotes.json)).toMatchObject({
        data: [{ symbol: 'QQQ', price: recorded.underlyingPrice.toFixed(2) }],
        provenance: { source: 'cboe', delayed: true, stale: null },
      });

      // The hand-written whole chain, once the job has written it: a scan with positions built from its quotes only.
      answer = { status: 200, body: handwrittenQqqChain() };
      const good = await chainWhen((c) => c.contracts.length > 2);
      const scanned = await scan();
      expect(scanned).toMatchObject({ ...provenance, stale: null });
      expect(scanned.results.length).toBeGreaterThan(0);
      // The forecast is the served history's (its closes before the quote's session), and the IV
      // rank is not yet known: no closing IV has been recorded on this new stage.
      const closes = parseCboeHistory(JSON.parse(historyBody))
        .filter((c) => c.day < '2023-05-19')
        .map((c) => c.close);
      const forecast = realHistoryForecast(closes, marketClock(new Date(RECORDED_QQQ_AS_OF)))!;
      for (const result of scanned.results) {
        expect(result.historicalVol).toBeCloseTo(historicalVolatility(forecast), 12);
        expect(result).toMatchObject({ ivRank: null, ivRankNote: 'not yet — 0 of 20 sessions recorded' });
      }
      expect(scanned.notes).toContain("IV rank: not yet — 0 of 20 sessions recorded for QQQ's real chain.");
      const quoted = quotedPrices(handwrittenQqqChain());
      for (const result of scanned.results) {
        expect(result.position.symbol).toBe('QQQ');
        for (const leg of result.position.legs.filter((l) => l.kind !== 'stock')) {
          expect(quoted.has(leg.bid)).toBe(true);
          expect(quoted.has(leg.ask)).toBe(true);
        }
      }
      // The chain served is the one the job priced: its IVs, not a container's own pass.
      const { stored } = latestSnapshot();
      const live = stored.priced.contracts.filter((c) => c.noIvReason !== 'expired');
      expect(good.contracts.map((c) => c.iv)).toEqual(live.map((c) => c.iv));

      // CBOE failing: the last good chain, marked stale with its age, status 200.
      answer = { status: 500, body: '{"error":"internal"}' };
      const stale = await chainWhen((c) => c.stale !== null);
      expect(stale).toMatchObject({ ...provenance, stale: { reason: 'CBOE answered 500' } });
      expect(stale.stale!.ageSeconds).toBeGreaterThanOrEqual(1);
      expect(stale.contracts).toEqual(good.contracts);
      expect(latestSnapshot().entry.staleReason).toBe('CBOE answered 500');
      const staleScan = await scan();
      expect(staleScan).toMatchObject({ ...provenance, stale: { reason: 'CBOE answered 500' } });
      expect(staleScan.results.map((r) => r.position)).toEqual(scanned.results.map((r) => r.position));
      expect(cboe.paths.filter((p) => p === HISTORY_PATH)).toHaveLength(1);
    } finally {
      started.child.kill('SIGTERM');
      await started.exited;
      await cboe.close();
    }
    // One start (45 s at most) and a few requests.
  }, 90_000);
});
