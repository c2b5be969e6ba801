import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { schwabTrades } from '@shared/trades/broker-schwab';
import { parseTradesCsv, SUPPORTED_FORMATS } from '@shared/trades/csv';
import { tradePnl } from '@shared/trades/pnl';

/** Genuine, trimmed: Export-To-Ghostfolio's Schwab sample (tests/fixtures/SOURCES.md). It has no option rows. */
const recorded = readFileSync(
  new URL('../../fixtures/brokers/schwab/transactions-trimmed.export-to-ghostfolio.csv', import.meta.url),
  'utf8',
);

describe('Schwab import of a recorded transaction history (shares and cash only)', () => {
  const parsed = parseTradesCsv(recorded);

  it('is recognised by its header and imports nothing, with no error', () => {
    expect(parsed.format).toBe('schwab');
    expect(parsed.candidates).toEqual([]);
    expect(parsed.errors).toEqual([]);
  });

  it('reports every share row as skipped with its reason, and passes over cash rows and the total', () => {
    expect(parsed.skipped.map((row) => row.line)).toEqual([2, 5, 7, 8, 9, 14, 15, 16, 17, 18]);
    expect(parsed.skipped[0]).toEqual({
      line: 2,
      reason: 'Shares of SPY (Reinvest Shares 1.6531 at $420.10): the journal imports option trades only',
    });
    expect(parsed.skipped[2]!.reason).toBe(
      'Shares of FIHBX (Sell 592.199 at $8.46): the journal imports option trades only',
    );
    expect(parsed.skipped.find((row) => row.line === 14)!.reason).toMatch(
      /^Shares of AVGO \(Buy 1 at \$1680\.00\)/,
    );
  });
});

// Hand-written rows in the recorded export's shape (not a recorded export: no public Schwab export
// with option rows was found; see tests/fixtures/SOURCES.md). Newest first, like Schwab's.
const TITLE = '"Transactions  for account XXXX-1234 as of 04/02/2020 09:12:44 ET"';
const HEADER = '"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount"';
const csv = (...rows: string[]) =>
  [TITLE, HEADER, ...rows, '"Transactions Total","","","","","","","$0.00"'].join('\n');

