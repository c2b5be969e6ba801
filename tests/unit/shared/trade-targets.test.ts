/**
 * Targets and rules of open positions (the journal issue, item 3): positions marked (../marks)
 * against quotes chosen here, each rule's trigger on either side of its threshold, worked by hand.
 */
import { describe, expect, it } from 'vitest';
import type { MarkChain, MarkQuote } from '@shared/trades/mark-chain';
import { markTrade, type MarkableTrade } from '@shared/trades/marks';
import { DEFAULT_TARGET_RULES, evaluateTargets, maxProfitPerShare } from '@shared/trades/targets';
import type { TradeLeg } from '@shared/trades/schemas';

const AS_OF = new Date('2026-11-27T15:00:00.000Z'); // 10:00 New York
const EXPIRY = '2027-01-15'; // 49 calendar days later

const q = (bid: number, ask: number): MarkQuote => ({
  bid,
  ask,
  iv: 0.2,
  delta: 0,
  gamma: 0,
  theta: 0,
  vega: 0,
});

function chainWith(spot: number, quotes: Record<string, MarkQuote>): MarkChain {
  return {
    symbol: 'XYZ',
    spot,
    rate: 0.04,
    dividendYield: 0,
    asOf: AS_OF.toISOString(),
    quote: (kind, strike, expiration) => quotes[`${kind} ${strike} ${expiration}`] ?? null,
    ivNear: () => null,
  };
}

const leg = (
  kind: TradeLeg['kind'],
  side: TradeLeg['side'],
  strike: number,
  expiration = EXPIRY,
): TradeLeg => ({ kind, side, quantity: 1, strike, expiration, premium: 0 });

function trade(overrides: Partial<MarkableTrade>): MarkableTrade {
  return {
    trade_id: 't1',
    ticker: 'XYZ',
    strategy: 'Iron Condor',
    side: 'credit',
    quantity: 2,
    entry_price: 1.2,
    fees: 5.2,
    opened_at: '2026-11-20T15:00:00.000Z',
    legs: [
      leg('put', 'long', 90),
      leg('put', 'short', 95),
      leg('call', 'short', 105),
      leg('call', 'long', 110),
    ],
    exit_price: null,
    ...overrides,
  };
}

/** An iron condor 90/95/105/110 sold for 1.20, its legs quoted (long put bid, short put ask, short call ask, long call bid). */
function condorAt(
  spot: number,
  longPutBid: number,
  shortPutAsk: number,
  shortCallAsk: number,
  longCallBid: number,
) {
  return markTrade(
    trade({}),
    chainWith(spot, {
      [`put 90 ${EXPIRY}`]: q(longPutBid, longPutBid + 0.05),
      [`put 95 ${EXPIRY}`]: q(Math.max(0, shortPutAsk - 0.05), shortPutAsk),
      [`call 105 ${EXPIRY}`]: q(Math.max(0, shortCallAsk - 0.05), shortCallAsk),
      [`call 110 ${EXPIRY}`]: q(longCallBid, longCallBid + 0.05),
    }),
    AS_OF,
  );
}

const kinds = (position: { targets: { kind: string }[] }) => position.targets.map((t) => t.kind);

describe('the defaults', () => {
  it('take profit at half the max profit, stop at a loss of twice the credit, 21 days to expiry', () => {
    expect(DEFAULT_TARGET_RULES).toEqual({ takeProfitFraction: 0.5, stopLossCreditMultiple: 2, dte: 21 });
  });
});

describe('a credit position (iron condor sold for 1.20)', () => {
  it('reaches nothing while it costs between 0.60 and 3.60 to close, inside its short strikes, 49 days out', () => {
    // 0.50 + 0.50 - 0.05 - 0.05 = 0.90 to close
    const position = condorAt(100, 0.05, 0.5, 0.5, 0.05);
    expect(position.close_price).toBe(0.9);
    expect(position.dte).toBe(49);
    expect(position.targets).toEqual([]);
  });

  it('takes profit once closing costs at most half the credit (0.60)', () => {
    // 0.30 + 0.35 - 0.05 - 0.05 = 0.55 <= 1.20 x 0.5
    const position = condorAt(100, 0.05, 0.3, 0.35, 0.05);
    expect(position.close_price).toBe(0.55);
    expect(position.targets).toEqual([
      {
        kind: 'take_profit',
        label: 'Take profit reached',
        detail: 'Closing costs 0.55, at most 0.60 (50% of the 1.20 credit kept)',
      },
    ]);
    // 0.35 + 0.35 - 0.05 - 0.05 = 0.60: exactly half, reached; 0.61 is not.
    expect(kinds(condorAt(100, 0.05, 0.35, 0.35, 0.05))).toEqual(['take_profit']);
    expect(kinds(condorAt(100, 0.05, 0.36, 0.35, 0.05))).toEqual([]);
  });

  it('stops once the loss reaches twice the credit (closing costs 3.60 or more), and flags the breached call', () => {
    // XYZ at 107, above the short 105 call: 0.05 + 4.20 - 0 - 0.40 = 3.85 >= 1.20 x 3
    const position = condorAt(107, 0, 0.05, 4.2, 0.4);
    expect(position.close_price).toBe(3.85);
    expect(kinds(position)).toEqual(['stop_loss', 'short_strike_breached']);
    expect(position.targets[0]!.detail).toBe(
      'Closing costs 3.85, at least 3.60 (a loss of 2× the 1.20 credit)',
    );
    expect(position.targets[1]!.detail).toBe('XYZ at 107.00 is beyond the short 105 call');
    // 3.50 to close: a loss of 2.30, less than 2.40; the strike is still breached.
    expect(kinds(condorAt(107, 0, 0.05, 3.85, 0.4))).toEqual(['short_strike_breached']);
  });

  it('flags a short put breached when the underlying is below its strike, not at it', () => {
    const below = condorAt(94.5, 0.3, 1.2, 0.05, 0);
    expect(kinds(below)).toEqual(['short_strike_breached']);
    expect(below.targets[0]!.detail).toBe('XYZ at 94.50 is beyond the short 95 put');
    expect(kinds(condorAt(95, 0.3, 1.2, 0.05, 0))).toEqual([]);
  });
});

