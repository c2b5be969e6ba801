/**
 * Marking open positions (the journal issue, item 2): a bull call vertical and an iron condor
 * against quotes chosen here, every figure worked by hand in the comments; an unlisted leg; risk;
 * totals; and one position marked against the scanner's own simulated chain.
 */
import { describe, expect, it } from 'vitest';
import { buildUniverseSnapshot } from '@shared/options/snapshot';
import { markChainFromSnapshot, type MarkChain, type MarkQuote } from '@shared/trades/mark-chain';
import { expiryRisk, markTrade, portfolioTotals, type MarkableTrade } from '@shared/trades/marks';
import { payoffCurve } from '@shared/trades/position-payoff';
import type { TradeLeg } from '@shared/trades/schemas';

const AS_OF = new Date('2026-11-27T15:00:00.000Z'); // 10:00 New York
const EXPIRY = '2026-12-18'; // 21 calendar days later

function chainWith(spot: number, quotes: Record<string, MarkQuote>, ivNear: number | null = null): MarkChain {
  return {
    symbol: 'SPY',
    spot,
    rate: 0.04,
    dividendYield: 0,
    asOf: AS_OF.toISOString(),
    quote: (kind, strike, expiration) => quotes[`${kind} ${strike} ${expiration}`] ?? null,
    ivNear: () => ivNear,
  };
}

const q = (
  bid: number,
  ask: number,
  delta: number,
  gamma: number,
  theta: number,
  vega: number,
): MarkQuote => ({
  bid,
  ask,
  iv: 0.2,
  delta,
  gamma,
  theta,
  vega,
});

const leg = (
  kind: TradeLeg['kind'],
  side: TradeLeg['side'],
  strike: number | null,
  premium = 0,
): TradeLeg => ({
  kind,
  side,
  quantity: 1,
  strike,
  expiration: kind === 'stock' ? null : EXPIRY,
  premium,
});

function trade(overrides: Partial<MarkableTrade>): MarkableTrade {
  return {
    trade_id: 't1',
    ticker: 'SPY',
    strategy: 'Bull Call Spread',
    side: 'debit',
    quantity: 1,
    entry_price: 0,
    fees: 0,
    opened_at: '2026-11-20T15:00:00.000Z',
    legs: [],
    exit_price: null,
    ...overrides,
  };
}

describe('marking a bull call vertical (2 spreads bought for 2.00, $2.60 fees)', () => {
  const chain = chainWith(103, {
    [`call 100 ${EXPIRY}`]: q(4.1, 4.3, 0.6, 0.04, -0.05, 0.12),
    [`call 105 ${EXPIRY}`]: q(1.5, 1.6, 0.35, 0.03, -0.04, 0.1),
  });
  const vertical = trade({
    quantity: 2,
    entry_price: 2,
    fees: 2.6,
    legs: [leg('call', 'long', 100, 3), leg('call', 'short', 105, 1)],
  });
  const marked = markTrade(vertical, chain, AS_OF);

  it('closes at the executable prices: sell the long at its bid, buy the short back at its ask', () => {
    // 4.10 - 1.60 = 2.50 a share; at the mids 4.20 - 1.55 = 2.65.
    expect(marked.close_price).toBe(2.5);
    expect(marked.close_price_mid).toBe(2.65);
    // 2.50 x 100 x 2 = $500; 2.65 x 100 x 2 = $530.
    expect(marked.value).toBe(500);
    expect(marked.value_mid).toBe(530);
  });

  it('has the unrealised P&L of closing now, after the fees recorded', () => {
    // (2.50 - 2.00) x 100 x 2 - 2.60 = 97.40; at the mids (2.65 - 2.00) x 200 - 2.60 = 127.40.
    expect(marked.unrealized_pnl).toBe(97.4);
    expect(marked.unrealized_pnl_mid).toBe(127.4);
  });

  it('sums the greeks with sign, quantity and the 100-share multiplier', () => {
    // delta 200 x (0.60 - 0.35) = 50 shares; gamma 200 x (0.04 - 0.03) = 2;
    // theta 200 x (-0.05 + 0.04) = -$2.00 a day; vega 200 x (0.12 - 0.10) = $4.00 a point.
    expect(marked.greeks).toEqual({
      delta_shares: 50,
      gamma_shares: 2,
      theta_per_day: -2,
      vega_per_point: 4,
    });
    expect(marked.legs.map((l) => l.greeks.delta_shares)).toEqual([120, -70]);
    expect(marked.legs.map((l) => l.contracts)).toEqual([2, 2]);
  });

  it('draws its payoff at expiry: the capital at risk below 100, the width less the debit above 105', () => {
    const curve = payoffCurve([marked])!;
    expect(curve.expiration).toBe(EXPIRY);
    expect(curve.worst).toBe(-402.6);
    // (5 - 2) x 200 - 2.60
    expect(curve.best).toBe(597.4);
    expect(curve.points.find((p) => p.price === 100)!.pnl).toBe(-402.6);
    expect(curve.points.find((p) => p.price === 105)!.pnl).toBe(597.4);
    // 100 + 2.00 + 2.60 / 200
    expect(curve.breakevens).toHaveLength(1);
    expect(curve.breakevens[0]).toBeCloseTo(102.013, 2);
    expect(curve.estimate).toBe(false);
  });

  it('counts days to expiry and risks the debit paid plus fees', () => {
    expect(marked.dte).toBe(21);
    // 2.00 x 100 x 2 + 2.60
    expect(marked.capital_at_risk).toBe(402.6);
    expect(marked.risk).toBe('defined');
    expect(marked.flags).toEqual([]);
    expect(marked.legs.every((l) => l.marked_by === 'quote')).toBe(true);
  });
});

