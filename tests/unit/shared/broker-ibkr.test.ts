import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { ibkrTrades } from '@shared/trades/broker-ibkr';
import { parseTradesCsv } from '@shared/trades/csv';
import { tradePnl } from '@shared/trades/pnl';

/** Genuine: oittaa/ibkr-report-parser's Activity Statement Trades section (tests/fixtures/SOURCES.md). */
const statement = readFileSync(
  new URL('../../fixtures/brokers/ibkr/option-assignment-2025.ibkr-report-parser.csv', import.meta.url),
  'utf8',
);

describe('Interactive Brokers import of a recorded Activity Statement (tests/fixtures/SOURCES.md)', () => {
  const parsed = parseTradesCsv(statement);

  it('is recognised by its first line and reads the four short calls, once each (Order lines, not their fills)', () => {
    expect(parsed.format).toBe('ibkr');
    expect(parsed.errors).toEqual([]);
    expect(
      parsed.candidates.map(({ row, trade }) => [
        row,
        trade.ticker,
        trade.strategy,
        trade.side,
        trade.quantity,
        trade.legs?.[0]?.strike,
        trade.legs?.[0]?.expiration,
        trade.entry_price,
        trade.exit_price,
        trade.fees,
        tradePnl(trade),
      ]),
    ).toEqual([
      // sold at 4.75 for 475 − 1.06074 commission, assigned at 0.00
      [21, 'NVDA', 'Covered Call', 'credit', 1, 150, '2025-07-18', 4.75, 0, 1.06, 473.94],
      [27, 'NVDA', 'Covered Call', 'credit', 1, 170, '2025-08-15', 3.38, 0, 1.06, 336.94],
      [33, 'SOFI', 'Covered Call', 'credit', 2, 25, '2025-09-19', 1.05, 0, 0.85, 209.15],
      [15, 'ARKK', 'Covered Call', 'credit', 1, 80, '2025-09-19', 1.64, 0, 1.05, 162.95],
    ]);
  });

  it('keeps the times IBKR wrote in New York (EDT in summer) and notes the assignment', () => {
    expect(parsed.candidates[3]!.trade).toMatchObject({
      // 2025-08-06, 15:32:56 and 2025-09-19, 16:20:00 in New York
      opened_at: '2025-08-06T19:32:56.000Z',
      closed_at: '2025-09-19T20:20:00.000Z',
      notes: 'Closed by assignment at 0.00; the shares delivered are not part of this trade',
      legs: [
        { kind: 'call', side: 'short', quantity: 1, strike: 80, expiration: '2025-09-19', premium: 1.64 },
      ],
      source: 'import',
      source_ref: null,
    });
  });

  it("reproduces, per contract, the premium IBKR folds into the delivered shares' realised P/L", () => {
    // IBKR books an assigned call's premium (net of commission) into the stock sale: the stock's
    // Realized P/L − (Proceeds + Comm/Fee + Basis) is what the option earned. Read from the file.
    const rows = Papa.parse<string[]>(statement).data;
    const header = rows[0]!;
    const col = (row: string[], name: string) => Number(row[header.indexOf(name)]);
    const folded = new Map(
      rows
        .filter((row) => row[2] === 'Order' && row[3] === 'Stocks')
        .map((row) => [
          `${row[5]}|${row[6]!.slice(0, 10)}`,
          col(row, 'Realized P/L') - (col(row, 'Proceeds') + col(row, 'Comm/Fee') + col(row, 'Basis')),
        ]),
    );
    expect(folded.size).toBe(4);
    for (const { trade } of parsed.candidates) {
      const assigned = folded.get(`${trade.ticker}|${trade.legs![0]!.expiration}`);
      expect(assigned).toBeDefined();
      // to the cent: 162.94576 → 162.95, 473.93926 → 473.94, 336.94356 → 336.94, 209.14712 → 209.15
      expect(tradePnl(trade)).toBeCloseTo(assigned!, 2);
    }
  });

  it('reports the delivered shares as skipped, with their line and reason, and no error', () => {
    expect(parsed.skipped).toEqual([
      {
        line: 2,
        reason:
          'Shares of ARKK, delivered by an assignment or exercise: the journal imports option trades only (-100 at 80)',
      },
      expect.objectContaining({ line: 5, reason: expect.stringMatching(/^Shares of NVDA, delivered/) }),
      expect.objectContaining({ line: 8, reason: expect.stringMatching(/^Shares of NVDA, delivered/) }),
      expect.objectContaining({ line: 11, reason: expect.stringMatching(/^Shares of SOFI, delivered/) }),
    ]);
  });
});