describe('Schwab import rules (hand-written rows)', () => {
  const parsed = parseTradesCsv(
    csv(
      '"04/01/2020 as of 03/31/2020","Expired","QQQ 03/31/2020 300.00 C","CALL INVESCO QQQ $300 EXP 03/31/20","1","","",""',
      '"03/25/2020","Buy to Close","SPY 03/31/2020 284.00 P","PUT SPDR S&P 500 $284 EXP 03/31/20","2","$2.10","$1.30","-$421.30"',
      '"03/20/2020","Sell to Open","SPY 03/31/2020 284.00 P","PUT SPDR S&P 500 $284 EXP 03/31/20","2","$5.30","$1.30","$1,058.70"',
      '"03/16/2020","Qualified Dividend","QQQ","INVESCO QQQ TRUST","","","","$40.00"',
      '"03/12/2020","Sell to Close","AAPL 04/17/2020 300.00 C","CALL APPLE INC $300 EXP 04/17/20","1","$12.50","$0.66","$1,249.34"',
      '"03/12/2020","Buy to Open","AAPL 04/17/2020 300.00 C","CALL APPLE INC $300 EXP 04/17/20","1","$10.00","$0.66","-$1,000.66"',
      '"03/10/2020","Sell to Open","QQQ 03/31/2020 300.00 C","CALL INVESCO QQQ $300 EXP 03/31/20","1","$3.00","$0.65","$299.35"',
      '"03/09/2020","Buy","QQQ","INVESCO QQQ TRUST","100","$190.00","","-$19,000.00"',
      '"03/02/2020","Buy to Open","BRK/B 06/19/2020 220.00 P","PUT BERKSHIRE HATHAWAY $220 EXP 06/19/20","3","$8.155","$1.98","-$2,448.48"',
    ),
  );
  const trades = parsed.candidates.map((c) => c.trade);

  it('is recognised by its title line and reads the option rows without errors', () => {
    expect(parsed.format).toBe('schwab');
    expect(parsed.errors).toEqual([]);
    expect(parsed.skipped).toEqual([
      { line: 10, reason: 'Shares of QQQ (Buy 100 at $190.00): the journal imports option trades only' },
    ]);
    expect(parsed.candidates.map(({ row, trade }) => [row, trade.ticker, trade.strategy])).toEqual([
      [11, 'BRK.B', 'Long Put'],
      [9, 'QQQ', 'Covered Call'],
      [8, 'AAPL', 'Long Call'],
      [5, 'SPY', 'Cash Secured Put'],
    ]);
  });

  it('prices from the cash before fees and matches the put sold and bought back', () => {
    expect(trades[3]).toMatchObject({
      side: 'credit',
      quantity: 2,
      entry_price: 5.3,
      exit_price: 2.1,
      fees: 2.6,
      legs: [
        { kind: 'put', side: 'short', quantity: 2, strike: 284, expiration: '2020-03-31', premium: 5.3 },
      ],
      source_ref: null,
    });
    // (5.30 − 2.10) × 200 − 2.60
    expect(tradePnl(trades[3]!)).toBe(637.4);
  });

  it('closes the expired call at 0.00 on its "as of" day, and dates days in New York', () => {
    expect(trades[1]).toMatchObject({
      entry_price: 3,
      exit_price: 0,
      fees: 0.65,
      notes: '',
      // noon of 03/10 and 23:59 of 03/31 in New York (EDT)
      opened_at: '2020-03-10T16:00:00.000Z',
      closed_at: '2020-04-01T03:59:00.000Z',
    });
    expect(tradePnl(trades[1]!)).toBe(299.35);
  });

  it('opens and closes on one day in that order, and keeps an open lot with its fees', () => {
    expect(trades[2]).toMatchObject({
      opened_at: '2020-03-12T16:00:00.000Z',
      closed_at: '2020-03-13T03:59:00.000Z',
    });
    expect(tradePnl(trades[2]!)).toBe(248.68);
    // 3 × 8.155 × 100 = 2,446.50, + 1.98 = 2,448.48: 8.155 a share, rounded to 8.16
    expect(trades[0]).toMatchObject({ entry_price: 8.16, exit_price: null, fees: 1.98, closed_at: null });
  });

  it('notes an assignment and an exercise, which close whatever is open', () => {
    const settled = schwabTrades(
      [
        HEADER,
        '"04/20/2020 as of 04/17/2020","Assigned","AAPL 04/17/2020 280.00 P","PUT APPLE INC $280 EXP 04/17/20","1","","",""',
        '"04/20/2020 as of 04/17/2020","Exchange or Exercise","AAPL 04/17/2020 260.00 C","CALL APPLE INC $260 EXP 04/17/20","1","","",""',
        '"04/01/2020","Sell to Open","AAPL 04/17/2020 280.00 P","PUT APPLE INC $280 EXP 04/17/20","1","$9.00","$0.66","$899.34"',
        '"04/01/2020","Buy to Open","AAPL 04/17/2020 260.00 C","CALL APPLE INC $260 EXP 04/17/20","1","$5.00","$0.66","-$500.66"',
      ].join('\n'),
    );
    expect(settled.errors).toEqual([]);
    expect(settled.candidates.map((c) => [c.trade.strategy, c.trade.exit_price, c.trade.notes])).toEqual([
      ['Long Call', 0, 'Closed by exercise at 0.00; the shares delivered are not part of this trade'],
      [
        'Cash Secured Put',
        0,
        'Closed by assignment at 0.00; the shares delivered are not part of this trade',
      ],
    ]);
  });

  it('names the line and column of what it cannot read', () => {
    const bad = parseTradesCsv(
      csv(
        '"03/32/2020","Sell to Open","SPY 03/31/2020 284.00 P","PUT","1","$5.30","$0.65","$529.35"',
        '"03/20/2020","Sell","SPY 03/31/2020 284.00 P","PUT","1.5","$5.30","$0.65","$794.35"',
        // a mini contract: 1 × 5.30 × 10
        '"03/20/2020","Sell to Open","SPY 03/31/2020 284.00 P","PUT","1","$5.30","$0.65","$52.35"',
        '"03/20/2020","Buy to Close","QQQ 03/31/2020 300.00 C","CALL","1","$1.00","$0.65","-$100.65"',
      ),
    );
    expect(bad.candidates).toEqual([]);
    expect(bad.errors.map(({ line, field }) => [line, field])).toEqual([
      [3, 'Date'],
      [4, 'Action'],
      [4, 'Quantity'],
      [5, 'Amount'],
      [6, 'Action'],
    ]);
    expect(bad.errors[3]!.message).toMatch(/only 100-share contracts/);
    expect(bad.errors[4]!.message).toMatch(/no such position is open before it/);
  });
});

describe('an unknown file', () => {
  it('is refused with every format the journal reads', () => {
    const parsed = parseTradesCsv('Symbol,Side,Qty\nAAPL,Buy,1');
    expect(parsed.format).toBe('edge');
    expect(parsed.errors).toHaveLength(1);
    for (const name of [
      "journal's own CSV",
      'tastytrade',
      'Interactive Brokers Activity Statement',
      'Schwab',
    ]) {
      expect(SUPPORTED_FORMATS).toContain(name);
      expect(parsed.errors[0]!.message).toContain(name);
    }
  });
});
