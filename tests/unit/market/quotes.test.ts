import { describe, expect, it } from 'vitest';
import {
  CHAT_CHART_TICKERS,
  DAILY_SUMMARY_SYMBOLS,
  MARKET_OVERVIEW_SYMBOLS,
  PRESET_SEARCH_SYMBOLS,
  TICKER_BAR_SYMBOLS,
} from '@shared/constants/symbols';
import { quoteSchema } from '@shared/market/schemas';
import { UnknownSymbolError, quoteAt, simulatedMarket, underlyingAt } from '@shared/market/quotes';
import { UNIVERSE, unknownSymbols } from '@shared/market/universe';

const DURING_SESSION = new Date('2026-03-10T15:45:00Z'); // 11:45 New York
const cents = (text: string) => Math.round(Number(text) * 100);

describe('universe', () => {
  it('holds at least 100 stocks and ETFs, the VIX and DXY, and every symbol the spec quotes', () => {
    expect(UNIVERSE.filter((entry) => entry.kind !== 'index').length).toBeGreaterThanOrEqual(100);
    const spec = [
      ...PRESET_SEARCH_SYMBOLS,
      ...TICKER_BAR_SYMBOLS,
      ...DAILY_SUMMARY_SYMBOLS,
      ...MARKET_OVERVIEW_SYMBOLS,
      ...CHAT_CHART_TICKERS,
    ];
    expect(unknownSymbols(spec)).toEqual([]);
    expect(unknownSymbols(['AAPL', 'NOPE', 'msft', 'ZZZZ'])).toEqual(['NOPE', 'ZZZZ']);
  });

  it('has unique symbols and sane figures', () => {
    expect(new Set(UNIVERSE.map((entry) => entry.symbol)).size).toBe(UNIVERSE.length);
    for (const entry of UNIVERSE) {
      expect(entry.referencePrice).toBeGreaterThan(0);
      expect(entry.vol).toBeGreaterThan(0.03);
      expect(entry.vol).toBeLessThan(1.5);
    }
  });
});

describe('simulated quotes', () => {
  it('returns spec quotes, in the order asked', async () => {
    const quotes = await simulatedMarket.quotes(['SPY', 'AAPL', 'VIX'], DURING_SESSION);
    expect(quotes.map((quote) => quote.symbol)).toEqual(['SPY', 'AAPL', 'VIX']);
    for (const quote of quotes) expect(quoteSchema.parse(quote)).toEqual(quote);
    expect(quotes[1]!.marketCap).toMatch(/^\d+\.\d+[TBM]$/);
    expect(quotes[0]!.volume).toMatch(/^\d+(\.\d)?[KMB]?$/);
  });

  it('is a pure function of symbol and instant: the same price everywhere at the same moment', async () => {
    const [fromBar] = await simulatedMarket.quotes(['NVDA'], DURING_SESSION);
    const [fromOverview] = await simulatedMarket
      .quotes(['SPY', 'NVDA'], new Date(DURING_SESSION.getTime() + 20_000))
      .then((q) => q.slice(1));
    expect(fromOverview).toEqual(fromBar);
    expect(underlyingAt('NVDA', DURING_SESSION).spot.toFixed(2)).toBe(fromBar!.price);
  });

  it("has yesterday's close plus the change equal the price, with a consistent sign and percent", () => {
    for (const symbol of ['SPY', 'TSLA', 'VIX', 'DXY', 'PLUG']) {
      const quote = quoteAt(symbol, DURING_SESSION);
      const previousClose = underlyingAt(symbol, DURING_SESSION).previousClose;
      expect(cents(quote.price) - cents(quote.change)).toBe(Math.round(previousClose * 100));
      expect(quote.isPositive).toBe(!quote.change.startsWith('-'));
      expect(Number(quote.changePercent.replace('%', ''))).toBeCloseTo(
        (Number(quote.change) / (cents(quote.price) / 100 - Number(quote.change))) * 100,
        1,
      );
    }
  });

  it("carries one day's close into the next day's previous close", () => {
    const closeMonday = quoteAt('AAPL', new Date('2026-03-09T21:30:00Z'));
    const tuesday = underlyingAt('AAPL', DURING_SESSION);
    expect(Math.round(tuesday.previousClose * 100)).toBe(cents(closeMonday.price));
  });

  it('moves during the session and holds at the close outside it', () => {
    const a = quoteAt('AAPL', new Date('2026-03-10T15:00:00Z'));
    const b = quoteAt('AAPL', new Date('2026-03-10T18:00:00Z'));
    expect(a.price).not.toBe(b.price);
    const afterClose = quoteAt('AAPL', new Date('2026-03-10T22:00:00Z'));
    const nextMorning = quoteAt('AAPL', new Date('2026-03-11T12:00:00Z')); // 08:00, before the open
    const weekend = quoteAt('AAPL', new Date('2026-03-14T17:00:00Z'));
    expect(nextMorning).toEqual(afterClose);
    expect(afterClose.timestamp).toBe('2026-03-10T20:00:00.000Z');
    expect(weekend.timestamp).toBe('2026-03-13T20:00:00.000Z');
  });

  it('differs from day to day and accumulates volume over the session', () => {
    expect(quoteAt('MSFT', DURING_SESSION).price).not.toBe(
      quoteAt('MSFT', new Date('2026-03-11T15:45:00Z')).price,
    );
    const early = underlyingAt('MSFT', new Date('2026-03-10T14:00:00Z')).volume;
    const late = underlyingAt('MSFT', new Date('2026-03-10T19:00:00Z')).volume;
    expect(late).toBeGreaterThan(early);
  });

  it('rejects unknown symbols instead of inventing a company', async () => {
    await expect(simulatedMarket.quotes(['AAPL', 'NOPE'], DURING_SESSION)).rejects.toThrow(
      UnknownSymbolError,
    );
    await expect(simulatedMarket.underlying('NOPE', DURING_SESSION)).rejects.toMatchObject({
      symbols: ['NOPE'],
    });
  });

  it('gives every symbol a 252-day IV history with rank and percentile', async () => {
    const state = await simulatedMarket.underlying('AAPL', DURING_SESSION);
    expect(state.ivHistory).toHaveLength(252);
    expect(state.ivRank).toBeGreaterThanOrEqual(0);
    expect(state.ivRank).toBeLessThanOrEqual(100);
    expect(state.rate).toBe(0.0425);
    expect(state.nextEarnings! >= '2026-03-10').toBe(true);
  });
});
