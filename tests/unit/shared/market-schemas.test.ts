import { describe, expect, it } from 'vitest';
import {
  marketDataInput,
  marketSummarySchema,
  newsItemSchema,
  quoteSchema,
  scannerFilterSchema,
  scanResultSchema,
} from '@shared/market/schemas';

const firstPath = (result: { error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues[0]?.path;

describe('marketDataInput', () => {
  it('upper-cases and trims symbols', () => {
    expect(marketDataInput.parse({ symbols: [' spy', 'brk.b'], type: 'dashboard' })).toEqual({
      symbols: ['SPY', 'BRK.B'],
      type: 'dashboard',
    });
  });

  it('accepts 50 symbols and rejects 51 or none', () => {
    const symbols = (n: number) => Array.from({ length: n }, () => 'AAPL');
    expect(marketDataInput.safeParse({ symbols: symbols(50), type: 'ticker' }).success).toBe(true);
    expect(firstPath(marketDataInput.safeParse({ symbols: symbols(51), type: 'ticker' }))).toEqual([
      'symbols',
    ]);
    expect(firstPath(marketDataInput.safeParse({ symbols: [], type: 'ticker' }))).toEqual(['symbols']);
  });

  it('names the bad symbol and the bad type', () => {
    expect(firstPath(marketDataInput.safeParse({ symbols: ['SPY', '$$$'], type: 'ticker' }))).toEqual([
      'symbols',
      1,
    ]);
    expect(firstPath(marketDataInput.safeParse({ symbols: ['SPY'], type: 'options' }))).toEqual(['type']);
  });
});

describe('scannerFilterSchema', () => {
  it('defaults IV rank to 50 and treats empty ticker and expiration as not set', () => {
    const parsed = scannerFilterSchema.parse({ ticker: '', expiration: '' });
    expect(parsed.ivRank).toBe(50);
    expect(parsed.ticker).toBeUndefined();
    expect(parsed.expiration).toBeUndefined();
    expect(parsed.strategy).toBeUndefined();
  });

  it('upper-cases the ticker and keeps strategy and expiration', () => {
    expect(
      scannerFilterSchema.parse({
        ticker: 'tsla',
        strategy: 'iron-condor',
        ivRank: 0,
        expiration: '2025-06-20',
      }),
    ).toEqual({ ticker: 'TSLA', strategy: 'iron-condor', ivRank: 0, expiration: '2025-06-20' });
    expect(scannerFilterSchema.parse({ strategy: 'all', ivRank: 100 }).strategy).toBe('all');
  });

  it.each([
    [{ ivRank: 101 }, 'ivRank'],
    [{ ivRank: -1 }, 'ivRank'],
    [{ strategy: 'calendar', ivRank: 50 }, 'strategy'],
    [{ expiration: '2025-02-30', ivRank: 50 }, 'expiration'],
    [{ expiration: '06/20/2025', ivRank: 50 }, 'expiration'],
    [{ ticker: 'TOOLONGTICKER', ivRank: 50 }, 'ticker'],
  ])('rejects %j at %s', (input, field) => {
    expect(firstPath(scannerFilterSchema.safeParse(input))).toEqual([field]);
  });
});

describe('scanResultSchema', () => {
  const row = {
    ticker: 'AAPL',
    strategy: 'long-call',
    strike: 230,
    lastPrice: 4.15,
    iv: 0.325,
    delta: 0.52,
    theta: -0.08,
    volume: 12000,
    edgeScore: 84,
  };

  it('accepts a row', () => {
    expect(scanResultSchema.parse(row)).toEqual(row);
  });

  it("rejects an edge score over 100, a delta over 1 and 'all' as a result strategy", () => {
    expect(firstPath(scanResultSchema.safeParse({ ...row, edgeScore: 101 }))).toEqual(['edgeScore']);
    expect(firstPath(scanResultSchema.safeParse({ ...row, delta: 1.2 }))).toEqual(['delta']);
    expect(firstPath(scanResultSchema.safeParse({ ...row, strategy: 'all' }))).toEqual(['strategy']);
  });
});

describe('quote, news and summary', () => {
  const news = {
    id: 'n1',
    title: 'Fed holds rates',
    summary: 'No change.',
    impact: 'high',
    category: 'fed',
    tickers: ['SPY'],
    timestamp: '2025-03-10T13:00:00.000Z',
    sentiment: 'neutral',
    tradingImplication: 'Expect lower IV.',
    sourceUrl: 'https://example.com/fed',
    sourceName: 'Example Wire',
    provider: 'simulated',
  };

  it('accepts a quote with and without market cap', () => {
    const quote = {
      symbol: 'AAPL',
      name: 'Apple Inc.',
      price: '227.48',
      change: '+1.25',
      changePercent: '+0.55%',
      isPositive: true,
      volume: '48.2M',
      timestamp: '2025-03-10T15:00:00.000Z',
    };
    expect(quoteSchema.parse(quote)).toEqual(quote);
    expect(quoteSchema.parse({ ...quote, marketCap: '3.4T' }).marketCap).toBe('3.4T');
    expect(firstPath(quoteSchema.safeParse({ ...quote, price: 227.48 }))).toEqual(['price']);
  });

  it('accepts a news item and rejects a bad impact or URL', () => {
    expect(newsItemSchema.parse(news)).toEqual(news);
    expect(firstPath(newsItemSchema.safeParse({ ...news, impact: 'extreme' }))).toEqual(['impact']);
    expect(firstPath(newsItemSchema.safeParse({ ...news, sourceUrl: 'not a url' }))).toEqual(['sourceUrl']);
    expect(newsItemSchema.parse({ ...news, provider: 'polygon' }).provider).toBe('polygon');
    expect(firstPath(newsItemSchema.safeParse({ ...news, provider: 'reuters' }))).toEqual(['provider']);
  });

  it('accepts a market summary', () => {
    const summary = {
      overview: { futuresDirection: 'up', vixLevel: 18.4, sectorRotation: 'Tech', volatilityOutlook: 'Low' },
      levels: {
        SPY: { support: 441, current: 450, resistance: 459 },
        QQQ: { support: 372.4, current: 380, resistance: 387.6 },
      },
      news: [news],
      updatedAt: '2025-03-10T15:00:00.000Z',
      source: 'simulated',
    };
    expect(marketSummarySchema.parse(summary)).toEqual(summary);
    expect(
      firstPath(
        marketSummarySchema.safeParse({
          ...summary,
          overview: { ...summary.overview, futuresDirection: 'sideways' },
        }),
      ),
    ).toEqual(['overview', 'futuresDirection']);
  });
});
