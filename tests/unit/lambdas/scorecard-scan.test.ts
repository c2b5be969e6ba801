/**
 * The scan scorecard on a real chain stage (docs/decisions/signal-scorecards.md): the default scan
 * over the chain snapshot's minute at the pick instant recorded once a day, valued at 1 hour from
 * a later minute at the bid and ask, at expiry from the recorded close, and left unvalued (null)
 * when no minute is near the horizon; the card then says where it came from. The chains are
 * hand-made (American prices at a flat volatility, labelled below), written by the snapshot job
 * itself to a file store standing in for the bucket; the wiring is scorecardPrices' on the env.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realChainSnapshot } from '@shared/options/real-chain';
import { DEFAULT_SCAN } from '@shared/options/backtest';
import { scanFiltersSchema } from '@shared/options/scan-filters';
import { scan } from '@shared/options/scanner';
import { americanPrice } from '@shared/pricing/american';
import type { ChainSnapshot } from '@shared/providers/chains/chain';
import { closesKey, type ClosesRecord } from '@shared/providers/chains/closes';
import { priceRealChain } from '@shared/providers/chains/price-real-chain';
import type { ChainSnapshotStore } from '@shared/providers/chains/shared-snapshot';
import type { HistoryProvider } from '@shared/providers/history/daily-history';
import { expirationClose } from '@shared/scorecards/horizons';
import { SCAN_PICK_MINUTE, type SignalRecord } from '@shared/scorecards/schemas';
import { scorecardPrices } from '../../../lambdas/feeds/scorecard-prices';
import { memoryScorecardRepo } from '../../../lambdas/feeds/scorecard-memory';
import {
  readScorecard,
  scoreKind,
  scorecardSource,
  type ScorecardDeps,
} from '../../../lambdas/feeds/scorecards';
import { carryOf } from '../../../lambdas/market/service';
import { writeChainSnapshot } from '../../../lambdas/market/snapshot-job';
import { fileSnapshotStore } from '../../../lambdas/market/snapshot-store';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const EXPIRATION = '2023-06-16';
/** Friday 2023-05-19: the open is 13:30Z, the pick SCAN_PICK_MINUTE later. */
const PICK_AT = new Date('2023-05-19T14:30:00Z');
const HOUR_LATER = new Date('2023-05-19T15:30:00Z');
const NEXT_DAY = new Date('2023-05-22T14:30:00Z');

/**
 * Hand-made (not recorded): a chain in our snapshot shape, each contract's bid and ask five cents
 * either side of its American price at volatility `vol` (r 5 %, no yield), one expiry, strikes
 * every dollar within 20 % of the spot. GLD's model IV rank that day is 70, QQQ's 8: the default
 * scan's IV rank floor (50) keeps GLD's positions only.
 */
function handMadeChain(symbol: string, spot: number, quotedAt: Date, vol: number): ChainSnapshot {
  const years = (expirationClose(EXPIRATION).getTime() - quotedAt.getTime()) / (365 * 86_400_000);
  const contracts: ChainSnapshot['contracts'] = [];
  const ymd = EXPIRATION.slice(2).replaceAll('-', '');
  for (let strike = Math.round(spot * 0.8); strike <= spot * 1.2; strike += 1) {
    for (const type of ['call', 'put'] as const) {
      const price = americanPrice(spot, strike, years, 0.05, 0, vol, type === 'call');
      contracts.push({
        occ: `${symbol.padEnd(6)}${ymd}${type === 'call' ? 'C' : 'P'}${String(strike * 1000).padStart(8, '0')}`,
        root: symbol,
        type,
        strike,
        expiration: EXPIRATION,
        bid: Math.max(0, Math.floor((price - 0.05) * 100) / 100),
        ask: Math.ceil((price + 0.05) * 100) / 100,
        bidSize: 10,
        askSize: 10,
        last: null,
        lastTime: null,
        volume: 800,
        openInterest: 5000,
        iv: null,
        greeks: null,
        quoteTime: quotedAt.toISOString(),
      });
    }
  }
  return {
    provider: 'cboe',
    delayed: true,
    underlying: { symbol, price: spot, bid: spot, ask: spot + 0.01, asOf: quotedAt.toISOString() },
    contracts,
    rejected: [],
  };
}

