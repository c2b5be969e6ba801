/** How an import's rows meet the journal: added, closing an open trade, or skipped. */
import { describe, expect, it } from 'vitest';
import { parseTradesCsv } from '@shared/trades/csv';
import { tradePnl } from '@shared/trades/pnl';
import { createTradeInput, type CreateTradeFormValues } from '@shared/trades/schemas';
import {
  importChanges,
  JOURNAL_MATCH_ATTRIBUTES,
  openingKey,
  planImport,
  type ImportRow,
  type JournalEntry,
  type KeyedTrade,
} from '../../../lambdas/trades/import-plan';
import { buildTrade } from '../../../lambdas/trades/service';

const NOW = new Date('2025-06-02T12:00:00.000Z');
let ids = 0;

/** A trade as the import (or POST /api/trades) builds it. */
function trade(input: Partial<CreateTradeFormValues> = {}): KeyedTrade {
  ids += 1;
  return buildTrade(
    'user-1',
    createTradeInput.parse({
      ticker: 'AAPL',
      strategy: 'Long Call',
      side: 'debit',
      quantity: 2,
      entry_price: 2.5,
      fees: 2.14,
      opened_at: '2025-05-01T14:31:05.000Z',
      source: 'import',
      ...input,
    }),
    NOW,
    `trade-${ids}`,
  );
}

/** What the import reads of a stored trade (changes: edits made since it was stored). */
function inJournal(stored: KeyedTrade, changes: Partial<KeyedTrade> = {}): JournalEntry {
  const row = { ...stored, ...changes };
  return Object.fromEntries(JOURNAL_MATCH_ATTRIBUTES.map((a) => [a, row[a]])) as JournalEntry;
}

const rows = (...trades: KeyedTrade[]): ImportRow[] => trades.map((t, i) => ({ line: i + 2, trade: t }));

const CLOSED = { exit_price: 3.1, closed_at: '2025-05-20T14:02:47.000Z', fees: 2.28 };