describe('marking an iron condor (1 sold for a 1.20 credit)', () => {
  const chain = chainWith(102, {
    [`put 90 ${EXPIRY}`]: q(0.2, 0.25, -0.08, 0.01, -0.02, 0.05),
    [`put 95 ${EXPIRY}`]: q(0.6, 0.65, -0.2, 0.02, -0.04, 0.09),
    [`call 110 ${EXPIRY}`]: q(0.5, 0.55, 0.18, 0.02, -0.035, 0.08),
    [`call 115 ${EXPIRY}`]: q(0.15, 0.2, 0.05, 0.01, -0.015, 0.04),
  });
  const condor = trade({
    strategy: 'Iron Condor',
    side: 'credit',
    entry_price: 1.2,
    legs: [
      leg('put', 'long', 90),
      leg('put', 'short', 95),
      leg('call', 'short', 110),
      leg('call', 'long', 115),
    ],
  });
  const marked = markTrade(condor, chain, AS_OF);

  it('costs the asks of the shorts less the bids of the longs to buy back', () => {
    // 0.65 + 0.55 - 0.20 - 0.15 = 0.85 to close; at the mids 0.625 + 0.525 - 0.225 - 0.175 = 0.75.
    expect(marked.close_price).toBe(0.85);
    expect(marked.close_price_mid).toBe(0.75);
    // The legs are a liability of $85 ($75 at the mids).
    expect(marked.value).toBe(-85);
    expect(marked.value_mid).toBe(-75);
  });

  it('makes the credit less the cost to close', () => {
    // (1.20 - 0.85) x 100 = 35; (1.20 - 0.75) x 100 = 45.
    expect(marked.unrealized_pnl).toBe(35);
    expect(marked.unrealized_pnl_mid).toBe(45);
  });

  it('has short gamma and vega and earns theta', () => {
    // delta 100 x (-0.08 + 0.20 - 0.18 + 0.05) = -1; gamma 100 x (0.01 - 0.02 - 0.02 + 0.01) = -2;
    // theta 100 x (-0.02 + 0.04 + 0.035 - 0.015) = +4.00; vega 100 x (0.05 - 0.09 - 0.08 + 0.04) = -8.00.
    expect(marked.greeks).toEqual({
      delta_shares: -1,
      gamma_shares: -2,
      theta_per_day: 4,
      vega_per_point: -8,
    });
  });

  it('risks the width less the credit', () => {
    // (95 - 90) - 1.20 = 3.80 a share, $380.
    expect(marked.capital_at_risk).toBe(380);
    expect(marked.risk).toBe('defined');
  });

  it('adds up with the vertical in the portfolio totals', () => {
    const vertical = markTrade(
      trade({
        quantity: 2,
        entry_price: 2,
        fees: 2.6,
        legs: [leg('call', 'long', 100), leg('call', 'short', 105)],
      }),
      chainWith(103, {
        [`call 100 ${EXPIRY}`]: q(4.1, 4.3, 0.6, 0.04, -0.05, 0.12),
        [`call 105 ${EXPIRY}`]: q(1.5, 1.6, 0.35, 0.03, -0.04, 0.1),
      }),
      AS_OF,
    );
    expect(portfolioTotals([vertical, marked])).toEqual({
      delta_shares: 49,
      gamma_shares: 0,
      theta_per_day: 2,
      vega_per_point: -4,
      positions: 2,
      value: 415,
      unrealized_pnl: 132.4,
      unrealized_pnl_mid: 172.4,
      capital_at_risk: 782.6,
      undefined_risk_positions: 0,
    });
  });
});

