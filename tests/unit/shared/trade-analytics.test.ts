import { describe, expect, it } from 'vitest';
import {
  capitalRisked,
  expectancy,
  journalStats,
  maxDrawdown,
  profitFactor,
  tradeAnalytics,
  type AnalysedTrade,
} from '@shared/trades/analytics';

let id = 0;
/** A closed debit trade of one contract making `pnl` dollars, closed at `closedAt`. */
function closed(pnl: number, closedAt: string, extra: Partial<AnalysedTrade> = {}): AnalysedTrade {
  id += 1;
  return {
    trade_id: `t${String(id).padStart(4, '0')}`,
    ticker: 'SPY',
    strategy: 'Long Call',
    source: 'manual',
    entry_price: 10,
    exit_price: 10 + pnl / 100,
    created_at: closedAt,
    updated_at: closedAt,
    closed_at: closedAt,
    ...extra,
  };
}

describe('maxDrawdown', () => {
  it('is the largest fall from a running peak of cumulative P&L', () => {
    // equity: 100, 300, 150, 50, 250, 400, 100 → peak 300 to 50 is 250; peak 400 to 100 is 300
    expect(maxDrawdown([100, 200, -150, -100, 200, 150, -300])).toBe(300);
  });

  it('counts from 0, so a losing start is a drawdown', () => {
    expect(maxDrawdown([-50, -25, 100])).toBe(75);
  });

  it('is 0 when equity never falls, and with no trades', () => {
    expect(maxDrawdown([10, 20, 0, 5])).toBe(0);
    expect(maxDrawdown([])).toBe(0);
  });
});

describe('profitFactor and expectancy', () => {
  it('divides gross profit by gross loss', () => {
    // profit 100 + 200 + 200 = 500, loss 150 + 100 = 250
    expect(profitFactor([100, 200, -150, -100, 200])).toBe(2);
  });

  it('is null with no losses (no finite ratio), and 0 with only losses', () => {
    expect(profitFactor([100, 50])).toBeNull();
    expect(profitFactor([])).toBeNull();
    expect(profitFactor([-100])).toBe(0);
  });

  it('expectancy is the average P&L per trade', () => {
    expect(expectancy([100, 200, -150, -100, 200])).toBe(50);
    expect(expectancy([10, 20, 20])).toBe(16.67);
    expect(expectancy([])).toBe(0);
  });
});

describe('tradeAnalytics', () => {
  const trades = [
    closed(200, '2025-01-06T15:00:00.000Z', { strategy: 'Iron Condor', source: 'scanner' }),
    closed(-150, '2025-01-06T18:00:00.000Z', { ticker: 'QQQ' }),
    closed(300, '2025-02-03T15:00:00.000Z', { strategy: 'Iron Condor', ticker: 'QQQ' }),
    closed(0, '2025-02-04T15:00:00.000Z'),
    { ...closed(0, '2025-02-05T15:00:00.000Z'), exit_price: null, closed_at: null }, // open
  ];
  const analytics = tradeAnalytics(trades);

  it('builds the equity curve by close day and the monthly calendar', () => {
    expect(analytics.equity_curve).toEqual([
      { date: '2025-01-06', pnl: 50, equity: 50 },
      { date: '2025-02-03', pnl: 300, equity: 350 },
      { date: '2025-02-04', pnl: 0, equity: 350 },
    ]);
    expect(analytics.monthly).toEqual([
      { month: '2025-01', pnl: 50, trades: 2 },
      { month: '2025-02', pnl: 300, trades: 2 },
    ]);
  });

  it('averages wins and losses (a 0 is a loss), and finds the best and worst trade', () => {
    expect(analytics.avg_win).toBe(250);
    expect(analytics.avg_loss).toBe(-75);
    expect(analytics.profit_factor).toBeCloseTo(500 / 150, 10);
    expect(analytics.expectancy).toBe(87.5);
    // 200, then -150 → from a peak of 200 down to 50
    expect(analytics.max_drawdown).toBe(150);
    expect(analytics.best_trade).toMatchObject({ pnl: 300, ticker: 'QQQ', strategy: 'Iron Condor' });
    expect(analytics.worst_trade).toMatchObject({ pnl: -150, ticker: 'QQQ' });
  });

  it('groups P&L by strategy, ticker and source, best first', () => {
    expect(analytics.by_strategy).toEqual([
      { key: 'Iron Condor', trades: 2, pnl: 500, win_rate: 100 },
      { key: 'Long Call', trades: 2, pnl: -150, win_rate: 0 },
    ]);
    expect(analytics.by_ticker.map((g) => [g.key, g.pnl])).toEqual([
      ['SPY', 200],
      ['QQQ', 150],
    ]);
    expect(analytics.by_source.map((g) => [g.key, g.trades])).toEqual([
      ['scanner', 1],
      ['manual', 3],
    ]);
  });

  it('does not depend on the order the trades arrive in', () => {
    expect(tradeAnalytics([...trades].reverse())).toEqual(analytics);
  });

  it('groups days in the trader time zone', () => {
    // 02:00 UTC on the 7th is still the 6th in New York.
    const late = [closed(10, '2025-01-07T02:00:00.000Z')];
    expect(tradeAnalytics(late).equity_curve[0]!.date).toBe('2025-01-07');
    expect(tradeAnalytics(late, 'America/New_York').equity_curve[0]!.date).toBe('2025-01-06');
  });

  it('is empty and zero with no closed trades', () => {
    expect(tradeAnalytics([])).toEqual({
      avg_win: 0,
      avg_loss: 0,
      profit_factor: null,
      expectancy: 0,
      max_drawdown: 0,
      best_trade: null,
      worst_trade: null,
      equity_curve: [],
      by_strategy: [],
      by_ticker: [],
      by_source: [],
      monthly: [],
    });
  });
});

