import { describe, expect, it } from 'vitest';
import {
  analyzePosition,
  payoffAt,
  valueToday,
  type Position,
  type PositionLeg,
} from '@shared/options/strategies';
import {
  LEG_CALL,
  LEG_PUT,
  OUT_POP,
  OUT_SIZE,
  analyzeLegs,
  createLegBuffer,
  lognormalCdf,
  pushLeg,
} from '@shared/options/payoff';

const leg = (
  kind: PositionLeg['kind'],
  side: PositionLeg['side'],
  strike: number | null,
  premium: number,
  quantity = 1,
): PositionLeg => ({
  kind,
  side,
  quantity,
  strike,
  expiration: kind === 'stock' ? null : '2026-04-17',
  years: kind === 'stock' ? 0 : 30 / 365,
  premium,
  bid: premium,
  ask: premium,
  iv: kind === 'stock' ? null : 0.3,
  delta: kind === 'stock' ? 1 : kind === 'call' ? 0.5 : -0.5,
  gamma: 0,
  theta: 0,
  vega: 0,
  volume: 100,
  openInterest: 1000,
});

const position = (strategy: Position['strategy'], legs: PositionLeg[]): Position => ({
  symbol: 'XYZ',
  strategy,
  spot: 100,
  rate: 0.04,
  dividendYield: 0,
  asOf: '2026-03-18T15:00:00.000Z',
  expiration: '2026-04-17',
  years: 30 / 365,
  legs,
});

const ATM_IV = 0.3;
const cdf = (level: number) => lognormalCdf(level, 100, 30 / 365, 0.04, 0, ATM_IV);

