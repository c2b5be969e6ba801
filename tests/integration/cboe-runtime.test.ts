/**
 * `npm start` on real chains and quotes: CHAINS_PROVIDER=cboe and QUOTES_PROVIDER=cboe with CBOE_BASE_URL on a local HTTP server
 * standing in for CBOE, the market clock frozen at the chain's quote time (MARKET_TIME,
 * MARKET_TIME_FROZEN) and a 3 s refresh (CHAINS_REFRESH_SECONDS). Through the runtime's own HTTP
 * routes, signed in as its demo account: the recorded QQQ body's bids and asks, then the
 * hand-written chain in CBOE's layout (tests/helpers/cboe-chains.ts, labelled there) for a scan
 * with positions, then CBOE answering 500: the last chain, marked stale, never simulated numbers.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { marketDataResponseSchema } from '@shared/market/schemas';
import { optionChainSchema, scanResponseSchema } from '@shared/options/response-schemas';
import {
  handwrittenQqqChain,
  quotedPrices,
  RECORDED_QQQ_AS_OF,
  recordedQqqChain,
  startCboeStandIn,
  type StandInAnswer,
} from '../helpers/cboe-chains';
import { signInDemo, startUntilReady } from '../helpers/start-process';

const dataDir = mkdtempSync(join(tmpdir(), 'edge-cboe-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// Long enough for a chain, a cold scan and a quote on a busy machine within one window.
const REFRESH_SECONDS = 3;
const pastRefresh = () => new Promise((resolve) => setTimeout(resolve, REFRESH_SECONDS * 1000 + 200));

describe('npm start with CHAINS_PROVIDER=cboe', () => {
  it('serves the replayed chain, scan and QQQ quote (the chain’s underlying) at CBOE’s quote time, then the last chain marked stale', async () => {
    let answer: StandInAnswer = { status: 200, body: recordedQqqChain };
    const cboe = await startCboeStandIn(() => answer);
    const started = await startUntilReady({
      PORT: '0',
      DATA_DIR: dataDir,
      CHAINS_PROVIDER: 'cboe',
      QUOTES_PROVIDER: 'cboe',
      CBOE_BASE_URL: cboe.url,
      CHAINS_REFRESH_SECONDS: String(REFRESH_SECONDS),
      MARKET_TIME: RECORDED_QQQ_AS_OF,
      MARKET_TIME_FROZEN: 'true',
    });
    try {
      const token = await signInDemo(started);
      const call = async (path: string, body?: unknown) => {
        const response = await fetch(`${started.url}${path}`, {
          method: body === undefined ? 'GET' : 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: response.status, json: (await response.json()) as unknown };
      };
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

      // The recorded body: its two contracts, its bids and asks.
      const recorded = await chain();
      expect(recorded).toMatchObject({ ...provenance, stale: null, underlyingPrice: 336.46 });
      expect(recorded.contracts.map((c) => [c.type, c.strike, c.bid, c.ask])).toEqual([
        ['call', 260, 76.08, 76.3],
        ['put', 260, 0, 0.01],
      ]);
      expect(cboe.paths).toEqual(['/api/global/delayed_quotes/options/QQQ.json']);
      // The scan reads the same kept chain (no second request within the refresh interval).
      expect(await scan()).toMatchObject({ ...provenance, stale: null });
      expect(cboe.paths).toHaveLength(1);
      // QUOTES_PROVIDER=cboe: the quote is the chain's underlying, labelled as CBOE's.
      const quotes = await call('/api/market-data', { symbols: ['QQQ'], type: 'dashboard' });
      expect(quotes.status).toBe(200);
      expect(marketDataResponseSchema.parse(quotes.json)).toMatchObject({
        data: [{ symbol: 'QQQ', price: recorded.underlyingPrice.toFixed(2) }],
        provenance: { source: 'cboe', delayed: true, stale: null },
      });

      // The hand-written whole chain: a scan with positions built from its quotes only.
      answer = { status: 200, body: handwrittenQqqChain() };
      await pastRefresh();
      const scanned = await scan();
      expect(scanned).toMatchObject({ ...provenance, stale: null });
      expect(scanned.results.length).toBeGreaterThan(0);
      const quoted = quotedPrices(handwrittenQqqChain());
      for (const result of scanned.results) {
        expect(result.position.symbol).toBe('QQQ');
        for (const leg of result.position.legs.filter((l) => l.kind !== 'stock')) {
          expect(quoted.has(leg.bid)).toBe(true);
          expect(quoted.has(leg.ask)).toBe(true);
        }
      }
      const good = await chain();

      // CBOE failing: the last good chain, marked stale with its age, status 200.
      answer = { status: 500, body: '{"error":"internal"}' };
      await pastRefresh();
      const requestsBefore = cboe.paths.length;
      const stale = await chain();
      expect(cboe.paths.length).toBe(requestsBefore + 1);
      expect(stale).toMatchObject({ ...provenance, stale: { reason: 'CBOE answered 500' } });
      expect(stale.stale!.ageSeconds).toBeGreaterThanOrEqual(REFRESH_SECONDS);
      expect(stale.contracts).toEqual(good.contracts);
      const staleScan = await scan();
      expect(staleScan).toMatchObject({ ...provenance, stale: { reason: 'CBOE answered 500' } });
      expect(staleScan.results.map((r) => r.position)).toEqual(scanned.results.map((r) => r.position));
    } finally {
      started.child.kill('SIGTERM');
      await started.exited;
      await cboe.close();
    }
    // One start (45 s at most) and a few requests.
  }, 90_000);
});
