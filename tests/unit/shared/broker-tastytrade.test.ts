import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tastytradeTrades } from '@shared/trades/broker-tastytrade';
import { parseTradesCsv } from '@shared/trades/csv';
import { tradePnl } from '@shared/trades/pnl';

const brokerFixture = (name: string) =>
  readFileSync(new URL(`../../fixtures/brokers/tastytrade/${name}`, import.meta.url), 'utf8');
/** Hand-written: assignment, exercise and partial closes the recorded exports below do not have. */
const fixture = brokerFixture('transactions.handwritten.csv');

const HEADER =
  'Date,Type,Sub Type,Action,Symbol,Instrument Type,Description,Value,Quantity,Average Price,Commissions,Fees,Multiplier,Root Symbol,Underlying Symbol,Expiration Date,Strike Price,Call or Put,Order #,Currency';
/** The columns of exports before Sub Type, Root Symbol, Order # and Currency were added. */
const OLD_HEADER =
  'Date,Type,Action,Symbol,Instrument Type,Description,Value,Quantity,Average Price,Commissions,Fees,Multiplier,Underlying Symbol,Expiration Date,Strike Price,Call or Put';

const csv = (header: string, ...rows: string[]) => [header, ...rows].join('\n');

/** A record in the current layout: a sold-to-open SPY put, with `cells` overriding its columns. */
function recordOf(cells: Record<string, string>): Record<string, string> {
  const base: Record<string, string> = {
    Date: '2024-03-18T09:45:12-0400',
    Type: 'Trade',
    'Sub Type': 'Sell to Open',
    Action: 'SELL_TO_OPEN',
    Symbol: 'SPY   240419P00500000',
    'Instrument Type': 'Equity Option',
    Description: 'Sold 1 SPY 04/19/24 Put 500.00 @ 4.20',
    Value: '420.00',
    Quantity: '1',
    'Average Price': '420.00',
    Commissions: '-1.00',
    Fees: '-0.14',
    Multiplier: '100',
    'Root Symbol': 'SPY',
    'Underlying Symbol': 'SPY',
    'Expiration Date': '4/19/24',
    'Strike Price': '500',
    'Call or Put': 'PUT',
    'Order #': '1001',
    Currency: 'USD',
  };
  return { ...base, ...cells };
}