const pickChains = (at: Date) => ({
  GLD: handMadeChain('GLD', 183, at, 0.15),
  QQQ: handMadeChain('QQQ', 336, at, 0.2),
});
/** An hour later GLD is up and its volatility with it: every bid and ask has moved. */
const laterChains = (at: Date) => ({
  GLD: handMadeChain('GLD', 185, at, 0.17),
  QQQ: handMadeChain('QQQ', 336, at, 0.2),
});

/**
 * Hand-made daily bars (not recorded): 60 weekdays before 2023-05-19 (Good Friday left out), the
 * close wobbling about its level, so the scan's forecast has the real history it needs.
 */
const handMadeBars: HistoryProvider = {
  name: 'cboe',
  async daily(symbol) {
    const level = symbol === 'GLD' ? 183 : 336;
    const days: string[] = [];
    for (let t = Date.parse('2023-05-18T12:00:00Z'); days.length < 60; t -= 86_400_000) {
      const day = new Date(t);
      const iso = day.toISOString().slice(0, 10);
      if (day.getUTCDay() % 6 !== 0 && iso !== '2023-04-07') days.unshift(iso);
    }
    return days.map((day, n) => ({ day, close: level * Math.exp(0.01 * Math.sin(1.7 * n)) }));
  },
};

/** The snapshot job's run in the minute of `at`, fetching the given chains (the store keeps every minute). */
async function writeMinute(store: ChainSnapshotStore, at: Date, chains: Record<string, ChainSnapshot>) {
  const fetchedAt = new Date(at.getTime() + 20_000);
  await writeChainSnapshot({
    provider: { name: 'cboe', chain: async (symbol) => chains[symbol]! },
    history: handMadeBars,
    store,
    symbols: Object.keys(chains),
    now: () => fetchedAt,
  });
}

/** Closing the legs on a chain by hand: bought legs at the bid, sold legs at the ask. */
function closedOn(chain: ChainSnapshot, signal: SignalRecord): number {
  return signal.legs!.reduce((sum, leg) => {
    const c = chain.contracts.find(
      (x) => x.type === leg.kind && x.strike === leg.strike && x.expiration === leg.expiration,
    )!;
    return sum + leg.quantity * (leg.quantity > 0 ? c.bid! : c.ask!);
  }, 0);
}

describe('where the scan scorecard comes from', () => {
  it('follows the stage’s chain provider', () => {
    expect(scorecardSource('scan', {})).toBe('simulated');
    expect(scorecardSource('scan', { CHAINS_PROVIDER: 'cboe' })).toBe('cboe');
    expect(scorecardSource('scan', { CHAINS_PROVIDER: 'polygon' })).toBe('polygon');
    // CBOE quotes on simulated chains: the scan is still the simulated market's.
    expect(scorecardSource('scan', { QUOTES_PROVIDER: 'cboe' })).toBe('simulated');
    expect(scorecardSource('alerts', { CHAINS_PROVIDER: 'cboe' })).toBe('simulated');
  });

  it('is the simulated market’s on a stage without a real chain provider (no snapshot read)', () => {
    expect(
      scorecardPrices({ QUOTES_PROVIDER: 'cboe', CHAIN_SNAPSHOT_DIR: '/nowhere' }).scanChains,
    ).toBeUndefined();
  });
});

