import { describe, expect, it } from 'vitest';
import { createTradeInput, tradeListQuery, tradeSchema, updateTradeInput } from '@shared/trades/schemas';

function issuePaths(result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) {
  return result.error?.issues.map((issue) => issue.path.join('.')) ?? [];
}

describe('createTradeInput', () => {
  it('accepts a minimal trade, upper-cases the ticker and fills the defaults', () => {
    expect(createTradeInput.parse({ ticker: ' aapl ', strategy: 'Long Call', entry_price: 2.35 })).toEqual({
      ticker: 'AAPL',
      strategy: 'Long Call',
      entry_price: 2.35,
      exit_price: null,
      notes: '',
      side: 'debit',
      quantity: 1,
      fees: 0,
      tags: [],
      source: 'manual',
      source_ref: null,
      legs: null,
      edge_score: null,
      expected_return: null,
    });
  });

  it('takes side, quantity, fees, tags (trimmed, de-duplicated) and dates', () => {
    expect(
      createTradeInput.parse({
        ticker: 'SPY',
        strategy: 'Iron Condor',
        entry_price: 1.2,
        side: 'credit',
        quantity: 3,
        fees: 7.8,
        tags: [' income ', 'INCOME', 'weekly'],
        opened_at: '2025-03-10T09:30:00-04:00',
      }),
    ).toMatchObject({
      side: 'credit',
      quantity: 3,
      fees: 7.8,
      tags: ['income', 'weekly'],
      opened_at: '2025-03-10T13:30:00.000Z',
    });
  });

  it('accepts a closed trade with notes, dots and hyphens in the ticker and a 0 price', () => {
    const parsed = createTradeInput.parse({
      ticker: 'brk.b',
      strategy: 'Iron Condor',
      entry_price: 0,
      exit_price: 1.2,
      notes: '  earnings play ',
    });
    expect(parsed).toMatchObject({ ticker: 'BRK.B', exit_price: 1.2, notes: 'earnings play' });
    expect(createTradeInput.parse({ ticker: 'BF-B', strategy: 'Collar', entry_price: 1 }).ticker).toBe(
      'BF-B',
    );
  });

  it('keeps an explicit null exit price (an open trade)', () => {
    expect(
      createTradeInput.parse({ ticker: 'SPY', strategy: 'Straddle', entry_price: 4, exit_price: null })
        .exit_price,
    ).toBeNull();
  });

  it.each([
    [{ strategy: 'Long Call', entry_price: 1 }, 'ticker'],
    [{ ticker: '   ', strategy: 'Long Call', entry_price: 1 }, 'ticker'],
    [{ ticker: 'AAPL1', strategy: 'Long Call', entry_price: 1 }, 'ticker'],
    [{ ticker: 'ABCDEFGHIJK', strategy: 'Long Call', entry_price: 1 }, 'ticker'],
    [{ ticker: 'AAPL', entry_price: 1 }, 'strategy'],
    [{ ticker: 'AAPL', strategy: 'Yolo', entry_price: 1 }, 'strategy'],
    [{ ticker: 'AAPL', strategy: 'Long Call' }, 'entry_price'],
    [{ ticker: 'AAPL', strategy: 'Long Call', entry_price: -0.01 }, 'entry_price'],
    [{ ticker: 'AAPL', strategy: 'Long Call', entry_price: '2.5' }, 'entry_price'],
    [{ ticker: 'AAPL', strategy: 'Long Call', entry_price: Infinity }, 'entry_price'],
    [{ ticker: 'AAPL', strategy: 'Long Call', entry_price: 1, exit_price: -1 }, 'exit_price'],
    [{ ticker: 'AAPL', strategy: 'Long Call', entry_price: 1, notes: 'x'.repeat(2001) }, 'notes'],
    [{ ticker: 'AAPL', strategy: 'Long Call', entry_price: 1.005 }, 'entry_price'],
    [{ ticker: 'AAPL', strategy: 'Long Call', entry_price: 1, fees: 0.001 }, 'fees'],
    [{ ticker: 'AAPL', strategy: 'Long Call', entry_price: 1, quantity: 1.5 }, 'quantity'],
    [{ ticker: 'AAPL', strategy: 'Long Call', entry_price: 1, side: 'short' }, 'side'],
    [{ ticker: 'AAPL', strategy: 'Long Call', entry_price: 1, tags: ['a', ''] }, 'tags.1'],
    [{ ticker: 'AAPL', strategy: 'Long Call', entry_price: 1, tags: ['a,b'] }, 'tags.0'],
    [{ ticker: 'AAPL', strategy: 'Long Call', entry_price: 1, tags: Array(11).fill('t') }, 'tags'],
    [{ ticker: 'AAPL', strategy: 'Long Call', entry_price: 1, source: 'rumour' }, 'source'],
    [{ ticker: 'AAPL', strategy: 'Long Call', entry_price: 1, opened_at: 'yesterday' }, 'opened_at'],
    [
      { ticker: 'AAPL', strategy: 'Long Call', entry_price: 1, closed_at: '2025-01-01T00:00:00Z' },
      'closed_at',
    ],
  ])('rejects %j at %s', (input, field) => {
    expect(issuePaths(createTradeInput.safeParse(input))).toEqual([field]);
  });

  it('accepts notes of exactly 2000 characters', () => {
    const input = { ticker: 'AAPL', strategy: 'Long Put', entry_price: 1, notes: 'x'.repeat(2000) };
    expect(createTradeInput.safeParse(input).success).toBe(true);
  });

  it('rejects fields it does not know (user_id cannot be smuggled in)', () => {
    const result = createTradeInput.safeParse({
      ticker: 'AAPL',
      strategy: 'Long Call',
      entry_price: 1,
      user_id: 'someone-else',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['user_id'] });
  });
});

