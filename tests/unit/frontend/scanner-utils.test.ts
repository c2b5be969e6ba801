import { describe, expect, it } from 'vitest';
import { type ScanResult } from '@shared/market/schemas';
import {
  defaultScanFormValues,
  errorsFromDetails,
  parseScanForm,
  relaxForm,
  toScanInput,
} from '../../../frontend/src/features/scanner/utils/filter-form';
import { payoffSeries } from '../../../frontend/src/features/scanner/utils/payoff-series';
import type { Position } from '@shared/options/strategies';
import { nextSort, sortResults } from '../../../frontend/src/features/scanner/utils/sort-results';
import { SCAN_CSV_COLUMNS, toScanCsv } from '../../../frontend/src/features/scanner/utils/to-scan-csv';
import { scanResult } from '../../fixtures/api-responses';

const row = (overrides: Partial<ScanResult>): ScanResult => ({
  ticker: 'SPY',
  strategy: 'long-call',
  strike: 580,
  lastPrice: 4.25,
  iv: 0.3256,
  delta: 0.51234,
  theta: -0.12345678,
  volume: 1200,
  edgeScore: 72,
  ...overrides,
});

describe('toScanCsv', () => {
  const result = (overrides: { ticker: string; edgeScore: number; iv?: number }) => scanResult(overrides);

  it('writes the spec columns, then the expiration, price type and legs, priced as the table', () => {
    const lines = toScanCsv([
      result({ ticker: 'SPY', edgeScore: 72 }),
      result({ ticker: 'QQQ', iv: 0.2, edgeScore: 55 }),
    ]).split('\r\n');

    expect(lines[0]).toBe(
      'Ticker,Strategy,Strike,Last Price,IV,Delta,Theta,Volume,Edge Score,Expiration,DTE,Price Type,Legs',
    );
    expect(SCAN_CSV_COLUMNS.slice(0, 9)).toEqual([
      'Ticker',
      'Strategy',
      'Strike',
      'Last Price',
      'IV',
      'Delta',
      'Theta',
      'Volume',
      'Edge Score',
    ]);
    // Last Price is the table's net (3.30 debit); each leg is written at its recorded fill.
    expect(lines[1]).toBe(
      'SPY,Long Call,100,3.30,32.6,0.52,-0.05,1500,72,2026-12-18,28,debit,Buy 1 SPY 100 call 2026-12-18 at 3.30',
    );
    expect(lines[2]).toBe(
      'QQQ,Long Call,100,3.30,20.0,0.52,-0.05,1500,55,2026-12-18,28,debit,Buy 1 QQQ 100 call 2026-12-18 at 3.30',
    );
    expect(lines[3]).toBe('');
  });

  it('quotes a field holding a comma or a quote and doubles its quotes', () => {
    const csv = toScanCsv([result({ ticker: 'A,B', edgeScore: 1 }), result({ ticker: 'C"D', edgeScore: 1 })]);
    expect(csv).toContain('\r\n"A,B",Long Call,');
    expect(csv).toContain('\r\n"C""D",Long Call,');
  });

  it('writes only the header for no results', () => {
    expect(toScanCsv([])).toBe(`${SCAN_CSV_COLUMNS.join(',')}\r\n`);
  });
});

describe('sortResults', () => {
  const results = [
    row({ ticker: 'B', edgeScore: 50 }),
    row({ ticker: 'A', edgeScore: 90 }),
    row({ ticker: 'C', edgeScore: 70 }),
  ];

  it('keeps the scan order without a sort and sorts numbers high to low on the first click', () => {
    expect(sortResults(results, null).map((r) => r.ticker)).toEqual(['B', 'A', 'C']);
    const sort = nextSort(null, 'edgeScore');
    expect(sort).toEqual({ column: 'edgeScore', direction: 'desc' });
    expect(sortResults(results, sort).map((r) => r.edgeScore)).toEqual([90, 70, 50]);
    expect(sortResults(results, nextSort(sort, 'edgeScore')).map((r) => r.edgeScore)).toEqual([50, 70, 90]);
  });

  it('sorts text A to Z on the first click', () => {
    expect(sortResults(results, nextSort(null, 'ticker')).map((r) => r.ticker)).toEqual(['A', 'B', 'C']);
  });
});