/** The same as a CSV line. */
function row(cells: Record<string, string>): string {
  const record = recordOf(cells);
  return HEADER.split(',')
    .map((column) => {
      const value = record[column] ?? '';
      return /[",]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
    })
    .join(',');
}

describe('tastytrade import of recorded exports (tests/fixtures/SOURCES.md)', () => {
  it('reads a 20-column export: spreads as legs, money movements skipped, two puts still open', () => {
    const parsed = parseTradesCsv(brokerFixture('options-2024.binnaculum.csv'));

    expect(parsed.format).toBe('tastytrade');
    expect(parsed.errors).toEqual([]);
    // money movements only besides the options: nothing to report
    expect(parsed.skipped).toEqual([]);
    // Each closed trade by hand: (credit − debit) × 100 − (commissions + fees of both rows)
    expect(
      parsed.candidates.map(({ row, trade }) => [
        row,
        trade.ticker,
        trade.strategy,
        trade.legs?.[0]?.strike,
        trade.entry_price,
        trade.exit_price,
        trade.fees,
        tradePnl(trade),
      ]),
    ).toEqual([
      // sold 0.35 (1.00 + 0.14), bought back 0.17 (0.13): 18 − 1.27
      [14, 'SOFI', 'Cash Secured Put', 7, 0.35, 0.17, 1.27, 16.73],
      // the MPW put spread's legs: long 4 bought 0.04 sold 0.01, short 4.5 sold 0.19 bought 0.08
      [13, 'MPW', 'Long Put', 4, 0.04, 0.01, 1.27, -4.27],
      [12, 'MPW', 'Cash Secured Put', 4.5, 0.19, 0.08, 1.27, 9.73],
      // the PLTR put spread's legs: short 21.5 sold 0.19 bought 0.09, long 21 bought 0.11 sold 0.05
      [11, 'PLTR', 'Cash Secured Put', 21.5, 0.19, 0.09, 1.27, 8.73],
      [10, 'PLTR', 'Long Put', 21, 0.11, 0.05, 1.27, -7.27],
      // SOFI 7 put sold again after the buy-back, and the 6.5 put: both open
      [5, 'SOFI', 'Cash Secured Put', 7, 0.17, null, 1.14, null],
      [2, 'SOFI', 'Cash Secured Put', 6.5, 0.16, null, 1.14, null],
    ]);
    expect(parsed.candidates[0]!.trade).toMatchObject({
      opened_at: '2024-04-25T13:41:11.000Z',
      closed_at: '2024-04-29T14:43:41.000Z',
      legs: [{ kind: 'put', side: 'short', quantity: 1, strike: 7, expiration: '2024-05-03', premium: 0.35 }],
      source_ref: 'tastytrade:319448136',
    });
    // The closed trades' P&L equals the file's cash: Σ Value (30.00) − Σ |Commissions| + |Fees| (6.35)
    const closed = parsed.candidates.map((c) => tradePnl(c.trade)).filter((pnl) => pnl !== null);
    expect(closed.reduce((sum, pnl) => sum + pnl, 0)).toBeCloseTo(23.65, 10);
  });

  it('reads a 21-column export with the Total column: a rolled diagonal in one order', () => {
    const parsed = parseTradesCsv(brokerFixture('pfizer-2025.binnaculum.csv'));

    expect(parsed.errors).toEqual([]);
    expect(parsed.candidates.map((c) => c.trade)).toEqual([
      expect.objectContaining({
        ticker: 'PFE',
        strategy: 'Long Call',
        side: 'debit',
        entry_price: 5.54,
        exit_price: 7.45,
        fees: 1.24,
        opened_at: '2025-08-25T18:26:41.000Z',
        closed_at: '2025-10-03T19:55:09.000Z',
        legs: [
          { kind: 'call', side: 'long', quantity: 1, strike: 20, expiration: '2026-01-16', premium: 5.54 },
        ],
        source_ref: 'tastytrade:403310257',
      }),
      expect.objectContaining({
        ticker: 'PFE',
        strategy: 'Covered Call',
        side: 'credit',
        entry_price: 0.51,
        exit_price: 0.64,
        fees: 1.24,
        legs: [
          { kind: 'call', side: 'short', quantity: 1, strike: 27, expiration: '2025-10-10', premium: 0.51 },
        ],
        source_ref: 'tastytrade:410536999',
      }),
    ]);
    // (7.45 − 5.54) × 100 − 1.24 and (0.51 − 0.64) × 100 − 1.24
    expect(parsed.candidates.map((c) => tradePnl(c.trade))).toEqual([189.76, -14.24]);
  });
});

describe('tastytrade import of the hand-written fixture (a newest-first transaction history)', () => {
  const parsed = parseTradesCsv(fixture);
  const trades = parsed.candidates.map((c) => c.trade);

  it('is recognised by its header and reads without errors', () => {
    expect(parsed.format).toBe('tastytrade');
    expect(parsed.errors).toEqual([]);
  });

  it('turns each closed slice and each open lot into one trade, oldest opening first, on its opening row', () => {
    expect(parsed.candidates.map((c) => [c.row, c.trade.ticker, c.trade.quantity])).toEqual([
      [12, 'AAPL', 2],
      [10, 'SPY', 1],
      [10, 'SPY', 2],
      [7, 'QQQ', 1],
      [5, 'MSFT', 1],
    ]);
  });

  it('skips the equity purchase and the shares delivered on assignment with their reason, and the money movement without one', () => {
    expect(trades.map((t) => t.ticker)).not.toContain('F');
    expect(trades.filter((t) => t.ticker === 'MSFT')).toHaveLength(1);
    expect(parsed.skipped).toEqual([
      {
        line: 3,
        reason: 'Shares of MSFT (Sell to Open 100 MSFT @ 420.00): the journal imports option trades only',
      },
      { line: 11, reason: 'Shares of F (Bought 100 F @ 12.10): the journal imports option trades only' },
    ]);
  });

  it('matches the long call: bought 2 at 2.50, sold at 3.10, $2.28 of fees', () => {
    expect(trades[0]).toEqual({
      ticker: 'AAPL',
      strategy: 'Long Call',
      side: 'debit',
      quantity: 2,
      entry_price: 2.5,
      exit_price: 3.1,
      // open: 2.00 commission + 0.14 fees; close: 0.00 + 0.14
      fees: 2.28,
      opened_at: '2024-03-15T18:31:05.000Z',
      closed_at: '2024-03-28T14:02:47.000Z',
      legs: [
        { kind: 'call', side: 'long', quantity: 2, strike: 175, expiration: '2024-04-19', premium: 2.5 },
      ],
      source: 'import',
      source_ref: 'tastytrade:301234567',
      notes: '',
      tags: [],
      edge_score: null,
      expected_return: null,
    });
    // (3.10 − 2.50) × 100 × 2 − 2.28
    expect(tradePnl(trades[0]!)).toBe(117.72);
  });

  it('splits the short put: 1 of 3 bought back at 1.15, the other 2 expired', () => {
    const [boughtBack, expired] = [trades[1]!, trades[2]!];
    expect(boughtBack).toMatchObject({
      strategy: 'Cash Secured Put',
      side: 'credit',
      quantity: 1,
      entry_price: 4.2,
      exit_price: 1.15,
      // a third of the opening 3.45 (3.00 + 0.45), plus the 0.13 of the buy-back
      fees: 1.28,
      opened_at: '2024-03-18T13:45:12.000Z',
      closed_at: '2024-04-05T19:20:33.000Z',
      legs: [
        { kind: 'put', side: 'short', quantity: 1, strike: 500, expiration: '2024-04-19', premium: 4.2 },
      ],
      source_ref: 'tastytrade:301555001',
      notes: '',
    });
    expect(expired).toMatchObject({
      strategy: 'Cash Secured Put',
      side: 'credit',
      quantity: 2,
      entry_price: 4.2,
      exit_price: 0,
      fees: 2.3,
      closed_at: '2024-04-19T21:00:00.000Z',
      legs: [
        { kind: 'put', side: 'short', quantity: 2, strike: 500, expiration: '2024-04-19', premium: 4.2 },
      ],
      source_ref: 'tastytrade:301555001',
      notes: '',
    });
    // (4.20 − 1.15) × 100 − 1.28 and (4.20 − 0) × 100 × 2 − 2.30
    expect(tradePnl(boughtBack)).toBe(303.72);
    expect(tradePnl(expired)).toBe(837.7);
    // every cent of the opening fees lands on exactly one slice
    expect(Math.round((boughtBack.fees! + expired.fees!) * 100)).toBe(345 + 13);
  });

  it('keeps the long put still open, with its opening fees', () => {
    expect(trades[3]).toMatchObject({
      ticker: 'QQQ',
      strategy: 'Long Put',
      side: 'debit',
      entry_price: 6.85,
      exit_price: null,
      closed_at: null,
      // 1.00 commission + 0.13 fees
      fees: 1.13,
      legs: [
        { kind: 'put', side: 'long', quantity: 1, strike: 430, expiration: '2024-05-17', premium: 6.85 },
      ],
    });
    expect(tradePnl(trades[3]!)).toBeNull();
  });

  it('closes the assigned short call at 0.00 and says so', () => {
    expect(trades[4]).toMatchObject({
      ticker: 'MSFT',
      strategy: 'Covered Call',
      side: 'credit',
      entry_price: 2.15,
      exit_price: 0,
      fees: 1.14,
      closed_at: '2024-04-13T00:00:00.000Z',
      notes: 'Closed by assignment at 0.00; the shares delivered are not part of this trade',
    });
    expect(tradePnl(trades[4]!)).toBe(213.86);
  });

  it('gives the same trades whatever order the rows come in', () => {
    const [header, ...rows] = fixture.trim().split('\n');
    const reversed = parseTradesCsv(csv(header!, ...rows.reverse()));
    expect(reversed.errors).toEqual([]);
    expect(reversed.candidates.map((c) => c.trade)).toEqual(trades);
  });
});

describe('tastytrade import rules', () => {
  it('reads an older export without Sub Type, Root Symbol, Order # or Currency', () => {
    const parsed = parseTradesCsv(
      csv(
        OLD_HEADER,
        '2021-06-18T23:00:00+0200,Receive Deliver,,CLNE  210618C00014000,Equity Option,Removal of 1.0 CLNE 06/18/21 Call 14.00 due to expiration.,0.00,1,0.00,--,0.00,100,CLNE,6/18/21,14,CALL',
        '2021-05-20T17:10:00+0200,Trade,SELL_TO_OPEN,CLNE  210618C00014000,Equity Option,Sold 1 CLNE 06/18/21 Call 14.00 @ 0.95,95.00,1,95.00,-1.00,-0.14,100,CLNE,6/18/21,14,CALL',
      ),
    );
    expect(parsed.format).toBe('tastytrade');
    expect(parsed.errors).toEqual([]);
    expect(parsed.candidates).toEqual([
      {
        row: 3,
        trade: expect.objectContaining({
          ticker: 'CLNE',
          strategy: 'Covered Call',
          entry_price: 0.95,
          exit_price: 0,
          fees: 1.14,
          opened_at: '2021-05-20T15:10:00.000Z',
          closed_at: '2021-06-18T21:00:00.000Z',
          source_ref: null,
        }),
      },
    ]);
    expect(tradePnl(parsed.candidates[0]!.trade)).toBe(93.86);
  });

  it('reads the price from Value, whether Average Price is per contract or per share', () => {
    const perShare = tastytradeTrades([
      recordOf({ 'Average Price': '4.20' }),
      recordOf({
        Date: '2024-03-20T10:00:00-0400',
        Action: 'BUY_TO_CLOSE',
        Value: '-150.00',
        'Average Price': '-1.50',
      }),
    ]);
    expect(perShare.errors).toEqual([]);
    expect(perShare.candidates[0]!.trade).toMatchObject({ entry_price: 4.2, exit_price: 1.5 });
  });

  it('rounds the average of an order filled at several prices to the cent', () => {
    // 3 contracts for 305.00: 1.0166… a share
    const parsed = parseTradesCsv(
      csv(HEADER, row({ Action: 'BUY_TO_OPEN', Value: '-305.00', Quantity: '3', 'Call or Put': 'CALL' })),
    );
    expect(parsed.candidates[0]!.trade).toMatchObject({
      strategy: 'Long Call',
      side: 'debit',
      entry_price: 1.02,
    });
  });

  it('closes lots first in, first out, across several openings and a close that spans them', () => {
    const parsed = parseTradesCsv(
      csv(
        HEADER,
        row({
          Date: '2024-03-22T10:00:00-0400',
          Action: 'BUY_TO_CLOSE',
          Value: '-300.00',
          Quantity: '3',
          Fees: '-0.39',
          Commissions: '0.00',
          'Order #': '3',
        }),
        row({
          Date: '2024-03-19T10:00:00-0400',
          Value: '1,000.00',
          Quantity: '2',
          Fees: '-0.30',
          Commissions: '-2.00',
          'Order #': '2',
        }),
        row({
          Date: '2024-03-18T10:00:00-0400',
          Value: '800.00',
          Quantity: '2',
          Fees: '-0.28',
          Commissions: '-2.00',
          'Order #': '1',
        }),
      ),
    );
    expect(parsed.errors).toEqual([]);
    expect(
      parsed.candidates.map(({ row: line, trade }) => [
        line,
        trade.source_ref,
        trade.quantity,
        trade.entry_price,
        trade.exit_price,
        trade.fees,
      ]),
    ).toEqual([
      // the first lot (2 at 4.00) closes whole: its 2.28, plus 2/3 of the close's 0.39
      [4, 'tastytrade:1', 2, 4, 1, 2.54],
      // then 1 of the second lot (2 at 5.00): half its 2.30, plus the rest of the 0.39
      [3, 'tastytrade:2', 1, 5, 1, 1.28],
      // and its other contract stays open with the other half
      [3, 'tastytrade:2', 1, 5, null, 1.15],
    ]);
  });

  it('notes an exercised long call and reads Symbol when the contract columns are empty', () => {
    const parsed = parseTradesCsv(
      csv(
        HEADER,
        row({
          Date: '2024-04-19T17:00:00-0400',
          Type: 'Receive Deliver',
          'Sub Type': 'Exercise',
          Action: 'SELL_TO_CLOSE',
          Description: 'Removal of option due to exercise',
          Symbol: 'SPY   240419C00500000',
          'Call or Put': 'CALL',
          Value: '0.00',
          Commissions: '--',
          Fees: '0.00',
          'Order #': '',
        }),
        row({
          Action: 'BUY_TO_OPEN',
          Value: '-420.00',
          Symbol: 'SPY   240419C00500000',
          'Expiration Date': '',
          'Strike Price': '',
          'Call or Put': '',
        }),
      ),
    );
    expect(parsed.errors).toEqual([]);
    expect(parsed.candidates.map((c) => c.trade)).toEqual([
      expect.objectContaining({
        strategy: 'Long Call',
        exit_price: 0,
        notes: 'Closed by exercise at 0.00; the shares delivered are not part of this trade',
        legs: [
          { kind: 'call', side: 'long', quantity: 1, strike: 500, expiration: '2024-04-19', premium: 4.2 },
        ],
      }),
    ]);
  });

  it("writes tastytrade's BRK/B as the journal's BRK.B", () => {
    const parsed = parseTradesCsv(csv(HEADER, row({ 'Underlying Symbol': 'BRK/B', 'Root Symbol': 'BRK/B' })));
    expect(parsed.candidates[0]!.trade.ticker).toBe('BRK.B');
  });

  it('names the row and column of unreadable dates, numbers and symbols', () => {
    const parsed = parseTradesCsv(
      csv(
        HEADER,
        row({ Date: '03/18/2024 9:45 AM' }),
        row({ 'Strike Price': 'abc' }),
        row({ Quantity: '1.5', 'Call or Put': 'STRADDLE' }),
        row({ 'Underlying Symbol': 'SPY 2', Commissions: 'one dollar' }),
        row({ 'Expiration Date': '2/30/24', Value: '' }),
        row({ Action: 'BUY', Multiplier: '10' }),
      ),
    );
    expect(parsed.candidates).toEqual([]);
    expect(parsed.errors.map(({ line, field }) => [line, field])).toEqual([
      [2, 'Date'],
      [3, 'Strike Price'],
      [4, 'Call or Put'],
      [4, 'Quantity'],
      [5, 'Underlying Symbol'],
      [5, 'Commissions'],
      [6, 'Expiration Date'],
      [6, 'Value'],
      [7, 'Action'],
      [7, 'Multiplier'],
    ]);
    expect(parsed.errors[0]!.message).toMatch(/2024-03-15T14:31:05-0400/);
  });

  it('reports a closing execution with no open lot, and one that closes more than is open', () => {
    const parsed = parseTradesCsv(
      csv(
        HEADER,
        row({ Date: '2024-03-21T10:00:00-0400', Action: 'BUY_TO_CLOSE', Value: '-200.00', Quantity: '2' }),
        row({ Date: '2024-03-20T10:00:00-0400', Action: 'SELL_TO_CLOSE', Value: '100.00' }),
        row({}),
      ),
    );
    expect(parsed.errors).toEqual([
      {
        line: 2,
        field: 'Quantity',
        message: 'Closes 2 SPY 2024-04-19 500 put, but only 1 is open before it in this file',
      },
      // a sell to close needs a long position; the open one is short
      {
        line: 3,
        field: 'Action',
        message:
          'Closes SPY 2024-04-19 500 put, but no such position is open before it in this file (was it opened before the export starts?)',
      },
    ]);
  });

  it('reports what the API schema refuses on the opening row, under the CSV column', () => {
    const parsed = parseTradesCsv(csv(HEADER, row({ Quantity: '200000', Value: '8,400,000.00' })));
    expect(parsed.candidates).toEqual([]);
    expect(parsed.errors.map(({ line, field }) => [line, field])).toContainEqual([2, 'Quantity']);
  });

  it('takes nothing from a file without option trades; only the shares are reported, as skipped', () => {
    const parsed = parseTradesCsv(
      csv(
        HEADER,
        row({
          'Instrument Type': 'Equity',
          Symbol: 'F',
          Action: 'BUY_TO_OPEN',
          'Strike Price': '',
          'Call or Put': '',
        }),
        row({ 'Instrument Type': 'Future Option', Symbol: './ESM4 E2CJ4 240405P5100' }),
        row({
          Type: 'Money Movement',
          'Sub Type': 'Deposit',
          Action: '',
          'Instrument Type': '',
          Value: '5,000.00',
        }),
        row({ Type: 'Receive Deliver', 'Sub Type': 'Symbol Change', Action: '', Value: '0.00' }),
      ),
    );
    expect(parsed).toEqual({
      format: 'tastytrade',
      candidates: [],
      errors: [],
      skipped: [
        {
          line: 2,
          reason:
            'Shares of F (Sold 1 SPY 04/19/24 Put 500.00 @ 4.20): the journal imports option trades only',
        },
      ],
    });
  });
});