describe('numbers and dates at the edges (issue 19: each reached DynamoDB and answered 500)', () => {
  const trade = { ticker: 'AAPL', strategy: 'Long Call', entry_price: 1 };
  const leg = {
    kind: 'call',
    side: 'long',
    quantity: 1,
    strike: 100,
    expiration: '2026-01-16',
    premium: 1.25,
  };
  const withLeg = (change: Record<string, unknown>) => ({ ...trade, legs: [{ ...leg, ...change }] });

  it.each([
    // DynamoDB's smallest magnitude is 1e-130; 5e-324 underflowed, and slipped under the old
    // absolute tolerance of the 2-decimal rule, as 1e-9 did.
    [{ ...trade, entry_price: 5e-324 }, 'entry_price'],
    [{ ...trade, entry_price: 1e-131 }, 'entry_price'],
    [{ ...trade, entry_price: 1e-9 }, 'entry_price'],
    [{ ...trade, exit_price: 1e-9 }, 'exit_price'],
    [{ ...trade, fees: 5e-324 }, 'fees'],
    [{ ...trade, entry_price: 1e200 }, 'entry_price'],
    [{ ...trade, entry_price: 1_000_000.01 }, 'entry_price'],
    [{ ...trade, quantity: 100_001 }, 'quantity'],
    [{ ...trade, quantity: 2 ** 53 + 2 }, 'quantity'],
    [withLeg({ strike: 1e200 }), 'legs.0.strike'],
    [withLeg({ strike: 5e-324 }), 'legs.0.strike'],
    [withLeg({ strike: 1e-9 }), 'legs.0.strike'],
    [withLeg({ strike: 0 }), 'legs.0.strike'],
    [withLeg({ strike: 100.0005 }), 'legs.0.strike'],
    [withLeg({ premium: 1e-9 }), 'legs.0.premium'],
    [withLeg({ premium: 1e126 }), 'legs.0.premium'],
    [withLeg({ quantity: 1e200 }), 'legs.0.quantity'],
    [withLeg({ quantity: 0.5 }), 'legs.0.quantity'],
    [withLeg({ expiration: '0000-01-01' }), 'legs.0.expiration'],
    [withLeg({ expiration: '1899-12-31' }), 'legs.0.expiration'],
    [withLeg({ expiration: '2201-01-01' }), 'legs.0.expiration'],
    [{ ...trade, opened_at: '0000-01-01T00:00:00Z' }, 'opened_at'],
    [{ ...trade, opened_at: '1899-12-31T23:59:59Z' }, 'opened_at'],
    [{ ...trade, exit_price: 2, closed_at: '+275760-09-13T00:00:00Z' }, 'closed_at'],
  ])('refuses %j at %s, with one issue', (input, field) => {
    expect(issuePaths(createTradeInput.safeParse(input))).toEqual([field]);
  });

  it.each([
    [{ ...trade, entry_price: 0.1 + 0.2 }],
    [{ ...trade, entry_price: 1_000_000, fees: 0, exit_price: 0 }],
    [{ ...trade, quantity: 100_000 }],
    [{ ...trade, opened_at: '1900-01-01T00:00:00Z' }],
    [withLeg({ strike: 0.001, premium: 0.0001, expiration: '1900-01-01' })],
    [withLeg({ strike: 1_000_000, premium: 1_000_000, expiration: '2200-12-31' })],
    [withLeg({ kind: 'stock', strike: null, expiration: null })],
  ])('accepts %j (the ranges are inclusive; float noise is not a third decimal)', (input) => {
    expect(createTradeInput.safeParse(input).error?.issues ?? []).toEqual([]);
  });

  it('holds the same ranges on an edit and on the filters', () => {
    expect(issuePaths(updateTradeInput.safeParse({ exit_price: 5e-324 }))).toEqual(['exit_price']);
    expect(issuePaths(updateTradeInput.safeParse({ opened_at: '0000-01-01T00:00:00Z' }))).toEqual([
      'opened_at',
    ]);
    expect(tradeListQuery.safeParse({ from: '0000-01-01' }).success).toBe(false);
    expect(tradeListQuery.safeParse({ to: '2201-01-01' }).success).toBe(false);
    expect(tradeListQuery.safeParse({ from: '1900-01-01', to: '2200-12-31' }).success).toBe(true);
  });
});