// Hand-written edge cases below (not a recorded export): a full statement's sections, a round
// trip with IBKR's Realized P/L, winter times, expiry, and the rows the reader refuses or skips.
const HEADER =
  'Trades,Header,DataDiscriminator,Asset Category,Currency,Symbol,Date/Time,Quantity,T. Price,C. Price,Proceeds,Comm/Fee,Basis,Realized P/L,MTM P/L,Code';
const handwritten = (...lines: string[]) =>
  [
    'Statement,Header,Field Name,Field Value',
    'Statement,Data,Title,Activity Statement',
    'Account Information,Header,Field Name,Field Value',
    'Account Information,Data,Base Currency,USD',
    HEADER,
    ...lines,
    'Trades,Total,,Equity and Index Options,USD,,,,,,0,0,0,0,0,',
    'Dividends,Header,Currency,Date,Description,Amount',
    'Dividends,Data,USD,2025-03-14,AAPL(US0378331005) Cash Dividend USD 0.25 per Share,25.00',
  ].join('\n');

describe('Interactive Brokers import rules (hand-written statements)', () => {
  it("reads a full statement's Trades section and matches IBKR's Realized P/L of a round trip to the cent", () => {
    const parsed = parseTradesCsv(
      handwritten(
        'Trades,Data,Order,Equity and Index Options,USD,AAPL 21MAR25 222.5 C,"2025-01-27, 10:30:15",2,1.22,2.0966,-244,-2.1133,246.1133,0,87.66,O',
        'Trades,Data,Order,Equity and Index Options,USD,AAPL 21MAR25 222.5 C,"2025-02-27, 12:43:04",-1,2.23,2.0966,223,-1.0656394,-123.05665,98.877711,13.34,C',
        'Trades,Data,Order,Equity and Index Options,USD,AAPL 21MAR25 222.5 C,"2025-03-21, 16:20:00",-1,0,0,0,0,-123.05665,-123.05665,0,Ep;C',
        'Trades,SubTotal,,Equity and Index Options,USD,AAPL 21MAR25 222.5 C,,0,,,-21,-3.1789394,0,-24.178939,101,',
      ),
    );
    expect(parsed.format).toBe('ibkr');
    expect(parsed.errors).toEqual([]);
    expect(parsed.skipped).toEqual([]);
    const [sold, expired] = parsed.candidates.map((c) => c.trade);
    // line 6 opens 2; half its 2.1133 plus the close's 1.0656394 → 2.1223 → 2.12
    expect(sold).toMatchObject({ strategy: 'Long Call', side: 'debit', quantity: 1, entry_price: 1.22 });
    expect(sold).toMatchObject({ exit_price: 2.23, fees: 2.12, opened_at: '2025-01-27T15:30:15.000Z' });
    expect(tradePnl(sold!)).toBeCloseTo(98.877711, 2);
    // the other contract expired worthless: −122 − 1.05665 = IBKR's −123.05665
    expect(expired).toMatchObject({
      exit_price: 0,
      fees: 1.06,
      closed_at: '2025-03-21T20:20:00.000Z',
      notes: '',
    });
    expect(tradePnl(expired!)).toBeCloseTo(-123.05665, 2);
    expect(parsed.candidates.map((c) => c.row)).toEqual([6, 6]);
  });

  it('reads Trade lines when the statement has no Order lines, and an OCC symbol', () => {
    const parsed = parseTradesCsv(
      handwritten(
        'Trades,Data,Trade,Equity and Index Options,USD,SPY   250331P00570000,"2025-03-03, 09:45:00",-1,5.10,5,510,-1.05,-508.95,0,10,O',
      ),
    );
    expect(parsed.errors).toEqual([]);
    expect(parsed.candidates.map((c) => c.trade)).toEqual([
      expect.objectContaining({
        ticker: 'SPY',
        strategy: 'Cash Secured Put',
        side: 'credit',
        entry_price: 5.1,
        exit_price: null,
        fees: 1.05,
        legs: [
          { kind: 'put', side: 'short', quantity: 1, strike: 570, expiration: '2025-03-31', premium: 5.1 },
        ],
      }),
    ]);
  });

  it('skips shares, other currencies and other asset categories with their reason', () => {
    const parsed = ibkrTrades(
      handwritten(
        'Trades,Data,Order,Stocks,USD,BRK B,"2025-03-03, 10:00:00",10,480,480,-4800,-1,4801,0,0,O',
        'Trades,Data,Order,Equity and Index Options,EUR,SAP 21MAR25 250 C,"2025-03-03, 10:00:00",1,3,3,-300,-1,301,0,0,O',
        'Trades,Header,DataDiscriminator,Asset Category,Currency,Symbol,Date/Time,Quantity,T. Price,,Proceeds,Comm in USD,,,MTM in USD,Code',
        'Trades,Data,Order,Forex,USD,EUR.USD,"2025-03-04, 12:00:00",-1000,1.08,,1080,-2,,,0,',
      ),
    );
    expect(parsed.candidates).toEqual([]);
    expect(parsed.errors).toEqual([]);
    expect(parsed.skipped).toEqual([
      {
        line: 6,
        reason: 'Shares of BRK B: the journal imports option trades only (10 at 480)',
      },
      { line: 7, reason: 'SAP 21MAR25 250 C is in EUR: the journal imports options traded in USD' },
      { line: 9, reason: 'Forex (EUR.USD): the journal imports option trades only (-1000 at 1.08)' },
    ]);
  });

  it('names the line and column of what it cannot read', () => {
    const parsed = parseTradesCsv(
      handwritten(
        'Trades,Data,Order,Equity and Index Options,USD,AAPL MAR25 C,"2025-03-03, 10:00:00",1,3,3,-300,-1,301,0,0,O',
        'Trades,Data,Order,Equity and Index Options,USD,AAPL 21MAR25 250 C,"2025-03-03, 10:00:00",1,3,3,-300,-1,301,0,0,C;O',
        'Trades,Data,Order,Equity and Index Options,USD,AAPL 21MAR25 250 C,"03/03/2025 10:00",1.5,3,3,-450,-1,451,0,0,O',
        // a mini contract: 1 × 3.00 × 10 = 30
        'Trades,Data,Order,Equity and Index Options,USD,AAPL 21MAR25 250 C,"2025-03-03, 10:00:00",1,3,3,-30,-1,31,0,0,O',
        // a close with nothing open before it
        'Trades,Data,Order,Equity and Index Options,USD,MSFT 21MAR25 400 P,"2025-03-04, 10:00:00",1,2,2,-200,-1,201,0,0,C',
      ),
    );
    expect(parsed.candidates).toEqual([]);
    expect(parsed.errors.map(({ line, field }) => [line, field])).toEqual([
      [6, 'Symbol'],
      [7, 'Code'],
      [8, 'Quantity'],
      [8, 'Date/Time'],
      [9, 'Proceeds'],
      [10, 'Code'],
    ]);
    expect(parsed.errors[4]!.message).toMatch(/only 100-share contracts/);
    expect(parsed.errors[5]!.message).toMatch(/no such position is open before it/);
  });

  it('keeps a winter time in New York (EST) and a day without a time on that day', () => {
    const parsed = parseTradesCsv(
      handwritten(
        'Trades,Data,Order,Equity and Index Options,USD,QQQ 17JAN25 500 C,"2025-01-06, 15:59:00",1,4,4,-400,-1,401,0,0,O',
        'Trades,Data,Order,Equity and Index Options,USD,QQQ 17JAN25 500 C,2025-01-17,-1,6,6,600,-1,-401,198,0,C',
      ),
    );
    expect(parsed.errors).toEqual([]);
    expect(parsed.candidates[0]!.trade).toMatchObject({
      opened_at: '2025-01-06T20:59:00.000Z',
      // a day alone closes at 23:59 New York
      closed_at: '2025-01-18T04:59:00.000Z',
    });
    expect(tradePnl(parsed.candidates[0]!.trade)).toBe(198);
  });
});
