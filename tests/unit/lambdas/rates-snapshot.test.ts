/**
 * The risk-free curve in the chain snapshot job (lambdas/market/rates.ts): the US Treasury asked
 * through a local HTTP server serving the recorded 2024 CSV (tests/fixtures/SOURCES.md), at most
 * once per New York day, stored as `rates/treasury.json`; the recorded PLTR chains (Tradier,
 * 2024-06-28) priced with it. The server failing: the stored curve with its day, and why; never
 * any curve: the fixed rate, which the expiries say. A container without a snapshot: KeptRates.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChainProvider } from '@shared/providers/chains/chain';
import { decodeStoredChain, type ChainSnapshotStore } from '@shared/providers/chains/shared-snapshot';
import { parseTradierChain } from '@shared/providers/chains/tradier';
import { RISK_FREE_RATE } from '@shared/market/rates';
import { parseStoredRates, RATES_KEY, treasuryRateProvider } from '@shared/providers/rates/treasury';
import { fetchTextWith, KeptRates } from '../../../lambdas/market/rates';
import { writeChainSnapshot } from '../../../lambdas/market/snapshot-job';
import { RECORDED_EXPIRATIONS, recordedTradier } from '../../helpers/tradier-chains';
import { recordedTreasuryAnswer, treasuryPath } from '../../helpers/treasury';
import { memoryStore } from '../../helpers/memory-snapshot-store';

const treasury = { paths: [] as string[], failing: false, url: '' };
const server = createServer((req, res) => {
  treasury.paths.push(req.url ?? '');
  const body = treasury.failing ? undefined : recordedTreasuryAnswer(req.url ?? '');
  res.writeHead(treasury.failing ? 503 : body ? 200 : 404, { 'content-type': 'text/csv' });
  res.end(body ?? 'unavailable');
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  treasury.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const pltr: ChainProvider = {
  name: 'tradier',
  chain: async () =>
    parseTradierChain(
      'PLTR',
      {
        quote: JSON.parse(recordedTradier.quote) as unknown,
        chains: RECORDED_EXPIRATIONS.map((d) => JSON.parse(recordedTradier.chains[d]) as unknown),
      },
      true,
    ),
};

let now = Date.parse('2024-06-28T15:52:00Z');
const clock = () => new Date(now);
beforeEach(() => {
  now = Date.parse('2024-06-28T15:52:00Z');
  treasury.paths.length = 0;
  treasury.failing = false;
});

const run = (store: ChainSnapshotStore) =>
  writeChainSnapshot({
    provider: pltr,
    store,
    symbols: ['PLTR'],
    now: clock,
    rates: treasuryRateProvider(treasury.url, fetchTextWith()),
  });
const latestExpiries = async (store: ChainSnapshotStore, slot: string) =>
  decodeStoredChain((await store.get(`chains/${slot}/PLTR.json`))!).priced.expiries;

describe('the chain snapshot job’s risk-free curve', () => {
  it('asks the Treasury once a New York day, stores the curve and prices the chains with it', async () => {
    const { store, objects } = memoryStore();
    const first = await run(store);
    expect(first.written).toBe(true);
    expect(treasury.paths).toEqual([treasuryPath(2024)]);
    expect(parseStoredRates(objects.get(RATES_KEY)!)).toMatchObject({
      curve: { source: 'US Treasury par curve', day: '2024-06-28' },
      askedDay: '2024-06-28',
      failure: null,
    });
    const expiries = await latestExpiries(store, first.slot);
    expect(expiries).toHaveLength(4);
    for (const e of expiries) {
      expect(e.method).toBe('curve_rate_parity_carry');
      expect(e.rateSource).toEqual({ source: 'US Treasury par curve', day: '2024-06-28' });
    }
    // The 3-week expiry's rate: near the bills' 5.4 %, not parity's biased slope.
    expect(-Math.log(expiries[0]!.discount) / expiries[0]!.years).toBeCloseTo(0.054, 3);

    now += 60_000; // the next minute: no second ask
    const second = await run(store);
    expect(second.written).toBe(true);
    expect(treasury.paths).toHaveLength(1);
    expect((await latestExpiries(store, second.slot))[0]!.rateSource?.day).toBe('2024-06-28');
  });

  it('keeps the stored curve with its day when the Treasury fails, asking once that day', async () => {
    const { store, objects } = memoryStore();
    await run(store);
    now = Date.parse('2024-07-01T15:00:00Z'); // Monday
    treasury.failing = true;
    const monday = await run(store);
    expect(treasury.paths).toEqual([treasuryPath(2024), treasuryPath(2024)]);
    expect(parseStoredRates(objects.get(RATES_KEY)!)).toMatchObject({
      curve: { day: '2024-06-28' },
      askedDay: '2024-07-01',
      failure: 'the Treasury’s 2024 curve could not be fetched: answered 503',
    });
    for (const e of await latestExpiries(store, monday.slot))
      expect(e.rateSource).toEqual({ source: 'US Treasury par curve', day: '2024-06-28' });
    now += 60_000;
    await run(store);
    expect(treasury.paths).toHaveLength(2);
  });

  it('prices at the fixed rate, and says so, when no curve was ever had', async () => {
    const { store, objects } = memoryStore();
    treasury.failing = true;
    const first = await run(store);
    expect(parseStoredRates(objects.get(RATES_KEY)!)).toMatchObject({
      curve: null,
      failure: 'the Treasury’s 2024 curve could not be fetched: answered 503',
    });
    for (const e of await latestExpiries(store, first.slot)) {
      expect(e.rateSource).toEqual({ source: 'fixed', day: null });
      expect(e.discount).toBeCloseTo(Math.exp(-RISK_FREE_RATE * e.years), 12);
    }
  });

  it('asks nothing without a rate provider (the expiries then name no source)', async () => {
    const { store, objects } = memoryStore();
    const first = await writeChainSnapshot({ provider: pltr, store, symbols: ['PLTR'], now: clock });
    expect(treasury.paths).toEqual([]);
    expect(objects.has(RATES_KEY)).toBe(false);
    expect((await latestExpiries(store, first.slot))[0]!.rateSource).toBeNull();
  });
});

describe('KeptRates (a container without a snapshot)', () => {
  it('asks once a New York day and keeps the last curve when the Treasury fails', async () => {
    const kept = new KeptRates(treasuryRateProvider(treasury.url, fetchTextWith()), clock);
    const [a, b] = await Promise.all([kept.curve(), kept.curve()]);
    expect(a?.day).toBe('2024-06-28');
    expect(b).toBe(a);
    expect(treasury.paths).toHaveLength(1);
    now = Date.parse('2024-07-01T15:00:00Z');
    treasury.failing = true;
    expect((await kept.curve())?.day).toBe('2024-06-28');
    expect(await kept.curve()).toBe(a);
    expect(treasury.paths).toHaveLength(2);
  });

  it('is null when the Treasury never answered', async () => {
    treasury.failing = true;
    expect(
      await new KeptRates(treasuryRateProvider(treasury.url, fetchTextWith()), clock).curve(),
    ).toBeNull();
  });
});