describe('updateTradeInput', () => {
  it('accepts a single field, e.g. closing a trade', () => {
    expect(updateTradeInput.parse({ exit_price: 3.4 })).toEqual({ exit_price: 3.4 });
  });

  it('does not fill defaults for fields left out', () => {
    expect(updateTradeInput.parse({ ticker: 'msft' })).toEqual({ ticker: 'MSFT' });
  });

  it('rejects an empty update and bad fields', () => {
    expect(updateTradeInput.safeParse({}).success).toBe(false);
    expect(issuePaths(updateTradeInput.safeParse({ entry_price: -5 }))).toEqual(['entry_price']);
    expect(issuePaths(updateTradeInput.safeParse({ strategy: 'Nope' }))).toEqual(['strategy']);
  });
});

describe('tradeSchema (stored row)', () => {
  const row = {
    trade_id: '01JNZ0000000000000000000',
    user_id: 'user-1',
    ticker: 'AAPL',
    strategy: 'Long Call',
    entry_price: 2.5,
    exit_price: null,
    notes: 'note',
    opened_at: '2025-03-10T12:00:00.000Z',
    created_at: '2025-03-10T12:00:00.000Z',
    updated_at: '2025-03-10T12:00:00.000Z',
    pnl: null,
  };

  it('reads a row written before side, quantity, fees, tags and source existed, with their defaults', () => {
    expect(tradeSchema.parse(row)).toEqual({
      ...row,
      side: 'debit',
      quantity: 1,
      fees: 0,
      tags: [],
      source: 'manual',
      source_ref: null,
      legs: null,
      edge_score: null,
      expected_return: null,
      closed_at: null,
    });
  });

  it('reads missing or null notes as an empty string', () => {
    const { notes: _notes, ...withoutNotes } = row;
    expect(tradeSchema.parse(withoutNotes).notes).toBe('');
    expect(tradeSchema.parse({ ...row, notes: null }).notes).toBe('');
  });

  it('rejects a row without a user or a trade date', () => {
    const { user_id: _user, opened_at: _opened, ...withoutUser } = row;
    expect(issuePaths(tradeSchema.safeParse(withoutUser))).toEqual(['user_id', 'opened_at']);
  });
});