describe('worked examples (spot 100, 30 days, ATM IV 30%)', () => {
  it('long call: 105 call for 2.00', () => {
    // Max loss = premium 2.00 × 100 = $200; profit unbounded; breakeven 105 + 2 = 107.
    const m = analyzePosition(position('long-call', [leg('call', 'long', 105, 2)]), ATM_IV);
    expect(m.maxLoss).toBeCloseTo(200, 10);
    expect(m.maxProfit).toBe(Infinity);
    expect(m.breakevens).toEqual([107]);
    expect(m.cost).toBeCloseTo(200, 10);
    expect(m.probabilityOfProfit).toBeCloseTo(1 - cdf(107), 14);
    expect(m.capitalRequired).toBeCloseTo(200, 10);
  });

  it('long put: 95 put for 1.50', () => {
    // Max loss $150; max profit (stock to 0) = (95 - 1.5) × 100 = $9,350; breakeven 93.50.
    const m = analyzePosition(position('long-put', [leg('put', 'long', 95, 1.5)]), ATM_IV);
    expect(m.maxLoss).toBeCloseTo(150, 10);
    expect(m.maxProfit).toBeCloseTo(9350, 10);
    expect(m.breakevens).toEqual([93.5]);
    expect(m.probabilityOfProfit).toBeCloseTo(cdf(93.5), 14);
  });

  it('covered call: 100 shares at 100, short 105 call for 2.00', () => {
    // Max profit = (105 - 100 + 2) × 100 = $700; max loss = (100 - 2) × 100 = $9,800; breakeven 98.
    const m = analyzePosition(
      position('covered-call', [leg('stock', 'long', null, 100), leg('call', 'short', 105, 2)]),
      ATM_IV,
    );
    expect(m.maxProfit).toBeCloseTo(700, 10);
    expect(m.maxLoss).toBeCloseTo(9800, 10);
    expect(m.breakevens).toEqual([98]);
    expect(m.cost).toBeCloseTo(9800, 10);
    expect(m.probabilityOfProfit).toBeCloseTo(1 - cdf(98), 14);
  });

  it('cash-secured put: short 95 put for 1.50', () => {
    // Max profit $150; max loss = (95 - 1.5) × 100 = $9,350 = the cash secured net of the credit; breakeven 93.50.
    const m = analyzePosition(position('cash-secured-put', [leg('put', 'short', 95, 1.5)]), ATM_IV);
    expect(m.maxProfit).toBeCloseTo(150, 10);
    expect(m.maxLoss).toBeCloseTo(9350, 10);
    expect(m.capitalRequired).toBeCloseTo(9350, 10);
    expect(m.cost).toBeCloseTo(-150, 10);
    expect(m.breakevens).toEqual([93.5]);
  });

  it('iron condor: +85p 0.40, -90p 1.00, -110c 1.10, +115c 0.50', () => {
    // Credit = 1.00 + 1.10 - 0.40 - 0.50 = 1.20 → max profit $120; wings 5 wide → max loss (5 - 1.2) × 100 = $380;
    // breakevens 90 - 1.2 = 88.8 and 110 + 1.2 = 111.2; profit between them.
    const p = position('iron-condor', [
      leg('put', 'long', 85, 0.4),
      leg('put', 'short', 90, 1),
      leg('call', 'short', 110, 1.1),
      leg('call', 'long', 115, 0.5),
    ]);
    const m = analyzePosition(p, ATM_IV);
    expect(m.maxProfit).toBeCloseTo(120, 10);
    expect(m.maxLoss).toBeCloseTo(380, 10);
    expect(m.breakevens[0]).toBeCloseTo(88.8, 12);
    expect(m.breakevens[1]).toBeCloseTo(111.2, 12);
    expect(m.probabilityOfProfit).toBeCloseTo(cdf(111.2) - cdf(88.8), 14);
    expect(payoffAt(p, 100)).toBeCloseTo(120, 10);
    expect(payoffAt(p, 70)).toBeCloseTo(-380, 10);
  });

  it('butterfly: +95c 6.50, -2 × 100c 3.50, +105c 1.50', () => {
    // Debit = 6.5 - 7 + 1.5 = 1.00 → max loss $100; max profit at 100 = (5 - 1) × 100 = $400; breakevens 96 and 104.
    const m = analyzePosition(
      position('butterfly', [
        leg('call', 'long', 95, 6.5),
        leg('call', 'short', 100, 3.5, 2),
        leg('call', 'long', 105, 1.5),
      ]),
      ATM_IV,
    );
    expect(m.maxLoss).toBeCloseTo(100, 10);
    expect(m.maxProfit).toBeCloseTo(400, 10);
    expect(m.breakevens[0]).toBeCloseTo(96, 12);
    expect(m.breakevens[1]).toBeCloseTo(104, 12);
  });

  it('straddle and strangle: bought, unbounded profit', () => {
    // Straddle 100c 3.5 + 100p 3.0: debit 6.5 → max loss $650, breakevens 93.5 and 106.5.
    const straddle = analyzePosition(
      position('straddle', [leg('call', 'long', 100, 3.5), leg('put', 'long', 100, 3)]),
      ATM_IV,
    );
    expect(straddle.maxLoss).toBeCloseTo(650, 10);
    expect(straddle.maxProfit).toBe(Infinity);
    expect(straddle.breakevens).toEqual([93.5, 106.5]);
    expect(straddle.probabilityOfProfit).toBeCloseTo(cdf(93.5) + 1 - cdf(106.5), 14);
    // Strangle 105c 1.2 + 95p 1.0: debit 2.2 → breakevens 92.8 and 107.2.
    const strangle = analyzePosition(
      position('strangle', [leg('call', 'long', 105, 1.2), leg('put', 'long', 95, 1)]),
      ATM_IV,
    );
    expect(strangle.maxLoss).toBeCloseTo(220, 10);
    expect(strangle.breakevens[0]).toBeCloseTo(92.8, 12);
    expect(strangle.breakevens[1]).toBeCloseTo(107.2, 12);
  });

  it('reports an unbounded loss as Infinity (a naked short call)', () => {
    const m = analyzePosition(position('long-call', [leg('call', 'short', 105, 2)]), ATM_IV);
    expect(m.maxLoss).toBe(Infinity);
    expect(m.maxProfit).toBeCloseTo(200, 10);
  });
});

describe('payoffAt and valueToday', () => {
  const p = position('long-call', [leg('call', 'long', 100, 3.5)]);

  it('pays the intrinsic value less the premium at expiry', () => {
    expect(payoffAt(p, 110)).toBeCloseTo(650, 10);
    expect(payoffAt(p, 90)).toBeCloseTo(-350, 10);
  });

  it('revalues with time left before expiry and equals the payoff at expiry', () => {
    const now = valueToday(p, 100, new Date(p.asOf));
    expect(now).toBeGreaterThan(-350);
    expect(valueToday(p, 110, new Date('2026-04-18T00:00:00Z'))).toBeCloseTo(payoffAt(p, 110), 8);
  });
});

describe('analyzeLegs', () => {
  it('sums probabilities of the profitable intervals to at most 1', () => {
    const buffer = createLegBuffer();
    pushLeg(buffer, LEG_CALL, 100, 1, 3);
    pushLeg(buffer, LEG_PUT, 100, 1, 3);
    const out = new Float64Array(OUT_SIZE);
    analyzeLegs(buffer, 100, 0.1, 0.04, 0, 0.3, out);
    expect(out[OUT_POP]).toBeGreaterThan(0);
    expect(out[OUT_POP]).toBeLessThan(1);
  });
});
