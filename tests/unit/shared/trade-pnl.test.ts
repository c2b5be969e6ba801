import { describe, expect, it } from 'vitest';
import {
  isClosed,
  isProfit,
  journalAvgEdgeScore,
  portfolioValue,
  returnOnCostPercent,
  trackedEdgeScore,
  todayPnl,
  totalPnl,
  tradePnl,
  tradeStats,
  winRate,
  type DatedTrade,
} from '@shared/trades/pnl';

const NOW = new Date('2025-03-10T15:00:00.000Z');

function trade(
  entry_price: number,
  exit_price: number | null,
  dates: Partial<Pick<DatedTrade, 'created_at' | 'updated_at'>> = {},
): DatedTrade {
  return {
    entry_price,
    exit_price,
    created_at: dates.created_at ?? '2025-03-01T10:00:00.000Z',
    updated_at: dates.updated_at ?? dates.created_at ?? '2025-03-01T10:00:00.000Z',
  };
}

const win = trade(2.5, 3.75); // +125
const loss = trade(4, 3.1); // -90
const flat = trade(1, 1); // 0, a loss
const open = trade(5, null);
const mixed = [win, loss, flat, open];

describe('tradePnl', () => {
  it('is (exit - entry) x 100 in dollars', () => {
    expect(tradePnl(win)).toBe(125);
    expect(tradePnl(loss)).toBe(-90);
    expect(tradePnl(flat)).toBe(0);
  });

  it('is null for an open trade', () => {
    expect(tradePnl(open)).toBeNull();
  });

  it('rounds float noise to cents', () => {
    // (1.15 - 1.05) * 100 is 9.999999999999987 in floating point.
    expect(tradePnl(trade(1.05, 1.15))).toBe(10);
    expect(tradePnl(trade(0.1, 0.3))).toBe(20);
  });
});

describe('isClosed and isProfit', () => {
  it('treats a trade with an exit price (even 0) as closed', () => {
    expect(isClosed(win)).toBe(true);
    expect(isClosed(trade(2, 0))).toBe(true);
    expect(isClosed(open)).toBe(false);
  });

  it('counts a P&L of exactly 0 as not profitable', () => {
    expect(isProfit(win)).toBe(true);
    expect(isProfit(flat)).toBe(false);
    expect(isProfit(loss)).toBe(false);
    expect(isProfit(open)).toBe(false);
  });
});

describe('totalPnl and winRate', () => {
  it('sums closed trades only and counts wins over closed trades', () => {
    expect(totalPnl(mixed)).toBe(35);
    expect(winRate(mixed)).toBeCloseTo(33.3333, 4);
  });

  it('is 0 with no trades', () => {
    expect(totalPnl([])).toBe(0);
    expect(winRate([])).toBe(0);
  });

  it('is 0 with only open trades', () => {
    expect(totalPnl([open, trade(1, null)])).toBe(0);
    expect(winRate([open, trade(1, null)])).toBe(0);
  });

  it('goes negative when losses outweigh wins', () => {
    expect(totalPnl([win, trade(3, 1)])).toBe(-75);
    expect(winRate([win, trade(3, 1)])).toBe(50);
  });

  it('does not leave float noise in a sum', () => {
    expect(totalPnl([trade(1.05, 1.15), trade(0.1, 0.3), trade(0.7, 0.1)])).toBe(-30);
  });
});

describe('portfolioValue', () => {
  it('is the total with +100% when the total is positive', () => {
    expect(portfolioValue(mixed)).toEqual({ value: 35, changePercent: 100 });
  });

  it('floors at 0 with -100% when the total is negative', () => {
    expect(portfolioValue([loss])).toEqual({ value: 0, changePercent: -100 });
  });

  it('is 0 and 0% with no P&L', () => {
    expect(portfolioValue([])).toEqual({ value: 0, changePercent: 0 });
    expect(portfolioValue([flat, open])).toEqual({ value: 0, changePercent: 0 });
  });
});

