/**
 * `npm start` on Tradier's chains: CHAINS_PROVIDER=tradier with TRADIER_BASE_URL on a local HTTP
 * server standing in for Tradier (tests/helpers/tradier-chains.ts: PLTR's recorded expirations,
 * quote and four whole chains from Tradier's sandbox, the expirations narrowed to those four and
 * labelled so), TRADIER_API_KEY its token, the market clock frozen at the recorded quote's time,
 * and the shared chain snapshot job writing PLTR's chain every 3 s under the data dir, priced with
 * the Treasury's recorded par curve of that day (TREASURY_BASE_URL on the same server). Through the
 * runtime's own HTTP routes, signed in as its demo account: the recorded bids and asks with
 * Tradier's provenance, a PLTR scan built from them, then Tradier failing: the last chain, stale.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { optionChainSchema, scanResponseSchema } from '@shared/options/response-schemas';
import {
  RECORDED_EXPIRATIONS,
  PLTR_HISTORY_PATH,
  RECORDED_PLTR_AS_OF,
  recordedPrices,
  recordedTradier,
  startTradierStandIn,
} from '../helpers/tradier-chains';
import { callRuntime, signInDemo, startUntilReady } from '../helpers/start-process';
import { treasuryPath } from '../helpers/treasury';

const dataDir = mkdtempSync(join(tmpdir(), 'edge-tradier-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const REFRESH_SECONDS = 3;
const TOKEN = 'test-tradier-token';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('npm start with CHAINS_PROVIDER=tradier', () => {
  it('serves the recorded PLTR chains and a scan of them as Tradier’s at its quote time, then the last chain marked stale', async () => {
    const tradier = await startTradierStandIn(TOKEN);
    const started = await startUntilReady({
      PORT: '0',
      DATA_DIR: dataDir,
      CHAINS_PROVIDER: 'tradier',
      TRADIER_BASE_URL: tradier.url,
      TRADIER_API_KEY: TOKEN,
      CBOE_BASE_URL: tradier.url,
      TREASURY_BASE_URL: tradier.url,
      CHAINS_REFRESH_SECONDS: String(REFRESH_SECONDS),
      LOCAL_SCHEDULE_SECONDS: String(REFRESH_SECONDS),
      CHAIN_SNAPSHOT_SYMBOLS: 'PLTR',
      MARKET_TIME: RECORDED_PLTR_AS_OF,
      MARKET_TIME_FROZEN: 'true',
    });
    try {
      const token = await signInDemo(started);
      const call = (path: string, body?: unknown) => callRuntime(started, token, path, body);
      // The sandbox's answers are 15 minutes delayed; a replay of them says so.
      const provenance = { source: 'tradier', delayed: true, asOf: RECORDED_PLTR_AS_OF };

      // "Ready" came after the job's first run: the chain is there at once, as Tradier quoted it.
      const { status, json } = await call('/api/options-chain?symbol=PLTR');
      expect(status, JSON.stringify(json)).toBe(200);
      const chain = optionChainSchema.parse(json);
      expect(chain).toMatchObject({
        ...provenance,
        stale: null,
        underlyingPrice: 25.5,
        exercise: 'american',
      });
      expect(chain.expirations).toEqual([...RECORDED_EXPIRATIONS]);
      expect(chain.contracts).toHaveLength(176);
      // Each expiry's rate: the Treasury's curve of the quote day (r from the curve, q fitted).
      expect(chain.forwards.map((f) => [f.expiration, f.method, f.rateSource])).toEqual(
        RECORDED_EXPIRATIONS.map((d) => [
          d,
          'curve_rate_parity_carry',
          { source: 'US Treasury par curve', day: '2024-06-28' },
        ]),
      );
      const recorded = JSON.parse(recordedTradier.chains['2024-07-19']) as {
        options: { option: { option_type: string; strike: number; bid: number; ask: number }[] };
      };
      const served = (expiration: string) =>
        chain.contracts
          .filter((c) => c.expiration === expiration)
          .map((c) => [c.type, c.strike, c.bid, c.ask])
          .sort((a, b) => `${a[1]} ${a[0]}`.localeCompare(`${b[1]} ${b[0]}`));
      expect(served('2024-07-19')).toEqual(
        recorded.options.option
          .map((o) => [o.option_type, o.strike, o.bid, o.ask])
          .sort((a, b) => `${a[1]} ${a[0]}`.localeCompare(`${b[1]} ${b[0]}`)),
      );
      // Only the job asked Tradier, with the token: expirations, the quote, one chain per expiration;
      // CBOE once for PLTR's daily history (the forecast's closes); the Treasury's 2024 curve once.
      expect(tradier.paths.filter((p) => p === treasuryPath(2024))).toHaveLength(1);
      expect(new Set(tradier.paths)).toEqual(
        new Set([
          PLTR_HISTORY_PATH,
          treasuryPath(2024),
          '/v1/markets/options/expirations?symbol=PLTR&includeAllRoots=true',
          '/v1/markets/quotes?symbols=PLTR',
          ...RECORDED_EXPIRATIONS.map(
            (d) => `/v1/markets/options/chains?symbol=PLTR&expiration=${d}&greeks=true`,
          ),
        ]),
      );

      // A PLTR scan: positions built from Tradier's bids and asks only.
      const scanned = await call('/api/options-scanner', { ticker: 'PLTR', ivRank: 0 });
      expect(scanned.status, JSON.stringify(scanned.json)).toBe(200);
      const scan = scanResponseSchema.parse(scanned.json);
      expect(scan).toMatchObject({ ...provenance, stale: null });
      expect(scan.results.length).toBeGreaterThan(0);
      const quoted = recordedPrices();
      for (const result of scan.results) {
        expect(result.position.symbol).toBe('PLTR');
        for (const leg of result.position.legs.filter((l) => l.kind !== 'stock')) {
          expect(quoted.has(leg.bid)).toBe(true);
          expect(quoted.has(leg.ask)).toBe(true);
        }
      }

      // Tradier failing: the last good chain, marked stale with Tradier's answer, never a 5xx. The
      // local scheduler runs its jobs one after another, so the snapshot job's next run can wait
      // behind a slow first run of another job (the chain is stale for that meanwhile, saying so).
      tradier.state.failing = true;
      for (let tries = 0; ; tries += 1) {
        const next = await call('/api/options-chain?symbol=PLTR');
        expect(next.status, JSON.stringify(next.json)).toBe(200);
        const stale = optionChainSchema.parse(next.json);
        expect(stale.contracts).toEqual(chain.contracts);
        if (stale.stale?.reason.startsWith('Tradier')) {
          expect(stale).toMatchObject({ ...provenance, stale: { reason: 'Tradier answered 500' } });
          break;
        }
        if (tries > 120)
          throw new Error(
            `the chain was never marked stale by Tradier's answer: ${JSON.stringify(stale.stale)}`,
          );
        await sleep(500);
      }
    } finally {
      started.child.kill('SIGTERM');
      await started.exited;
      await tradier.close();
    }
    // One start (45 s at most), a few requests and up to a minute for the job's runs.
  }, 150_000);
});
