/**
 * A real chain's IV rank and forecast come from its real history, never the simulated model: the
 * simulated forecast's entry points throw here (a real chain reading them fails the test), the
 * forecast follows the recorded closes, the implied side is the chain's own IVs, and without
 * enough history the scan says so instead of scoring.
 */
import { describe, expect, it, vi } from 'vitest';
import { realChainSnapshot, NO_REAL_HISTORY } from '@shared/options/real-chain';
import { realHistoryForecast, REAL_FORECAST_MIN_CLOSES } from '@shared/options/real-forecast';
import { scan } from '@shared/options/scanner';
import { scanFiltersSchema } from '@shared/options/scan-filters';
import { marketClock } from '@shared/market/price-model';
import { parseCboeChain } from '@shared/providers/chains/cboe';
import { priceRealChain } from '@shared/providers/chains/price-real-chain';
import {
  emptyHistory,
  parseCboeHistory,
  withProviderCloses,
  type DailyHistory,
} from '@shared/providers/history/daily-history';
import { atm30Iv } from '@shared/providers/history/real-iv';
import { carryOf } from '../../../lambdas/market/service';
import { HANDWRITTEN_MODEL, handwrittenQqqChain } from '../../helpers/cboe-chains';
import { readFileSync } from 'node:fs';

vi.mock('@shared/options/forecast', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@shared/options/forecast')>();
  const simulated = (name: string) => () => {
    throw new Error(`a real chain read the simulated model's ${name}`);
  };
  return {
    ...actual,
    underlyingForecast: simulated('underlyingForecast'),
    historyVariance: simulated('historyVariance'),
    varianceRatios: simulated('varianceRatios'),
    expiryForecast: simulated('expiryForecast'),
  };
});

const at = new Date('2023-05-19T19:59:59Z');
const priced = priceRealChain(parseCboeChain(JSON.parse(handwrittenQqqChain())), carryOf('QQQ', at), at);
const carry = carryOf('QQQ', at);
const bars = parseCboeHistory(
  JSON.parse(
    readFileSync(
      new URL('../../fixtures/providers/cboe/history-QQQ.handwritten.json', import.meta.url),
      'utf8',
    ),
  ),
);

function historyOf(closes = bars, ivs: number[] = []): DailyHistory {
  const history = withProviderCloses(emptyHistory('QQQ', 'cboe', at), closes);
  const days = closes.map((c) => c.day).filter((d) => d < '2023-05-19');
  return { ...history, iv: ivs.map((iv, i) => ({ day: days[i]!, iv, source: 'engine' as const })) };
}