describe('the default scan’s picks on CBOE chains', () => {
  const env = { CHAINS_PROVIDER: 'cboe' };
  let dir: string;
  let store: ChainSnapshotStore;
  let deps: ScorecardDeps;
  const repo = memoryScorecardRepo();
  const picks = async () => (await repo.chunks('scan', '2023-05-19')).flatMap((c) => c.signals);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'scorecard-scan-'));
    dirs.push(dir);
    // Minutes of 2023 are older than the local store's 30 minutes: this store prunes nothing.
    store = fileSnapshotStore(dir, Infinity);
    await writeMinute(store, PICK_AT, pickChains(PICK_AT));
    deps = {
      repo,
      sourceOf: (kind) => scorecardSource(kind, env),
      ...scorecardPrices({ ...env, CHAIN_SNAPSHOT_DIR: dir }),
    };
  });

  it('waits for the pick instant, then records the scan of that minute’s chains once', async () => {
    expect(PICK_AT.getTime() - Date.parse('2023-05-19T13:30:00Z')).toBe(SCAN_PICK_MINUTE * 60_000);
    const early = await scoreKind(deps, 'scan', new Date('2023-05-19T14:25:00Z'), Infinity, 3);
    expect(early.recorded).toBe(0);
    expect(await picks()).toEqual([]);

    const now = new Date('2023-05-19T14:35:00Z');
    // Two runs at once, then one again: each pick once.
    const [a, b] = await Promise.all([
      scoreKind(deps, 'scan', now, Infinity, 3),
      scoreKind(deps, 'scan', now, Infinity, 3),
    ]);
    const again = await scoreKind(deps, 'scan', new Date('2023-05-19T14:40:00Z'), Infinity, 3);
    const recorded = await picks();
    // GLD's positions pass the default scan, QQQ's do not: the hand-made closes move about 17% a
    // year, GLD's chain is priced at 15% and QQQ's at 20% (neither has the 20 sessions an IV rank needs).
    expect(recorded.length).toBeGreaterThan(0);
    expect(new Set(recorded.map((s) => s.ticker))).toEqual(new Set(['GLD']));
    expect(a.recorded + b.recorded + again.recorded).toBe(recorded.length);
    expect(new Set(recorded.map((s) => s.id)).size).toBe(recorded.length);

    // The scan of GLD's and QQQ's chains of that minute, as the scanner page would show it.
    const fetchedAt = new Date(PICK_AT.getTime() + 20_000);
    const shown = scan(
      realChainSnapshot(
        priceRealChain(pickChains(PICK_AT).GLD, carryOf('GLD', fetchedAt), fetchedAt),
        carryOf('GLD', PICK_AT),
        await deps.scanChains!.history('GLD', 'cboe'),
      ),
      scanFiltersSchema.parse(DEFAULT_SCAN),
    ).results;
    expect(recorded.map((s) => [s.ticker, s.type, s.severity])).toEqual(
      shown.slice(0, recorded.length).map((r) => [r.ticker, r.strategy, r.edgeBand.band]),
    );
    recorded.forEach((signal, i) => {
      const result = shown[i]!;
      expect(signal).toMatchObject({
        at: PICK_AT.toISOString(),
        source: 'cboe',
        quotedAt: PICK_AT.toISOString(),
        edgeScore: result.edgeScore,
        expectedReturn: result.expectedReturn,
        values: {},
      });
      // What Track would store: the net at the fills, a debit paid (+) or a credit received (−).
      expect(signal.entry).toBeCloseTo((result.priceType === 'credit' ? -1 : 1) * result.premium, 6);
      expect(signal.legs).toEqual(
        result.position.legs.map((leg) => ({
          kind: leg.kind,
          quantity: (leg.side === 'long' ? 1 : -1) * leg.quantity,
          strike: leg.strike,
          expiration: leg.expiration,
        })),
      );
    });
    const [summary] = await repo.summaries('scan', '2023-05-19', '2023-05-19');
    expect(summary).toMatchObject({ source: 'cboe', signals: recorded.length });
  });

  it('values 1 hour from the later minute at the bid (bought legs) and the ask (sold legs)', async () => {
    const later = laterChains(HOUR_LATER);
    // Before the minute is written (within the window): waits, not valued.
    await scoreKind(deps, 'scan', new Date('2023-05-19T15:30:10Z'), Infinity, 3);
    expect((await picks()).every((s) => !('1h' in s.values))).toBe(true);
    await writeMinute(store, HOUR_LATER, later);
    const run = await scoreKind(deps, 'scan', new Date('2023-05-19T15:35:00Z'), Infinity, 3);
    const valued = await picks();
    expect(run.valued).toBe(valued.length);
    for (const signal of valued) {
      expect(signal.values['1h']).toBeCloseTo(closedOn(later.GLD, signal), 6);
      expect(signal.values['1h']).not.toBeCloseTo(closedOn(pickChains(PICK_AT).GLD, signal), 6);
    }
  });

  it('leaves 1 day unvalued (null) when no minute was written near it', async () => {
    await scoreKind(deps, 'scan', new Date(NEXT_DAY.getTime() + 10 * 60_000), Infinity, 6);
    expect((await picks()).every((s) => !('1d' in s.values))).toBe(true); // may still come
    await scoreKind(deps, 'scan', new Date(NEXT_DAY.getTime() + 16 * 60_000), Infinity, 6);
    expect((await picks()).map((s) => s.values['1d'])).toEqual((await picks()).map(() => null));
  });

  it('settles at expiry at the recorded close’s intrinsic values', async () => {
    const afterExpiry = new Date('2023-06-16T20:10:00Z');
    await scoreKind(deps, 'scan', afterExpiry, Infinity, 40);
    expect((await picks()).every((s) => !('end' in s.values))).toBe(true); // not recorded yet
    const record: ClosesRecord = {
      day: EXPIRATION,
      provider: 'cboe',
      writtenAt: '2023-06-16T20:20:30.000Z',
      closes: { GLD: { price: 190.5, at: '2023-06-16T20:00:00.000Z' } },
    };
    await store.put(closesKey(EXPIRATION), JSON.stringify(record));
    // A container keeps a day found without closes for a minute: a new one (the next cold start) reads it.
    const deps2 = { ...deps, ...scorecardPrices({ ...env, CHAIN_SNAPSHOT_DIR: dir }) };
    await scoreKind(deps2, 'scan', new Date('2023-06-20T15:00:00Z'), Infinity, 40);
    for (const signal of await picks()) {
      const intrinsic = signal.legs!.reduce(
        (sum, leg) =>
          sum +
          leg.quantity *
            (leg.kind === 'call' ? Math.max(0, 190.5 - leg.strike!) : Math.max(0, leg.strike! - 190.5)),
        0,
      );
      expect(signal.values.end).toBeCloseTo(intrinsic, 9);
    }
    const card = await readScorecard(deps2, 'pro', 'scan', 90, new Date('2023-06-20T15:00:00Z'));
    expect(card).toMatchObject({ source: 'cboe', since: '2023-05-19', pending: 0 });
    expect(card.signals).toBe((await picks()).length);
  });
});