describe('journalAvgEdgeScore', () => {
  it('is win rate x 0.7 plus 25 when the average P&L is positive', () => {
    // win rate 33.33 x 0.7 = 23.33, average P&L 35 / 3 > 0 so +25
    expect(journalAvgEdgeScore(mixed)).toBeCloseTo(48.3333, 4);
  });

  it('gives no bonus when the average P&L is negative', () => {
    // one +125 and one -200: win rate 50, average -37.5
    expect(journalAvgEdgeScore([win, trade(3, 1)])).toBe(35);
  });

  it('gives no bonus when the average P&L is exactly 0', () => {
    expect(journalAvgEdgeScore([trade(1, 2), trade(2, 1)])).toBe(35);
  });

  it('caps at 95 (all wins: 70 + 25)', () => {
    expect(journalAvgEdgeScore([win, trade(1, 2)])).toBe(95);
  });

  it('is 0 with no trades, only open trades, or only losses', () => {
    expect(journalAvgEdgeScore([])).toBe(0);
    expect(journalAvgEdgeScore([open])).toBe(0);
    expect(journalAvgEdgeScore([loss, flat])).toBe(0);
  });
});

describe('todayPnl', () => {
  it('counts closed trades updated or created today (UTC), from 00:00:00.000', () => {
    const trades = [
      trade(1, 2, { created_at: '2025-03-10T00:00:00.000Z' }), // +100, created today
      trade(1, 3, { created_at: '2025-03-02T10:00:00.000Z', updated_at: '2025-03-10T14:59:00.000Z' }), // +200, closed today
      trade(1, 5, { created_at: '2025-03-09T23:59:59.999Z' }), // +400, yesterday
      trade(1, null, { created_at: '2025-03-10T09:00:00.000Z' }), // open
    ];
    expect(todayPnl(trades, NOW)).toBe(300);
  });

  it('includes today losses', () => {
    expect(todayPnl([trade(4, 1, { updated_at: '2025-03-10T08:00:00.000Z' })], NOW)).toBe(-300);
  });

  it('uses the calendar day of the given time zone', () => {
    // 02:00 UTC on the 11th is 22:00 on the 10th in New York (EDT, UTC-4).
    const lateInNewYork = trade(1, 2, { created_at: '2025-03-11T02:00:00.000Z' });
    const now = new Date('2025-03-11T03:00:00.000Z');
    expect(todayPnl([lateInNewYork], new Date('2025-03-10T20:00:00.000Z'))).toBe(0);
    expect(todayPnl([lateInNewYork], new Date('2025-03-10T20:00:00.000Z'), 'America/New_York')).toBe(100);
    expect(todayPnl([lateInNewYork], now)).toBe(100);
  });

  it('is 0 with no trades', () => {
    expect(todayPnl([], NOW)).toBe(0);
  });
});

describe('tradeStats', () => {
  it('reports every statistic for a mixed journal', () => {
    const closedToday = trade(2, 2.5, { updated_at: '2025-03-10T12:00:00.000Z' }); // +50
    const stats = tradeStats([...mixed, closedToday], NOW);
    expect(stats).toMatchObject({
      total_trades: 5,
      closed_trades: 4,
      open_trades: 1,
      win_rate: 50,
      total_pnl: 85,
      today_pnl: 50,
      avg_edge_score: 60,
      portfolio_value: 85,
      portfolio_change_percent: 100,
    });
  });

  it('is all zeros with no trades', () => {
    expect(tradeStats([], NOW)).toEqual({
      total_trades: 0,
      closed_trades: 0,
      open_trades: 0,
      win_rate: 0,
      total_pnl: 0,
      today_pnl: 0,
      avg_edge_score: 0,
      tracked_edge_score: null,
      tracked_edge_trades: 0,
      portfolio_value: 0,
      portfolio_change_percent: 0,
      return_on_cost_percent: null,
    });
  });

  it('counts open trades but no P&L when nothing is closed', () => {
    expect(tradeStats([open, trade(3, null)], NOW)).toMatchObject({
      total_trades: 2,
      closed_trades: 0,
      open_trades: 2,
      win_rate: 0,
      total_pnl: 0,
      avg_edge_score: 0,
    });
  });

  it('reports a negative total with a zero portfolio value', () => {
    expect(tradeStats([loss, flat], NOW)).toMatchObject({
      total_pnl: -90,
      win_rate: 0,
      avg_edge_score: 0,
      portfolio_value: 0,
      portfolio_change_percent: -100,
    });
  });
});

