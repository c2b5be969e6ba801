import { describe, expect, it } from 'vitest';
import { countActiveFilters, minimumIvRank, scanFiltersSchema } from '@shared/options/scan-filters';

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
    ).toBe(5);
    expect(countActiveFilters(scanFiltersSchema.parse({ ivRank: 50, ivRankMin: 30, ivRankMax: 90 }))).toBe(2);
  });
});