describe('legs the chain does not list, and risk', () => {
  it('prices an unlisted leg from the model at the nearest IV, and flags it', () => {
    const marked = markTrade(
      trade({ entry_price: 1, legs: [leg('call', 'long', 101)] }),
      chainWith(100, {}, 0.25),
      AS_OF,
    );
    expect(marked.legs[0]!.marked_by).toBe('model');
    expect(marked.flags[0]).toMatch(/Long 101 call 2026-12-18 is not listed/);
    // An at-the-money-ish 3-week call at 25% vol: worth a couple of dollars, delta below one half.
    expect(marked.close_price).toBeGreaterThan(1.5);
    expect(marked.close_price).toBeLessThan(3);
    expect(marked.greeks.delta_shares).toBeGreaterThan(35);
    expect(marked.greeks.delta_shares).toBeLessThan(50);
  });

  it('falls back to the intrinsic value with no IV anywhere', () => {
    const marked = markTrade(
      trade({ entry_price: 1, legs: [leg('put', 'long', 110)] }),
      chainWith(100, {}),
      AS_OF,
    );
    expect(marked.legs[0]!.marked_by).toBe('intrinsic');
    expect(marked.close_price).toBe(10);
    expect(marked.greeks.delta_shares).toBe(-100);
  });

  it('calls a naked short call undefined risk, a short put defined (the strike less the credit)', () => {
    expect(
      expiryRisk(trade({ side: 'credit', entry_price: 1, legs: [leg('call', 'short', 100)] })).risk,
    ).toBe('undefined');
    const put = expiryRisk(trade({ side: 'credit', entry_price: 2, legs: [leg('put', 'short', 50)] }));
    expect(put).toEqual({ risk: 'defined', maxLossPerShare: 48 });
  });

  it('leaves a calendar unknown', () => {
    const calendar = trade({
      entry_price: 1,
      legs: [leg('call', 'short', 100), { ...leg('call', 'long', 100), expiration: '2027-01-15' }],
    });
    expect(expiryRisk(calendar)).toEqual({ risk: 'unknown', maxLossPerShare: null });
  });
});

describe('against the scanner’s simulated snapshot', () => {
  it('closes a vertical at the chain’s own bid and ask', () => {
    const at = new Date('2026-11-24T16:00:00.000Z');
    const snapshot = buildUniverseSnapshot(at, ['SPY']);
    const chain = markChainFromSnapshot(snapshot.chains[0]!, snapshot.work[0]!);
    const data = snapshot.chains[0]!;
    // The first expiration's two strikes nearest the spot: 20 and 21 of 40.
    const start = data.expirationStart[1]!;
    const low = start + 20 * 2;
    const high = start + 21 * 2;
    const expiration = data.expirations[1]!;
    const legs: TradeLeg[] = [
      { kind: 'call', side: 'long', quantity: 1, strike: data.strike[low]!, expiration, premium: 0 },
      { kind: 'call', side: 'short', quantity: 1, strike: data.strike[high]!, expiration, premium: 0 },
    ];
    const marked = markTrade(trade({ entry_price: 0.5, legs }), chain, at);
    expect(marked.close_price).toBeCloseTo(data.bid[low]! - data.ask[high]!, 9);
    expect(marked.legs.every((l) => l.marked_by === 'quote')).toBe(true);
    expect(marked.greeks.delta_shares).toBeCloseTo(
      100 * (snapshot.work[0]!.delta[low]! - snapshot.work[0]!.delta[high]!),
      1,
    );
  });
});