describe('a debit position', () => {
  const vertical = (bid100: number, ask105: number, spot = 103) =>
    markTrade(
      trade({
        strategy: 'Bull Call Spread',
        side: 'debit',
        entry_price: 2,
        legs: [leg('call', 'long', 100), leg('call', 'short', 105)],
      }),
      chainWith(spot, {
        [`call 100 ${EXPIRY}`]: q(bid100, bid100 + 0.1),
        [`call 105 ${EXPIRY}`]: q(ask105 - 0.1, ask105),
      }),
      AS_OF,
    );

  it('takes profit once the gain is half the bounded max profit (100/105 for 2.00: max 3.00, target +1.50)', () => {
    const position = vertical(4.6, 1.1); // 4.60 - 1.10 = 3.50: up 1.50
    expect(maxProfitPerShare(position)).toBe(3);
    expect(position.targets).toEqual([
      {
        kind: 'take_profit',
        label: 'Take profit reached',
        detail: 'Up 1.50 a share, at least 1.50 (50% of the 3.00 max profit)',
      },
    ]);
    expect(kinds(vertical(4.5, 1.1))).toEqual([]); // 3.40: up 1.40
  });

  it('has no take-profit target when its max profit is unbounded (a long call), and no stop', () => {
    const longCall = markTrade(
      trade({ strategy: 'Long Call', side: 'debit', entry_price: 2, legs: [leg('call', 'long', 100)] }),
      chainWith(130, { [`call 100 ${EXPIRY}`]: q(30, 30.2) }),
      AS_OF,
    );
    expect(maxProfitPerShare(longCall)).toBeNull();
    expect(longCall.targets).toEqual([]);
    const lost = markTrade(
      trade({ strategy: 'Long Call', side: 'debit', entry_price: 2, legs: [leg('call', 'long', 100)] }),
      chainWith(80, { [`call 100 ${EXPIRY}`]: q(0, 0.05) }),
      AS_OF,
    );
    expect(lost.targets).toEqual([]);
  });
});

describe('days to expiry', () => {
  const at = (expiration: string) =>
    markTrade(
      trade({ legs: [leg('put', 'short', 95, expiration), leg('put', 'long', 90, expiration)] }),
      chainWith(100, { [`put 95 ${expiration}`]: q(0.9, 1), [`put 90 ${expiration}`]: q(0.2, 0.25) }),
      AS_OF,
    );

  it('flags a position 21 days or fewer from its nearest expiration', () => {
    const position = at('2026-12-18');
    expect(position.dte).toBe(21);
    expect(position.targets).toEqual([
      {
        kind: 'dte',
        label: '21 DTE reached',
        detail: '21 days to the nearest expiration (rule: 21 or fewer)',
      },
    ]);
    expect(at('2026-12-19').targets).toEqual([]);
  });
});

describe('earnings before expiry', () => {
  const quiet = () => condorAt(100, 0.05, 0.5, 0.5, 0.05);

  it('flags a report on or before the nearest expiration when the date is known', () => {
    const { targets: _targets, ...position } = quiet();
    expect(evaluateTargets(position, { nextEarnings: EXPIRY })).toEqual([
      {
        kind: 'earnings_before_expiry',
        label: 'Earnings before expiry',
        detail: 'XYZ reports on 2027-01-15, on or before the 2027-01-15 expiration',
      },
    ]);
    expect(evaluateTargets(position, { nextEarnings: '2027-01-16' })).toEqual([]);
  });

  it('skips the rule when the next report is not known', () => {
    const { targets: _targets, ...position } = quiet();
    expect(evaluateTargets(position, { nextEarnings: null })).toEqual([]);
    expect(evaluateTargets(position)).toEqual([]);
  });

  it('is passed through markTrade', () => {
    const position = markTrade(trade({}), chainWith(100, {}), AS_OF, { nextEarnings: '2027-01-04' });
    expect(kinds(position)).toContain('earnings_before_expiry');
  });
});

describe('rules other than the defaults', () => {
  it('take profit at 25% and a 7-day rule change what triggers', () => {
    const { targets: _targets, ...position } = condorAt(100, 0.05, 0.5, 0.5, 0.05); // 0.90 to close: 25% kept
    const rules = { takeProfitFraction: 0.25, stopLossCreditMultiple: 2, dte: 49 };
    expect(evaluateTargets(position, { rules }).map((t) => t.kind)).toEqual(['take_profit', 'dte']);
  });
});