describe('planImport', () => {
  it('closes the open journal trade when a newer export shows the same position closed', () => {
    // Prepare
    const open = trade();
    const newer = trade(CLOSED);

    // Act
    const plan = planImport(rows(newer), [inJournal(open)]);

    // Assess
    expect(plan.add).toEqual([]);
    expect(plan.skip).toEqual([]);
    expect(plan.update).toHaveLength(1);
    expect(plan.update[0]).toMatchObject({ line: 2, current: { trade_id: open.trade_id }, split: false });
    const closed = { ...open, ...importChanges(open, plan.update[0]!) };
    expect(closed).toMatchObject({ exit_price: 3.1, closed_at: CLOSED.closed_at, fees: 2.28 });
    // (3.10 - 2.50) x 100 x 2 contracts - 2.28 of fees
    expect(tradePnl(closed)).toBeCloseTo(117.72, 10);
  });

  it('skips an older export that shows a closed trade still open: it is never reopened', () => {
    const closed = trade(CLOSED);
    const older = trade();

    const plan = planImport(rows(older), [inJournal(closed)]);

    expect(plan).toEqual({ add: [], update: [], skip: [{ line: 2, trade_id: closed.trade_id }] });
  });

  it('skips a row that is the same trade, open or closed', () => {
    const open = trade({ ticker: 'SPY', entry_price: 1 });
    const closed = trade(CLOSED);

    const plan = planImport(rows(trade({ ticker: 'SPY', entry_price: 1 }), trade(CLOSED)), [
      inJournal(open),
      inJournal(closed),
    ]);

    expect(plan.skip).toEqual([
      { line: 2, trade_id: open.trade_id },
      { line: 3, trade_id: closed.trade_id },
    ]);
    expect(plan.add).toEqual([]);
    expect(plan.update).toEqual([]);
  });

  it('keeps two trades of the same ticker and day at different entry prices apart', () => {
    const first = trade({ entry_price: 2.5 });
    const second = trade({ entry_price: 2.6 });

    // Into an empty journal both are new; against the first, the second is still new.
    const fresh = planImport(rows(first, second), []);
    const again = planImport(rows(trade({ entry_price: 2.5, ...CLOSED }), trade({ entry_price: 2.6 })), [
      inJournal(first),
    ]);

    expect(fresh.add.map((a) => a.trade.entry_price)).toEqual([2.5, 2.6]);
    expect(again.update.map((u) => u.current.trade_id)).toEqual([first.trade_id]);
    expect(again.add.map((a) => a.trade.entry_price)).toEqual([2.6]);
  });

  it.each<[string, Partial<CreateTradeFormValues>]>([
    ['ticker', { ticker: 'MSFT' }],
    ['strategy', { strategy: 'Long Put' }],
    ['side', { side: 'credit' }],
    ['open instant', { opened_at: '2025-05-01T14:31:06.000Z' }],
    ['quantity', { quantity: 5 }],
    [
      'legs',
      {
        legs: [
          { kind: 'call', side: 'long', quantity: 2, strike: 180, expiration: '2025-06-20', premium: 2.5 },
        ],
      },
    ],
  ])('a different %s is a different trade', (_, difference) => {
    const withLegs: Partial<CreateTradeFormValues> = {
      legs: [
        { kind: 'call', side: 'long', quantity: 2, strike: 175, expiration: '2025-06-20', premium: 2.5 },
      ],
    };
    const open = trade(withLegs);
    const other = trade({ ...withLegs, ...CLOSED, ...difference });

    const plan = planImport(rows(other), [inJournal(open)]);

    expect(plan.add).toHaveLength(1);
    expect(plan.update).toEqual([]);
  });

  it('answers each row with one journal trade: the same trade twice in a file, once in the journal', () => {
    const stored = trade();

    const plan = planImport(rows(trade(), trade()), [inJournal(stored)]);

    expect(plan.skip).toEqual([{ line: 2, trade_id: stored.trade_id }]);
    expect(plan.add.map((a) => a.line)).toEqual([3]);
  });

  it('closes a trade edited by hand since it was imported, and keeps the edits', () => {
    const imported = trade();
    // The trader corrected the entry price and wrote a note; the trade keeps its opening key.
    const edited = { ...imported, entry_price: 2.45, notes: 'Bought on the dip' };

    const plan = planImport(rows(trade(CLOSED)), [inJournal(edited)]);

    expect(plan.update).toHaveLength(1);
    const closed = { ...edited, ...importChanges(edited, plan.update[0]!) };
    expect(closed).toMatchObject({ entry_price: 2.45, notes: 'Bought on the dip', exit_price: 3.1 });
  });

  it('recognises a trade stored before opening keys, by its values', () => {
    const legacy = { ...trade(), opening_key: undefined };

    const plan = planImport(rows(trade(CLOSED)), [inJournal(legacy as unknown as KeyedTrade)]);

    expect(plan.update.map((u) => u.current.trade_id)).toEqual([legacy.trade_id]);
  });

  it('matches a row exported from the journal after an edit, by the edited values', () => {
    const imported = trade();
    const edited = { ...imported, quantity: 3 };
    const exportedAfterEdit = trade({ quantity: 3, ...CLOSED });

    const plan = planImport(rows(exportedAfterEdit), [inJournal(edited)]);

    expect(plan.update.map((u) => u.current.trade_id)).toEqual([imported.trade_id]);
    expect(openingKey(edited)).not.toBe(edited.opening_key);
  });
});

describe('importChanges', () => {
  const open = trade({ fees: 1.3 });

  it('never lowers the fees (a file without fees), and takes higher ones (the closing commissions)', () => {
    const withoutFees = trade({ ...CLOSED, fees: 0 });
    const withMore = trade({ ...CLOSED, fees: 2.6 });

    expect(importChanges(open, { row: withoutFees, split: false }).fees).toBe(1.3);
    expect(importChanges(open, { row: withMore, split: false }).fees).toBe(2.6);
  });

  it("keeps the trader's notes, and takes the file's only where there are none", () => {
    const assigned = trade({ ...CLOSED, exit_price: 0, notes: 'Closed by assignment at 0.00' });

    expect(importChanges({ ...open, notes: 'Mine' }, { row: assigned, split: false })).not.toHaveProperty(
      'notes',
    );
    expect(importChanges({ ...open, notes: '' }, { row: assigned, split: false }).notes).toBe(
      'Closed by assignment at 0.00',
    );
  });

  it('changes nothing of the opening', () => {
    const changes = importChanges(open, { row: trade(CLOSED), split: false });

    expect(Object.keys(changes).sort()).toEqual(['closed_at', 'exit_price', 'fees']);
  });
});

