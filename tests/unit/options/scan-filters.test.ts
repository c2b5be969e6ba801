import { describe, expect, it } from 'vitest';
import {
  countActiveFilters,
  excludesEarnings,
  maxResultsPerStrategy,
  maxResultsPerTicker,
  minimumDte,
  minimumIvRank,
  scanFiltersSchema,
  screeningIvRank,
} from '@shared/options/scan-filters';

/** The distinct fields named by the validation issues. */
const issuePaths = (input: unknown) => {
  const issues = scanFiltersSchema.safeParse(input).error?.issues ?? [];
  return [...new Set(issues.map((issue) => issue.path.join('.')))];
};

describe('scanFiltersSchema', () => {
  it('accepts the spec body and fills the defaults', () => {
    expect(scanFiltersSchema.parse({ ticker: 'aapl', strategy: 'all', ivRank: 30, expiration: '' })).toEqual({
      ticker: 'AAPL',
      strategy: 'all',
      ivRank: 30,
      expiration: undefined,
      sortBy: 'edgeScore',
      sortDir: 'desc',
      limit: 50,
    });
  });

  it.each([
    [{ ivRank: 101 }, 'ivRank'],
    [{ ivRankMax: -1 }, 'ivRankMax'],
    [{ ivMin: -0.1 }, 'ivMin'],
    [{ deltaMin: -2 }, 'deltaMin'],
    [{ minVolume: 1.5 }, 'minVolume'],
    [{ minOpenInterest: -3 }, 'minOpenInterest'],
    [{ maxSpreadPct: 0 }, 'maxSpreadPct'],
    [{ moneyness: 'deep' }, 'moneyness'],
    [{ minProbabilityOfProfit: 70 }, 'minProbabilityOfProfit'],
    [{ minEdgeScore: 120 }, 'minEdgeScore'],
    [{ maxCapital: 0 }, 'maxCapital'],
    [{ sector: 'Crypto' }, 'sector'],
    [{ excludeEarnings: 'yes' }, 'excludeEarnings'],
    [{ sortBy: 'colour' }, 'sortBy'],
    [{ limit: 0 }, 'limit'],
    [{ limit: 501 }, 'limit'],
    [{ maxPerStrategy: 0 }, 'maxPerStrategy'],
    [{ expiration: '2026-13-01' }, 'expiration'],
    [{ strategy: 'wheel' }, 'strategy'],
    [{ ticker: 'A1' }, 'ticker'],
  ])('rejects %j naming %s', (input, field) => {
    expect(issuePaths({ ivRank: 0, ...input })).toEqual([field]);
  });

  it.each([
    [{ ivRankMin: 70, ivRankMax: 40 }, 'ivRankMax'],
    [{ ivMin: 0.5, ivMax: 0.2 }, 'ivMax'],
    [{ dteMin: 60, dteMax: 30 }, 'dteMax'],
    [{ deltaMin: 0.5, deltaMax: 0.1 }, 'deltaMax'],
    [{ premiumMin: 5, premiumMax: 1 }, 'premiumMax'],
    [{ priceMin: 100, priceMax: 10 }, 'priceMax'],
  ])('rejects the min above the max in %j, naming %s', (input, field) => {
    expect(issuePaths({ ivRank: 0, ...input })).toEqual([field]);
  });

  it("treats the spec's ivRank as the minimum IV rank, checked against ivRankMax", () => {
    expect(issuePaths({ ivRank: 60, ivRankMax: 40 })).toEqual(['ivRankMax']);
    expect(minimumIvRank(scanFiltersSchema.parse({ ivRank: 60 }))).toBe(60);
    expect(minimumIvRank(scanFiltersSchema.parse({ ivRank: 60, ivRankMin: 20 }))).toBe(20);
  });

  it('rejects unknown fields', () => {
    expect(issuePaths({ ivRank: 0, minVolumes: 5 })).toEqual(['']);
  });
});

describe('countActiveFilters', () => {
  it('counts the fields that narrow the scan, not sorting, the limit or neutral values', () => {
    expect(
      countActiveFilters(scanFiltersSchema.parse({ ivRank: 0, strategy: 'all', sortBy: 'iv', limit: 10 })),
    ).toBe(0);
    expect(countActiveFilters(scanFiltersSchema.parse({}))).toBe(1); // the default IV rank 50
    expect(
      countActiveFilters(
        scanFiltersSchema.parse({
          ticker: 'SPY',
          strategy: 'straddle',
          ivRank: 40,
          expiration: '2026-06-18',
          minVolume: 10,
          excludeEarnings: false,
        }),
      ),
    ).toBe(4); // ticker, strategy, expiration, minVolume: with a ticker the IV rank slider does not screen
    expect(countActiveFilters(scanFiltersSchema.parse({ ticker: 'SPY', excludeEarnings: true }))).toBe(2);
    expect(countActiveFilters(scanFiltersSchema.parse({ ivRank: 0, excludeEarnings: true }))).toBe(0); // the default
    expect(
      countActiveFilters(scanFiltersSchema.parse({ ivRank: 0, maxPerStrategy: 3, maxPerTicker: 2 })),
    ).toBe(0);
    expect(countActiveFilters(scanFiltersSchema.parse({ ivRank: 50, ivRankMin: 30, ivRankMax: 90 }))).toBe(2);
  });
});

describe('the scan defaults', () => {
  it('screens by the IV rank slider only without a ticker; an explicit ivRankMin screens a ticker too', () => {
    expect(screeningIvRank(scanFiltersSchema.parse({ ivRank: 50 }))).toBe(50);
    expect(screeningIvRank(scanFiltersSchema.parse({ ivRank: 50, ticker: 'AAPL' }))).toBe(0);
    expect(screeningIvRank(scanFiltersSchema.parse({ ivRank: 50, ticker: 'AAPL', ivRankMin: 30 }))).toBe(30);
  });

  it('asks for at least 1 day to expiry unless dteMin says otherwise', () => {
    expect(minimumDte(scanFiltersSchema.parse({}))).toBe(1);
    expect(minimumDte(scanFiltersSchema.parse({ dteMin: 0 }))).toBe(0);
  });

  it('leaves out positions spanning earnings without a ticker, keeps them for a ticker, unless told', () => {
    expect(excludesEarnings(scanFiltersSchema.parse({}))).toBe(true);
    expect(excludesEarnings(scanFiltersSchema.parse({ ticker: 'AAPL' }))).toBe(false);
    expect(excludesEarnings(scanFiltersSchema.parse({ excludeEarnings: false }))).toBe(false);
    expect(excludesEarnings(scanFiltersSchema.parse({ ticker: 'AAPL', excludeEarnings: true }))).toBe(true);
  });

  it('caps strategies when scanning all of them and tickers when scanning all of them', () => {
    expect(maxResultsPerStrategy(scanFiltersSchema.parse({}))).toBe(10);
    expect(maxResultsPerStrategy(scanFiltersSchema.parse({ strategy: 'straddle' }))).toBe(50);
    expect(maxResultsPerStrategy(scanFiltersSchema.parse({ maxPerStrategy: 3 }))).toBe(3);
    expect(maxResultsPerTicker(scanFiltersSchema.parse({}))).toBe(5);
    expect(maxResultsPerTicker(scanFiltersSchema.parse({ ticker: 'SPY' }))).toBe(50);
  });
});