describe('the filter form', () => {
  it('leaves out an empty ticker and expiration, and upper-cases a ticker', () => {
    expect(toScanInput(defaultScanFormValues)).toEqual({
      strategy: 'all',
      ivRank: 50,
      sortBy: 'edgeScore',
      sortDir: 'desc',
    });
    expect(
      toScanInput({ ...defaultScanFormValues, ticker: ' spy ', expiration: '2026-12-18' }),
    ).toMatchObject({
      ticker: 'SPY',
      expiration: '2026-12-18',
    });
  });

  it('turns percent inputs into the fractions the API takes', () => {
    const input = toScanInput({
      ...defaultScanFormValues,
      numbers: { minProbabilityOfProfit: '60', ivMax: '45', minVolume: '500', dteMax: '' },
    });
    expect(input).toMatchObject({ minProbabilityOfProfit: 0.6, ivMax: 0.45, minVolume: 500 });
    expect(input).not.toHaveProperty('dteMax');
  });

  it('explains errors in the panel units, by field', () => {
    const result = parseScanForm({
      ...defaultScanFormValues,
      ticker: 'SP Y',
      numbers: { minProbabilityOfProfit: '150', minVolume: '1.5' },
    });
    expect(result).toEqual({
      success: false,
      errors: {
        ticker: 'Ticker must be 1-10 letters, dots or hyphens',
        minProbabilityOfProfit: 'Must be at most 100',
        minVolume: 'Enter a whole number',
      },
    });
    expect(parseScanForm({ ...defaultScanFormValues, numbers: { ivRankMax: '30' } })).toEqual({
      success: false,
      errors: { ivRankMax: 'Must not be below IV Rank' },
    });
  });

  it('reads the API details by field', () => {
    expect(errorsFromDetails([{ path: 'ivRank', message: 'Too big' }, { bogus: true }])).toEqual({
      ivRank: 'Too big',
    });
    expect(errorsFromDetails(undefined)).toEqual({});
  });
});

describe('the earnings choice and relaxing an empty scan', () => {
  it('sends excludeEarnings only when chosen, leaving the default to the server', () => {
    expect(toScanInput(defaultScanFormValues)).not.toHaveProperty('excludeEarnings');
    expect(toScanInput({ ...defaultScanFormValues, earnings: 'include' })).toMatchObject({
      excludeEarnings: false,
    });
    expect(toScanInput({ ...defaultScanFormValues, earnings: 'exclude' })).toMatchObject({
      excludeEarnings: true,
    });
  });

  it("applies the API's relaxation in the panel's units", () => {
    const values = {
      ...defaultScanFormValues,
      strategy: 'straddle' as const,
      numbers: { minProbabilityOfProfit: '95', minEdgeScore: '90' },
    };
    expect(relaxForm(values, { minProbabilityOfProfit: 0.912 }).numbers.minProbabilityOfProfit).toBe('91.2');
    expect(relaxForm(values, { minEdgeScore: null }).numbers).toEqual({ minProbabilityOfProfit: '95' });
    expect(relaxForm(values, { ivRank: 37 }).ivRank).toBe(37);
    expect(relaxForm(values, { excludeEarnings: false }).earnings).toBe('include');
    expect(relaxForm(values, { strategy: 'all' }).strategy).toBe('all');
    expect(relaxForm(values, { expiration: '2026-04-17' }).expiration).toBe('2026-04-17');
    expect(values.numbers.minEdgeScore).toBe('90'); // a copy
  });
});

describe('the payoff series', () => {
  it("includes every strike, so the curve's extremes are the position's max profit and loss", () => {
    const leg = (strike: number, side: 'long' | 'short', quantity: number, premium: number) => ({
      kind: 'call' as const,
      side,
      quantity,
      strike,
      expiration: '2026-12-18',
      years: 0.1,
      premium,
      bid: premium,
      ask: premium,
      iv: 0.3,
      delta: 0,
      gamma: 0,
      theta: 0,
      vega: 0,
      volume: 0,
      openInterest: 0,
    });
    // A butterfly 95/100/105 for a 2.00 debit: max profit 3.00 at exactly 100, max loss 2.00.
    const position: Position = {
      symbol: 'X',
      strategy: 'butterfly',
      spot: 100.37,
      rate: 0.0425,
      dividendYield: 0,
      asOf: '2026-11-20T21:00:00.000Z',
      expiration: '2026-12-18',
      years: 0.1,
      legs: [leg(95, 'long', 1, 6), leg(100.37 - 0.37, 'short', 2, 3), leg(105, 'long', 1, 2)],
    };
    const series = payoffSeries(position, 2.2, [96, 104], 7);
    expect(series.prices).toContain(100);
    expect(Math.max(...series.atExpiration)).toBeCloseTo(300, 9);
    expect(Math.min(...series.atExpiration)).toBeCloseTo(-200, 9);
  });
});