describe('a partly closed position (a broker lot split into parts)', () => {
  const TASTY_HEADER =
    'Date,Type,Sub Type,Action,Symbol,Instrument Type,Description,Value,Quantity,Average Price,Commissions,Fees,Multiplier,Root Symbol,Underlying Symbol,Expiration Date,Strike Price,Call or Put,Order #,Currency';
  const SOLD_3 =
    '2024-03-18T09:45:12-0400,Trade,Sell to Open,SELL_TO_OPEN,SPY   240419P00500000,Equity Option,Sold 3 SPY 04/19/24 Put 500.00 @ 4.20,"1,260.00",3,420.00,-3.00,-0.45,100,SPY,SPY,4/19/24,500,PUT,301555001,USD';
  const BOUGHT_BACK_1 =
    '2024-04-05T15:20:33-0400,Trade,Buy to Close,BUY_TO_CLOSE,SPY   240419P00500000,Equity Option,Bought 1 SPY 04/19/24 Put 500.00 @ 1.15,-115.00,1,-115.00,0.00,-0.13,100,SPY,SPY,4/19/24,500,PUT,303000111,USD';
  const EXPIRED_2 =
    '2024-04-19T17:00:00-0400,Receive Deliver,Expiration,BUY_TO_CLOSE,SPY   240419P00500000,Equity Option,Removal of 2.0 SPY 04/19/24 Put 500.00 due to expiration.,0.00,2,0.00,--,0.00,100,SPY,SPY,4/19/24,500,PUT,,USD';

  /** The trades of a tastytrade export holding `lines` (newest first, as the broker writes). */
  const exportOf = (...lines: string[]) =>
    parseTradesCsv([TASTY_HEADER, ...lines].join('\n')).candidates.map((c) => ({
      line: c.row,
      trade: buildTrade('user-1', c.trade, NOW, `trade-${(ids += 1)}`),
    }));

  it('splits the open trade: it becomes the closed part, the rest is added as its part', () => {
    const [whole] = exportOf(SOLD_3).map((r) => r.trade);

    const newer = exportOf(BOUGHT_BACK_1, SOLD_3);
    const plan = planImport(newer, [inJournal(whole!)]);

    expect(newer.map((r) => [r.trade.quantity, r.trade.exit_price])).toEqual([
      [1, 1.15],
      [2, null],
    ]);
    expect(plan.update).toMatchObject([{ current: { trade_id: whole!.trade_id }, split: true }]);
    expect(importChanges(whole!, plan.update[0]!)).toMatchObject({ quantity: 1, exit_price: 1.15 });
    expect(plan.add).toMatchObject([{ trade: { quantity: 2, exit_price: null }, partOf: whole!.trade_id }]);
    expect(plan.skip).toEqual([]);
  });

  it('then closes the part still open from the next export, and skips the older exports', () => {
    const whole = exportOf(SOLD_3)[0]!.trade;
    const [boughtBack, stillOpen] = exportOf(BOUGHT_BACK_1, SOLD_3).map((r) => r.trade);
    const split = { ...whole, ...importChanges(whole, { row: boughtBack!, split: true }) } as KeyedTrade;
    const journal = [inJournal(split), inJournal(stillOpen!)];

    const latest = planImport(exportOf(EXPIRED_2, BOUGHT_BACK_1, SOLD_3), journal);
    const middle = planImport(exportOf(BOUGHT_BACK_1, SOLD_3), journal);
    const oldest = planImport(exportOf(SOLD_3), journal);

    expect(latest.update).toMatchObject([{ current: { trade_id: stillOpen!.trade_id }, split: false }]);
    expect(latest.skip.map((s) => s.trade_id)).toEqual([split.trade_id]);
    expect(latest.add).toEqual([]);
    expect(middle).toMatchObject({ add: [], update: [] });
    expect(middle.skip).toHaveLength(2);
    expect(oldest).toMatchObject({ add: [], update: [], skip: [{ trade_id: split.trade_id }] });
  });
});