describe('the snapshot store failing', () => {
  it('records nothing and writes no sums, then records the day once the store answers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scorecard-scan-down-'));
    dirs.push(dir);
    await writeMinute(fileSnapshotStore(dir, Infinity), PICK_AT, pickChains(PICK_AT));
    const working = scorecardPrices({ CHAINS_PROVIDER: 'cboe', CHAIN_SNAPSHOT_DIR: dir }).scanChains!;
    let down = true;
    const repo = memoryScorecardRepo();
    const deps: ScorecardDeps = {
      repo,
      sourceOf: () => 'cboe',
      scanChains: {
        minuteNear: (at, notAfter) =>
          down ? Promise.reject(new Error('S3 GetObject failed')) : working.minuteNear(at, notAfter),
        history: (symbol, provider) => working.history(symbol, provider),
      },
    };
    // Long past the window: a failing store is not "no minute", the day waits.
    const now = new Date('2023-05-19T17:00:00Z');
    expect((await scoreKind(deps, 'scan', now, Infinity, 3)).recorded).toBe(0);
    expect(await repo.summaries('scan', '2023-05-19', '2023-05-19')).toEqual([]);
    down = false;
    const run = await scoreKind(deps, 'scan', now, Infinity, 3);
    expect(run.recorded).toBeGreaterThan(0);
    // Its hour has passed with no later minute written: not valued, never a simulated number.
    const [chunk] = await repo.chunks('scan', '2023-05-19');
    expect(chunk!.signals).toHaveLength(run.recorded);
    expect(chunk!.signals.every((s) => s.values['1h'] === null)).toBe(true);
  });
});

describe('a stage whose chains became real', () => {
  it('leaves the days the simulated scan scored alone: not valued from, nor mixed with, real chains', async () => {
    const repo = memoryScorecardRepo();
    const simulated: ScorecardDeps = { repo, sourceOf: () => 'simulated' };
    await scoreKind(simulated, 'scan', new Date('2023-05-19T14:35:00Z'), Infinity, 0);
    const before = await repo.chunks('scan', '2023-05-19');
    expect(before[0]!.signals.length).toBeGreaterThan(0);
    const minuteNear = async () => {
      throw new Error('S3 GetObject failed');
    };
    const history = async () => {
      throw new Error('S3 GetObject failed');
    };
    const real: ScorecardDeps = { repo, sourceOf: () => 'cboe', scanChains: { minuteNear, history } };
    const run = await scoreKind(real, 'scan', new Date('2023-05-22T15:00:00Z'), Infinity, 3);
    expect(run).toMatchObject({ recorded: 0, valued: 0 });
    expect(await repo.chunks('scan', '2023-05-19')).toEqual(before);
    const [summary] = await repo.summaries('scan', '2023-05-19', '2023-05-19');
    expect(summary!.source).toBe('simulated');
  });
});