describe('a real chain’s forecast', () => {
  it('is the real closes’ EWMA, before today’s session, never the model’s', () => {
    const snapshot = realChainSnapshot(priced, carry, { history: historyOf(), missing: '' });
    const work = snapshot.work[0]!;
    // The market is open at the quote: today's (2023-05-19) bar is not read.
    const before = bars.filter((b) => b.day < '2023-05-19').map((b) => b.close);
    expect(work.forecast).toEqual(realHistoryForecast(before, marketClock(at)));
    expect(work.forecast!.sessions).toBe(before.length - 1);
    expect(snapshot.chains[0]!.noForecastReason).toBeNull();
  });

  it('moves when the history moves (doubled returns, four times the variance)', () => {
    const base = realChainSnapshot(priced, carry, { history: historyOf(), missing: '' }).work[0]!;
    const first = bars[0]!.close;
    const doubled = bars.map((b) => ({ ...b, close: first * (b.close / first) ** 2 }));
    const moved = realChainSnapshot(priced, carry, { history: historyOf(doubled), missing: '' }).work[0]!;
    expect(moved.forecast!.dailyVariance / base.forecast!.dailyVariance).toBeCloseTo(4, 6);
    expect(moved.expiries[0]!.forecastAtm).toBeGreaterThan(base.expiries[0]!.forecastAtm);
    expect(Array.from(moved.expectedPayoff)).not.toEqual(Array.from(base.expectedPayoff));
  });

  it('takes the implied side from the chain’s own IVs (its at-the-money IV and a fitted smile)', () => {
    const work = realChainSnapshot(priced, carry, { history: historyOf(), missing: '' }).work[0]!;
    const expiry = work.expiries[0]!;
    // The hand-written chain is priced at 20 % volatility throughout: its ATM IV solves back to
    // about 20 %, and its smile is flat.
    expect(expiry.impliedAtm).toBeCloseTo(HANDWRITTEN_MODEL.volatility, 2);
    expect(Math.abs(expiry.surface.skew)).toBeLessThan(0.05);
    expect(expiry.forward).toBe(priced.expiries[0]!.forward);
  });

  it('scores each position on the forecast’s own expected return, never the simulated market’s calibration', () => {
    const snapshot = realChainSnapshot(priced, carry, { history: historyOf(), missing: '' });
    const output = scan(snapshot, scanFiltersSchema.parse({ ticker: 'QQQ', minExpectedReturn: -1 }));
    expect(output.results.length).toBeGreaterThan(10);
    for (const result of output.results) {
      // The calibration maps what positions like this one realised in the simulated backtest.
      expect(result.expectedReturn).toBe(result.forecastExpectedReturn);
      const explained = result.scoreBreakdown.find((c) => c.component === 'expected-return')!;
      expect(explained.explanation).not.toContain('backtest');
    }
  });

  it('is none without enough real closes: the scan shows no positions, and says why', () => {
    const few = historyOf(bars.slice(0, REAL_FORECAST_MIN_CLOSES - 1));
    const snapshot = realChainSnapshot(priced, carry, {
      history: { ...few, fetchError: 'CBOE answered 503' },
      missing: '',
    });
    expect(snapshot.work[0]!.forecast).toBeNull();
    const output = scan(snapshot, scanFiltersSchema.parse({ ticker: 'QQQ' }));
    expect(output.results).toEqual([]);
    expect(output.emptyReason).toMatchObject({ filter: 'forecast' });
    expect(output.emptyReason!.message).toContain(
      `${REAL_FORECAST_MIN_CLOSES - 1} real daily closes of ${REAL_FORECAST_MIN_CLOSES} needed are recorded; the provider's daily history failed (CBOE answered 503)`,
    );
    const none = scan(
      realChainSnapshot(priced, carry, NO_REAL_HISTORY),
      scanFiltersSchema.parse({ ticker: 'QQQ' }),
    );
    expect(none.emptyReason!.message).toContain('no real history was read for this chain');
  });
});

describe('a real chain’s IV rank', () => {
  const filters = (extra: object) => scanFiltersSchema.parse({ ticker: 'QQQ', ...extra });

  it('is not yet a number with 3 recorded sessions: null with the reason, and the IV filter not applied', () => {
    const snapshot = realChainSnapshot(priced, carry, {
      history: historyOf(bars, [0.2, 0.21, 0.19]),
      missing: '',
    });
    const underlying = snapshot.chains[0]!.underlying;
    expect(Number.isNaN(underlying.ivRank)).toBe(true);
    expect(underlying.atmIv).toBe(atm30Iv(priced) ?? NaN);
    const output = scan(snapshot, filters({ ivRankMin: 90 }));
    // An IV-rank minimum of 90 would have removed everything; it was not applied, visibly.
    expect(output.results.length).toBeGreaterThan(0);
    expect(output.results[0]).toMatchObject({
      ivRank: null,
      ivPercentile: null,
      ivRankNote: 'not yet — 3 of 20 sessions recorded',
    });
    expect(output.notes).toContain(
      "IV rank: not yet — 3 of 20 sessions recorded for QQQ's real chain. Your a minimum IV rank of 90% was not applied.",
    );
    // Every score is a number: the IV fit rests on the forecast's premium alone.
    expect(output.results.every((r) => Number.isFinite(r.edgeScore))).toBe(true);
  });

  it('ranks the chain’s IV30 over the recorded sessions once there are enough, and screens on it', () => {
    // 25 sessions at 10 % … 34 %; the chain's IV30 is about 20 %, a rank near 42.
    const ivs = Array.from({ length: 25 }, (_, i) => 0.1 + i / 100);
    const snapshot = realChainSnapshot(priced, carry, { history: historyOf(bars, ivs), missing: '' });
    const iv30 = atm30Iv(priced)!;
    const rank = ((iv30 - 0.1) / 0.24) * 100;
    expect(snapshot.chains[0]!.underlying.ivRank).toBeCloseTo(rank, 10);
    const passing = scan(snapshot, filters({ ivRankMin: Math.floor(rank) }));
    expect(passing.results[0]!.ivRank).toBeCloseTo(rank, 10);
    expect(passing.results[0]!.ivRankNote).toBeNull();
    const failing = scan(snapshot, filters({ ivRankMin: Math.ceil(rank) }));
    expect(failing.results).toEqual([]);
    expect(failing.emptyReason).toMatchObject({ filter: 'ivRankMin' });
  });
});
