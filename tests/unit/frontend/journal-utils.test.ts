/** The journal page's pure parts: form parsing on the shared schemas, day/instant conversion, grids, the curve. */
import { describe, expect, it } from 'vitest';
import { type Trade } from '@shared/trades/schemas';
import {
  equityCurveSeries,
  equitySummary,
  previousDay,
} from '../../../frontend/src/features/journal/utils/equity-curve';
import {
  activeFilterCount,
  parseFilterForm,
  emptyFilterForm,
} from '../../../frontend/src/features/journal/utils/filters';
import { formatPnl, localDay } from '../../../frontend/src/features/journal/utils/format';
import { rowErrorsFromDetails } from '../../../frontend/src/features/journal/utils/import-errors';
import { monthlyGrid } from '../../../frontend/src/features/journal/utils/monthly-grid';
import { dayToInstant } from '../../../frontend/src/features/journal/utils/trade-dates';
import {
  emptyTradeForm,
  errorsFromDetails,
  parseCloseForm,
  parseCreateForm,
  parseUpdateForm,
  tradeToForm,
} from '../../../frontend/src/features/journal/utils/trade-form';

const NOW = new Date('2026-03-10T15:30:00.000Z');

const trade: Trade = {
  trade_id: 't-1',
  user_id: 'u',
  ticker: 'SPY',
  strategy: 'Iron Condor',
  side: 'credit',
  quantity: 2,
  entry_price: 1.2,
  exit_price: null,
  fees: 1.3,
  notes: 'first',
  tags: ['income'],
  source: 'manual',
  source_ref: null,
  legs: null,
  edge_score: null,
  expected_return: null,
  opened_at: '2026-03-02T15:00:00.000Z',
  closed_at: null,
  created_at: '2026-03-02T15:00:00.000Z',
  updated_at: '2026-03-02T15:00:00.000Z',
  pnl: null,
};

describe('days and instants', () => {
  it('reads a past day back as the same local day, opening at noon and closing at its last minute', () => {
    const opened = dayToInstant('2026-01-15', 'open', NOW)!;
    const closed = dayToInstant('2026-01-15', 'close', NOW)!;
    expect(localDay(opened)).toBe('2026-01-15');
    expect(localDay(closed)).toBe('2026-01-15');
    expect(closed > opened).toBe(true);
  });

  it('makes today now, and refuses what is not a day', () => {
    expect(dayToInstant(localDay(NOW), 'open', NOW)).toBe(NOW.toISOString());
    expect(dayToInstant('15/01/2026', 'open', NOW)).toBeNull();
  });

  it('steps back a day across months and years', () => {
    expect(previousDay('2026-03-01')).toBe('2026-02-28');
    expect(previousDay('2024-03-01')).toBe('2024-02-29');
    expect(previousDay('2026-01-01')).toBe('2025-12-31');
  });
});