describe('return on capital by source', () => {
  const expiration = '2026-12-18';
  const leg = (kind: 'call' | 'put', side: 'long' | 'short', strike: number, premium: number) => ({
    kind,
    side,
    strike,
    expiration,
    quantity: 1,
    premium,
  });
  // A bull put spread sold for 1.20 a share, 2 lots, $2.60 fees: at worst (under 95) it loses
  // the 5-point width less the credit, 3.80 a share: $760 plus the fees = $762.60 at risk.
  const spread = (exit: number, closedAt: string) =>
    closed(0, closedAt, {
      source: 'alert',
      strategy: 'Bull Put Spread',
      side: 'credit',
      quantity: 2,
      entry_price: 1.2,
      exit_price: exit,
      fees: 2.6,
      legs: [leg('put', 'short', 100, 2.0), leg('put', 'long', 95, 0.8)],
    });
  // A long call bought at 3.00: at worst it loses the debit, $300.
  const call = (exit: number, closedAt: string) =>
    closed(0, closedAt, {
      source: 'scanner',
      side: 'debit',
      quantity: 1,
      entry_price: 3,
      exit_price: exit,
      legs: [leg('call', 'long', 110, 3)],
    });

  it('is the worst loss at expiry plus fees, known only for a bounded loss', () => {
    expect(capitalRisked(spread(0.4, '2026-12-01T15:00:00.000Z'))).toBeCloseTo(762.6, 10);
    expect(capitalRisked(call(4, '2026-12-01T15:00:00.000Z'))).toBeCloseTo(300, 10);
    // A naked short call's loss has no bound; a trade without legs has none to read.
    const naked = closed(50, '2026-12-01T15:00:00.000Z', {
      side: 'credit',
      entry_price: 2,
      exit_price: 1.5,
      legs: [leg('call', 'short', 120, 2)],
    });
    expect(capitalRisked(naked)).toBeNull();
    expect(capitalRisked(closed(50, '2026-12-01T15:00:00.000Z'))).toBeNull();
  });

  it('gives each source its P&L over the capital its trades risked, by hand', () => {
    const trades = [
      spread(0.4, '2026-12-01T15:00:00.000Z'), // (1.20 − 0.40) × 100 × 2 − 2.60 = +157.40
      spread(3.0, '2026-12-02T15:00:00.000Z'), // (1.20 − 3.00) × 100 × 2 − 2.60 = −362.60
      call(4.5, '2026-12-03T15:00:00.000Z'), // +150
      closed(80, '2026-12-04T15:00:00.000Z', { source: 'manual' }), // no legs
    ];
    const groups = new Map(tradeAnalytics(trades).by_source.map((g) => [g.key, g]));
    expect(groups.get('alert')).toMatchObject({ trades: 2, pnl: -205.2, capital_trades: 2, capital: 1525.2 });
    expect(groups.get('alert')!.return_on_capital).toBeCloseTo((-205.2 / 1525.2) * 100, 10);
    expect(groups.get('scanner')).toMatchObject({ capital_trades: 1, capital: 300 });
    expect(groups.get('scanner')!.return_on_capital).toBeCloseTo(50, 10);
    expect(groups.get('manual')).toMatchObject({ trades: 1, capital_trades: 0, return_on_capital: null });
  });
});

describe('journalStats', () => {
  it("puts the spec's figures and the analytics together", () => {
    const now = new Date('2025-02-04T20:00:00.000Z');
    const stats = journalStats(
      [closed(100, '2025-02-04T15:00:00.000Z'), closed(-40, '2025-02-01T15:00:00.000Z')],
      now,
    );
    expect(stats).toMatchObject({
      total_trades: 2,
      win_rate: 50,
      total_pnl: 60,
      today_pnl: 100,
      avg_edge_score: 60,
      time_zone: 'UTC',
      as_of: now.toISOString(),
    });
    expect(stats.analytics.max_drawdown).toBe(40);
  });
});