describe('tradePnl with side, quantity and fees', () => {
  it('a credit trade makes money when bought back cheaper: (entry - exit) x 100', () => {
    // Iron condor sold for 1.20, bought back at 0.40.
    expect(tradePnl({ entry_price: 1.2, exit_price: 0.4, side: 'credit' })).toBe(80);
    expect(tradePnl({ entry_price: 1.2, exit_price: 2.0, side: 'credit' })).toBe(-80);
  });

  it('multiplies by the contracts and takes the fees off', () => {
    // 3 condors: (1.20 - 0.40) x 100 x 3 = 240, less 7.80 fees
    expect(tradePnl({ entry_price: 1.2, exit_price: 0.4, side: 'credit', quantity: 3, fees: 7.8 })).toBe(
      232.2,
    );
    // 2 long calls: (3.10 - 2.50) x 100 x 2 = 120, less 2.28
    expect(tradePnl({ entry_price: 2.5, exit_price: 3.1, side: 'debit', quantity: 2, fees: 2.28 })).toBe(
      117.72,
    );
  });

  it('fees can turn a break-even trade into a loss, and a loss of exactly 0 is still a loss', () => {
    expect(tradePnl({ entry_price: 1, exit_price: 1, fees: 1.3 })).toBe(-1.3);
    expect(isProfit({ entry_price: 1, exit_price: 1 })).toBe(false);
    expect(isProfit({ entry_price: 2, exit_price: 1.99, side: 'credit', fees: 1 })).toBe(false);
  });

  it('is null for an open trade whatever its fees', () => {
    expect(tradePnl({ entry_price: 1, exit_price: null, fees: 5, quantity: 4 })).toBeNull();
  });
});

describe('todayPnl with close dates', () => {
  it('counts the trades closed today, not the ones merely edited today', () => {
    const closedToday = { ...trade(1, 2), closed_at: '2025-03-10T13:00:00.000Z' };
    const editedToday = {
      ...trade(1, 4, { updated_at: '2025-03-10T14:00:00.000Z' }),
      closed_at: '2025-02-01T15:00:00.000Z',
    };
    expect(todayPnl([closedToday, editedToday], NOW)).toBe(100);
  });
});

describe('the new spread structures', () => {
  // Each is priced per share, net of its legs; P&L is the same formula as any trade of its side.
  it('a bull put spread sold for 1.20 and bought back at 0.35, 2 contracts, $2.60 fees: +$167.40', () => {
    expect(tradePnl({ entry_price: 1.2, exit_price: 0.35, side: 'credit', quantity: 2, fees: 2.6 })).toBe(
      167.4,
    );
  });
  it('a bear call spread sold for 0.90 and bought back at 2.40 (breached): -$150 a contract', () => {
    expect(tradePnl({ entry_price: 0.9, exit_price: 2.4, side: 'credit', quantity: 1 })).toBe(-150);
  });
  it('a calendar spread bought for 1.55 and sold for 2.10, 3 contracts: +$165', () => {
    expect(tradePnl({ entry_price: 1.55, exit_price: 2.1, side: 'debit', quantity: 3 })).toBe(165);
  });
  it('a diagonal spread bought for 3.05 and sold for 2.80 less $1.30 fees: -$26.30', () => {
    expect(tradePnl({ entry_price: 3.05, exit_price: 2.8, side: 'debit', quantity: 1, fees: 1.3 })).toBe(
      -26.3,
    );
  });
});

describe('trackedEdgeScore', () => {
  it('averages the edge scores recorded when trades were tracked, ignoring trades without one', () => {
    expect(trackedEdgeScore([{ ...win, edge_score: 80 }, { ...loss, edge_score: 61 }, open])).toEqual({
      score: 70.5,
      trades: 2,
    });
  });
  it('is null with no tracked trade (never a score made up from the win rate)', () => {
    expect(trackedEdgeScore(mixed)).toEqual({ score: null, trades: 0 });
  });
});

describe('returnOnCostPercent', () => {
  it('is closed P&L over the premium paid (fees included) for debit trades', () => {
    // Paid 250 + 400 + 100 = 750; made +125 - 90 + 0 = +35 → 4.7%.
    expect(returnOnCostPercent(mixed)).toBe(4.7);
  });
  it('has no base with a closed credit trade, or nothing closed', () => {
    expect(returnOnCostPercent([win, { entry_price: 1.2, exit_price: 0.4, side: 'credit' }])).toBeNull();
    expect(returnOnCostPercent([open])).toBeNull();
    expect(returnOnCostPercent([])).toBeNull();
  });
});
