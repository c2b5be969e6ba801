/**
 * The cards under a reply: charts are the market model's history, strategies are actual
 * positions from the options engine, their risk from what they lose within one expected move.
 */
import { describe, expect, it } from 'vitest';
import { chatChart, chartsFor, strategySuggestionsFor, suggestionScanFilters } from '@shared/chat/cards';
import { chatChartSchema, strategySuggestionSchema } from '@shared/chat/schemas';
import { lossAtExpectedMove, riskLevelOf } from '@shared/chat/strategy-risk';
import { scannerStrategyLabel } from '@shared/constants/strategies';
import { marketHistory } from '@shared/market/history';
import { scan } from '@shared/options/scanner';
import { universeSnapshot } from '@shared/options/snapshot';
import { payoffAt, type Position, type PositionLeg } from '@shared/options/strategies';

const AT = new Date('2026-03-10T15:47:00Z'); // a Tuesday in the session

const leg = (kind: PositionLeg['kind'], side: PositionLeg['side'], strike: number | null, premium: number) =>
  ({
    kind,
    side,
    quantity: 1,
    strike,
    expiration: kind === 'stock' ? null : '2026-04-17',
    years: kind === 'stock' ? 0 : 30 / 365,
    premium,
    bid: premium,
    ask: premium,
    iv: kind === 'stock' ? null : 0.3,
    delta: 0,
    gamma: 0,
    theta: 0,
    vega: 0,
    volume: 0,
    openInterest: 0,
  }) satisfies PositionLeg;

const position = (legs: PositionLeg[]): Position => ({
  symbol: 'TEST',
  strategy: 'long-call',
  spot: 100,
  rate: 0.04,
  dividendYield: 0,
  asOf: AT.toISOString(),
  expiration: '2026-04-17',
  years: 30 / 365,
  legs,
});

describe('risk from the loss within one expected move', () => {
  it('a long call loses its whole premium if the price ends at or below the strike: high', () => {
    const call = position([leg('call', 'long', 100, 5)]);
    expect(lossAtExpectedMove(call, 10, 500)).toBe(1);
    expect(riskLevelOf(1)).toBe('high');
  });

  it('a covered call loses (100 − 90 − 2) × 100 of 9,800 on a fall to 90: low', () => {
    const covered = position([leg('stock', 'long', null, 100), leg('call', 'short', 105, 2)]);
    expect(lossAtExpectedMove(covered, 10, 9800)).toBeCloseTo(800 / 9800, 10);
    expect(riskLevelOf(800 / 9800)).toBe('low');
  });

  it('an iron condor loses nothing inside its short strikes, and part of its width beyond them', () => {
    const condor = position([
      leg('put', 'long', 80, 0.5),
      leg('put', 'short', 90, 2),
      leg('call', 'short', 110, 2),
      leg('call', 'long', 120, 0.5),
    ]);
    expect(lossAtExpectedMove(condor, 5, 700)).toBe(0);
    // At 85: the short 90 put is 5 in the money, less the 3 credit: -200 of 700.
    expect(lossAtExpectedMove(condor, 15, 700)).toBeCloseTo(200 / 700, 10);
    expect(riskLevelOf(200 / 700)).toBe('medium');
  });

  it('bands: under 25% low, under 60% medium, else high', () => {
    expect([0, 0.2499, 0.25, 0.5999, 0.6, 1].map(riskLevelOf)).toEqual([
      'low',
      'low',
      'medium',
      'medium',
      'high',
      'high',
    ]);
  });
});

describe('chart cards', () => {
  it('are the market history of the tickers the spec charts', () => {
    const [chart] = chartsFor('Is TSLA overbought?', AT);
    expect(chatChartSchema.parse(chart)).toEqual(chart);
    const history = marketHistory('TSLA', '3M', AT);
    expect(chart!.points).toEqual(history.points.map((p) => ({ time: p.time, price: p.close })));
    expect(chart).toMatchObject({ symbol: 'TSLA', timeframe: '3M', source: 'simulated' });
    expect(chatChart('SPY', AT, '1D').points.at(-1)!.time).toBe('2026-03-10T15:47:00.000Z');
  });

  it('market questions chart SPY and QQQ; others none', () => {
    expect(chartsFor('How is the market?', AT).map((c) => c.symbol)).toEqual(['SPY', 'QQQ']);
    expect(chartsFor('Explain gamma', AT)).toEqual([]);
  });
});

describe('strategy suggestions', () => {
  const snapshot = universeSnapshot(AT);

  it('are the scanner’s best position for the ticker asked about, in the question’s direction', () => {
    const suggestions = strategySuggestionsFor('Is AMD bullish here?', AT, snapshot);
    expect(suggestions.map((s) => `${s.strategy} ${s.symbol}`)).toEqual([
      'Long Call AMD',
      'Covered Call AMD',
    ]);
    for (const suggestion of suggestions) {
      expect(strategySuggestionSchema.parse(suggestion)).toEqual(suggestion);
      const p = suggestion.position!;
      const [best] = scan(snapshot, suggestionScanFilters({ symbol: 'AMD', strategy: p.strategy })).results;
      expect(scannerStrategyLabel(best!.strategy)).toBe(suggestion.strategy);
      expect(p.expiration).toBe(best!.expiration);
      expect(suggestion.probability).toBe(Math.round(best!.probabilityOfProfit * 100));
      expect(p.maxLoss).toBe(best!.maxLoss);
      // The risk level follows the loss within one expected move, found here by brute force.
      let worst = Infinity;
      for (let i = 0; i <= 4000; i += 1) {
        const price = best!.position.spot - best!.expectedMove + (2 * best!.expectedMove * i) / 4000;
        worst = Math.min(worst, payoffAt(best!.position, price));
      }
      const share = Math.min(1, Math.max(0, -worst) / best!.capitalRequired);
      expect(p.lossAtExpectedMove).toBeCloseTo(share, 2);
      expect(suggestion.risk).toBe(riskLevelOf(p.lossAtExpectedMove));
    }
  });

  it('follow the spec: puts when bearish, the first two otherwise, with its symbols when none is named', () => {
    expect(
      strategySuggestionsFor('feeling bearish', AT, snapshot).map((s) => `${s.strategy} ${s.symbol}`),
    ).toEqual(['Long Put TSLA']);
    expect(
      strategySuggestionsFor('what is theta?', AT, snapshot).map((s) => `${s.strategy} ${s.symbol}`),
    ).toEqual(['Long Call SPY', 'Iron Condor QQQ']);
  });

  it('are priced, not fixed: the same question at another time gives other figures', () => {
    const later = new Date('2026-06-16T15:47:00Z');
    const [now] = strategySuggestionsFor('calls', AT, snapshot);
    const [then] = strategySuggestionsFor('calls', later, universeSnapshot(later));
    expect(now!.position!.asOf).not.toBe(then!.position!.asOf);
    expect(now!.position!.underlyingPrice).not.toBe(then!.position!.underlyingPrice);
  });
});