describe('the Add Trade form', () => {
  it('sends the spec fields with the shared defaults, ticker upper-cased, exit empty as open', () => {
    const result = parseCreateForm(
      { ...emptyTradeForm, ticker: ' aapl ', strategy: 'Long Call', entry_price: '2.35', tags: 'a, b,,a' },
      NOW,
    );
    expect(result).toEqual({
      ok: true,
      input: expect.objectContaining({
        ticker: 'AAPL',
        strategy: 'Long Call',
        entry_price: 2.35,
        exit_price: null,
        side: 'debit',
        quantity: 1,
        fees: 0,
        tags: ['a', 'b'],
        notes: '',
      }),
    });
  });

  it('names each bad field', () => {
    const result = parseCreateForm(
      {
        ...emptyTradeForm,
        ticker: '',
        strategy: '',
        entry_price: '',
        quantity: '1.5',
        fees: '-1',
        exit_price: 'x',
      },
      NOW,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toMatchObject({
      ticker: 'Enter a ticker',
      strategy: 'Choose a strategy',
      entry_price: 'Enter the entry price',
      quantity: 'Must be a whole number',
      fees: 'Must be 0 or more',
    });
    expect(result.errors.exit_price).toBeTruthy();
  });

  it('refuses a close date on an open trade and one before the open date', () => {
    const base = { ...emptyTradeForm, ticker: 'SPY', strategy: 'Straddle', entry_price: '3' };
    const open = parseCreateForm({ ...base, opened_on: '2026-03-05', closed_on: '2026-03-01' }, NOW);
    // Without an exit price the close date is ignored: the trade is open.
    expect(open.ok).toBe(true);
    const closed = parseCreateForm(
      { ...base, exit_price: '4', opened_on: '2026-03-05', closed_on: '2026-03-01' },
      NOW,
    );
    expect(closed).toEqual({ ok: false, errors: { closed_on: 'A trade cannot close before it opened' } });
  });
});

describe('the Edit and Close forms', () => {
  it('round-trips a trade through the form unchanged, and sends only what changed', () => {
    const form = tradeToForm(trade);
    expect(parseUpdateForm(form, trade, NOW)).toEqual({ ok: false, errors: { form: 'Nothing has changed' } });
    expect(parseUpdateForm({ ...form, fees: '2', tags: 'income, weekly' }, trade, NOW)).toEqual({
      ok: true,
      input: { fees: 2, tags: ['income', 'weekly'] },
    });
  });

  it('closes with an exit price (close date left to the server) and reopens with an empty one', () => {
    const closedForm = { ...tradeToForm(trade), exit_price: '0.4' };
    expect(parseUpdateForm(closedForm, trade, NOW)).toEqual({ ok: true, input: { exit_price: 0.4 } });
    const closedTrade = { ...trade, exit_price: 0.4, closed_at: '2026-03-04T15:00:00.000Z' };
    expect(parseUpdateForm({ ...tradeToForm(closedTrade), exit_price: '' }, closedTrade, NOW)).toEqual({
      ok: true,
      input: { exit_price: null },
    });
  });

  it('checks a close day against the trade open date', () => {
    expect(parseCloseForm({ exit_price: '', closed_on: '' }, trade, NOW)).toEqual({
      ok: false,
      errors: { exit_price: 'Enter the exit price' },
    });
    expect(parseCloseForm({ exit_price: '0.5', closed_on: '2026-03-01' }, trade, NOW)).toEqual({
      ok: false,
      errors: { closed_on: 'A trade cannot close before it opened' },
    });
    const sameDay = parseCloseForm({ exit_price: '0.5', closed_on: localDay(trade.opened_at) }, trade, NOW);
    expect(sameDay.ok).toBe(true);
  });

  it('maps server details to fields, and what it cannot place to the form', () => {
    expect(
      errorsFromDetails([
        { path: 'opened_at', message: 'Too early' },
        { path: 'tags.2', message: 'Too long' },
        { path: '', message: 'Nothing to update' },
      ]),
    ).toEqual({ opened_on: 'Too early', tags: 'Too long', form: 'Nothing to update' });
    expect(errorsFromDetails('nope')).toEqual({});
  });
});

describe('filters', () => {
  it('leaves blanks out, adds the time zone, and names bad values by field', () => {
    const ok = parseFilterForm({ ...emptyFilterForm, ticker: 'spy', status: 'open' }, 'America/New_York');
    expect(ok).toEqual({ ok: true, filters: { ticker: 'SPY', status: 'open', tz: 'America/New_York' } });
    if (ok.ok) expect(activeFilterCount(ok.filters)).toBe(2);
    expect(parseFilterForm({ ...emptyFilterForm, from: '2026-03-05', to: '2026-03-01' }, 'UTC')).toEqual({
      ok: false,
      errors: { to: 'The end date is before the start date' },
    });
    const bad = parseFilterForm({ ...emptyFilterForm, ticker: 'SP Y' }, 'UTC');
    expect(bad.ok).toBe(false);
  });
});

describe('analytics helpers', () => {
  it('lays the months out a year per row, newest year first, coloured by share of the largest month', () => {
    const grid = monthlyGrid([
      { month: '2025-11', pnl: -400, trades: 2 },
      { month: '2026-01', pnl: 100, trades: 1 },
      { month: '2026-02', pnl: 0, trades: 1 },
    ]);
    expect(grid.map((row) => row.year)).toEqual([2026, 2025]);
    expect(grid[0]!.months).toHaveLength(12);
    expect(grid[0]!.total).toBe(100);
    expect(grid[0]!.months[0]).toMatchObject({ month: '2026-01', pnl: 100, intensity: 1 });
    expect(grid[0]!.months[1]).toMatchObject({ pnl: 0, intensity: 0 });
    expect(grid[0]!.months[2]).toMatchObject({ pnl: null, trades: 0 });
    expect(grid[1]!.months[10]).toMatchObject({ pnl: -400, intensity: 4 });
    expect(monthlyGrid([])).toEqual([]);
  });

  it('starts the curve at 0 the day before the first close, and summarises it', () => {
    const points = [
      { date: '2026-03-02', pnl: 80, equity: 80 },
      { date: '2026-03-05', pnl: -130, equity: -50 },
      { date: '2026-03-09', pnl: 200, equity: 150 },
    ];
    expect(equityCurveSeries(points)).toEqual([
      { time: '2026-03-01', value: 0 },
      { time: '2026-03-02', value: 80 },
      { time: '2026-03-05', value: -50 },
      { time: '2026-03-09', value: 150 },
    ]);
    expect(equitySummary(points)).toEqual({
      first: '2026-03-02',
      last: '2026-03-09',
      days: 3,
      final: 150,
      peak: 150,
      trough: -50,
    });
    expect(equityCurveSeries([])).toEqual([]);
  });

  it('reads row errors from a refused import, and nothing from other details', () => {
    const details = [{ line: 3, field: 'Entry Price', message: 'Must be a number' }];
    expect(rowErrorsFromDetails(details)).toEqual(details);
    expect(rowErrorsFromDetails([{ path: 'x', message: 'y' }])).toEqual([]);
  });

  it('signs P&L and never shows minus zero', () => {
    expect(formatPnl(80)).toBe('+$80.00');
    expect(formatPnl(-42.5)).toBe('-$42.50');
    expect(formatPnl(-0.001)).toBe('$0.00');
  });
});
