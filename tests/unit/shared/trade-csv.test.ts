import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { JOURNAL_STRATEGIES } from '@shared/constants/strategies';
import { parseTradesCsv, TRADE_CSV_COLUMNS, tradesToCsv } from '@shared/trades/csv';
import { tradePnl } from '@shared/trades/pnl';
import { TRADE_SOURCES, type Trade } from '@shared/trades/schemas';

const cents = fc.integer({ min: 0, max: 500_000 }).map((c) => c / 100);
const isoInstant = fc
  .integer({ min: Date.parse('2019-01-01T00:00:00Z'), max: Date.parse('2026-01-01T00:00:00Z') })
  .map((ms) => new Date(ms).toISOString());
// Notes as traders write them: quotes, commas, line breaks, and text a spreadsheet would run as a formula.
const notes = fc
  .array(fc.constantFrom('a', 'Z', ' ', ',', '"', '\n', '=', '+', '-', '@', "'", '1', 'é', ';'), {
    maxLength: 40,
  })
  .map((chars) => chars.join('').trim());
const tag = fc.stringMatching(/^[a-z][a-z0-9 -]{0,10}[a-z0-9]$/);

const tradeArbitrary: fc.Arbitrary<Trade> = fc
  .record({
    ticker: fc.stringMatching(/^[A-Z]{1,5}$/),
    strategy: fc.constantFrom(...JOURNAL_STRATEGIES),
    side: fc.constantFrom('debit' as const, 'credit' as const),
    quantity: fc.integer({ min: 1, max: 50 }),
    entry_price: cents,
    exit_price: fc.option(cents, { nil: null }),
    fees: fc.integer({ min: 0, max: 5000 }).map((c) => c / 100),
    notes,
    tags: fc.uniqueArray(tag, { maxLength: 4, selector: (t) => t.toLowerCase() }),
    source: fc.constantFrom(...TRADE_SOURCES),
    source_ref: fc.option(fc.stringMatching(/^[a-z0-9:-]{1,20}$/), { nil: null }),
    legs: fc.option(
      fc.array(
        fc.record({
          kind: fc.constantFrom('call' as const, 'put' as const),
          side: fc.constantFrom('long' as const, 'short' as const),
          quantity: fc.integer({ min: 1, max: 5 }),
          strike: fc.integer({ min: 1, max: 900 }),
          expiration: fc.constantFrom('2025-06-20', '2025-12-19'),
          premium: cents,
        }),
        { minLength: 1, maxLength: 4 },
      ),
      { nil: null },
    ),
    edge_score: fc.option(
      fc.integer({ min: 0, max: 10_000 }).map((c) => c / 100),
      { nil: null },
    ),
    expected_return: fc.option(
      fc.integer({ min: -10_000, max: 100_000 }).map((x) => x / 10_000),
      {
        nil: null,
      },
    ),
    opened_at: isoInstant,
    closedAfterMs: fc.integer({ min: 0, max: 90 * 86_400_000 }),
  })
  .map(({ closedAfterMs, ...t }) => {
    const trade = {
      ...t,
      trade_id: 'id',
      user_id: 'user',
      closed_at:
        t.exit_price === null ? null : new Date(Date.parse(t.opened_at) + closedAfterMs).toISOString(),
      created_at: t.opened_at,
      updated_at: t.opened_at,
    };
    return { ...trade, pnl: tradePnl(trade) };
  });

const IMPORTED_FIELDS = [
  'ticker',
  'strategy',
  'side',
  'quantity',
  'entry_price',
  'exit_price',
  'fees',
  'notes',
  'tags',
  'source',
  'source_ref',
  'legs',
  'opened_at',
  'closed_at',
] as const;
/** The fields an import reads back; an open trade's close date is absent (undefined) or null alike. */
const pick = (trade: Record<string, unknown>) =>
  Object.fromEntries(IMPORTED_FIELDS.map((f) => [f, f === 'closed_at' ? (trade[f] ?? null) : trade[f]]));

describe('trades CSV', () => {
  it("puts the spec's journal columns first", () => {
    expect(TRADE_CSV_COLUMNS.slice(0, 6)).toEqual([
      'Date',
      'Ticker',
      'Strategy',
      'Entry Price',
      'Exit Price',
      'P&L',
    ]);
  });

  it('round-trips any journal exactly: export, then import, gives the same trades', () => {
    fc.assert(
      fc.property(fc.array(tradeArbitrary, { maxLength: 8 }), (trades) => {
        const parsed = parseTradesCsv(tradesToCsv(trades));
        expect(parsed.errors).toEqual([]);
        expect(parsed.format).toBe('edge');
        expect(parsed.candidates.map((c) => pick(c.trade))).toEqual(trades.map((t) => pick(t)));
      }),
      { numRuns: 300 },
    );
  });

  describe('cells a spreadsheet would run as a formula (OWASP CSV injection)', () => {
    const trade: Trade = {
      trade_id: 'a',
      user_id: 'u',
      ticker: 'AAPL',
      strategy: 'Long Call',
      side: 'debit',
      quantity: 1,
      entry_price: 1,
      exit_price: 0.5,
      fees: 0,
      notes: '',
      tags: [],
      source: 'manual',
      source_ref: null,
      legs: null,
      edge_score: null,
      expected_return: null,
      opened_at: '2025-01-02T15:00:00.000Z',
      closed_at: '2025-01-03T15:00:00.000Z',
      created_at: '2025-01-02T15:00:00.000Z',
      updated_at: '2025-01-02T15:00:00.000Z',
      pnl: -50,
    };
    const exported = (change: Partial<Trade>) => {
      const [record] = Papa.parse<Record<string, string>>(tradesToCsv([{ ...trade, ...change }]), {
        header: true,
      }).data;
      return record!;
    };

    it.each([
      '=cmd|"/c calc"!A1',
      '+1+1',
      '-1+HYPERLINK("https://evil.example","x")',
      "-2-cmd|' /C calc'!A0",
      '-',
      '@SUM(A1:A2)',
      '\t=1+1',
      '\r=1+1',
      "'=already quoted",
    ])('writes the note %j as text, with a leading quote, and imports it back as typed', (notes) => {
      expect(exported({ notes }).Notes).toBe(`'${notes}`);
      const back = parseTradesCsv(tradesToCsv([{ ...trade, notes }]));
      expect(back.candidates[0]?.trade.notes ?? back.errors).toBe(notes.trim());
    });

    it('neutralises every free-text column: tags, source ref and legs too', () => {
      const record = exported({ tags: ['-1+1', '@x'], source_ref: '=1+1' });
      expect(record.Tags).toBe("'-1+1; @x");
      expect(record['Source Ref']).toBe("'=1+1");
      expect(record.Notes).toBe('');
    });

    it('leaves numbers as numbers: a negative P&L stays -50.00, unprefixed', () => {
      const record = exported({ pnl: -12.5, entry_price: 0, exit_price: 1234.5 });
      expect(record['P&L']).toBe('-12.50');
      expect(record['Entry Price']).toBe('0.00');
      expect(record['Exit Price']).toBe('1234.50');
      expect(record.Quantity).toBe('1');
    });

    it('starts no text cell of any generated journal with a formula character', () => {
      fc.assert(
        fc.property(fc.array(tradeArbitrary, { minLength: 1, maxLength: 5 }), (trades) => {
          const records = Papa.parse<Record<string, string>>(tradesToCsv(trades), { header: true }).data;
          for (const record of records)
            for (const [column, cell] of Object.entries(record))
              if (
                ![
                  'Entry Price',
                  'Exit Price',
                  'P&L',
                  'Quantity',
                  'Fees',
                  'Edge Score',
                  'Expected Return',
                ].includes(column)
              )
                expect(cell, column).not.toMatch(/^[=+\-@\t\r]/);
        }),
        { numRuns: 200 },
      );
    });
  });

  it('names the spreadsheet row and the column of every bad cell, and keeps the good rows apart', () => {
    const csv = [
      'Ticker,Strategy,Entry Price,Exit Price,Quantity,Opened At,Tags',
      'AAPL,Long Call,2.50,3.10,2,2025-05-01T14:00:00Z,earnings',
      ',Long Call,2.50,,1,2025-05-01T14:00:00Z,',
      'MSFT,Moon Shot,2.50,,1,2025-05-01T14:00:00Z,',
      'NVDA,Long Put,-1,,0,tomorrow,',
      'SPY,Iron Condor,1.234,,1,2025-05-01T14:00:00Z,',
    ].join('\n');
    const parsed = parseTradesCsv(csv);
    expect(parsed.candidates.map((c) => [c.row, c.trade.ticker])).toEqual([[2, 'AAPL']]);
    expect(parsed.errors.map((e) => [e.line, e.field])).toEqual([
      [3, 'Ticker'],
      [4, 'Strategy'],
      [5, 'Entry Price'],
      [5, 'Quantity'],
      [5, 'Opened At'],
      [6, 'Entry Price'],
    ]);
  });

  it('reads strategies whatever their case or punctuation, and prices written with $ and commas', () => {
    const parsed = parseTradesCsv('Ticker,Strategy,Entry Price\nspy,IRON-CONDOR,"$1,234.50"');
    expect(parsed.errors).toEqual([]);
    expect(parsed.candidates[0]!.trade).toMatchObject({
      ticker: 'SPY',
      strategy: 'Iron Condor',
      entry_price: 1234.5,
      source: 'import',
    });
  });

  it('refuses a file without the required columns, naming the first missing one', () => {
    expect(parseTradesCsv('Symbol,Price\nAAPL,1').errors).toEqual([
      { line: 1, field: 'Ticker', message: expect.stringContaining('Ticker, Strategy, Entry Price') },
    ]);
  });

  it('tells an unknown format (a Fidelity history) which formats are supported', () => {
    const fidelity = 'Run Date,Action,Symbol,Security Description,Quantity,Price ($),Amount ($)\n';
    const [error] = parseTradesCsv(`${fidelity}03/01/2024,YOU BOUGHT,AAPL,APPLE INC,1,180,-180\n`).errors;
    expect(error!.message).toContain("Supported: the journal's own CSV");
    expect(error!.message).toContain('tastytrade transaction history');
    expect(error!.message).toContain('Interactive Brokers Activity Statement');
    expect(error!.message).toContain('Schwab / thinkorswim transaction history');
  });

  it('reads an Interactive Brokers statement without a Trades section as one with no trades, not an unknown file', () => {
    const statement = 'Statement,Header,Field Name,Field Value\nStatement,Data,Title,Activity Statement\n';
    expect(parseTradesCsv(statement)).toEqual({ format: 'ibkr', candidates: [], errors: [], skipped: [] });
  });

  it('reports a broken quote and a row with too many cells as errors of their rows', () => {
    const unterminated = parseTradesCsv(
      'Ticker,Strategy,Entry Price\nAAPL,Long Call,1\nMSFT,Long Call,"1.00',
    );
    expect(unterminated.errors).toContainEqual({
      line: 3,
      field: 'row',
      message: 'Quoted field unterminated',
    });
    const extra = parseTradesCsv('Ticker,Strategy,Entry Price\nAAPL,Long Call,1,surprise');
    expect(extra.errors).toContainEqual(expect.objectContaining({ line: 2, field: 'row' }));
  });
});
