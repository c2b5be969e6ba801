/**
 * GET /api/symbols' answers: the universe's matches always, and Polygon's ticker search on its
 * recorded `/v3/reference/tickers` page (polygon-io/client-python's mock, tests/fixtures/SOURCES.md:
 * Agilent `A` and Alcoa `AA`, neither in our universe) after them, marked not scannable; each
 * text's answer kept an hour; Polygon failing leaves the universe's matches and says why.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isKnownSymbol } from '@shared/market/universe';
import {
  mergeSymbolMatches,
  symbolSearchQuery,
  symbolSearchResponseSchema,
  universeMatches,
  SYMBOL_SEARCH_MAX_RESULTS,
} from '@shared/market/symbol-search';
import { FeedProviderError, type FetchJson } from '@shared/providers/feeds/feed-providers';
import {
  parsePolygonTickers,
  polygonTickersUrl,
  SymbolProviderError,
} from '@shared/providers/symbols/polygon-tickers';
import {
  configuredSymbolSearch,
  polygonSymbolSearch,
  SYMBOL_SEARCH_FRESH_MS,
  universeSymbolSearch,
} from '../../../lambdas/market/symbol-search';

const recorded: unknown = JSON.parse(
  readFileSync(
    new URL('../../fixtures/providers/polygon/reference-tickers.client-python.json', import.meta.url),
    'utf8',
  ),
);

describe('Polygon’s recorded ticker search', () => {
  it('lists Agilent and Alcoa, neither in our universe', () => {
    expect(parsePolygonTickers(recorded)).toEqual([
      { symbol: 'A', name: 'Agilent Technologies Inc.' },
      { symbol: 'AA', name: 'Alcoa Corporation' },
    ]);
    expect(isKnownSymbol('A') || isKnownSymbol('AA')).toBe(false);
  });

  it('says what is wrong with an error or another body, and leaves out what is not a ticker of ours (hand-written rows)', () => {
    expect(() => parsePolygonTickers({ status: 'ERROR', error: 'Unknown API Key' })).toThrow(
      new SymbolProviderError('said ERROR'),
    );
    expect(() => parsePolygonTickers({ results: 'no' })).toThrow(/not a ticker list/);
    expect(parsePolygonTickers({ status: 'OK', count: 0 })).toEqual([]);
    expect(
      parsePolygonTickers({
        status: 'OK',
        results: [
          { ticker: 'BRK/A', name: 'Berkshire' },
          { ticker: 'OLD', name: 'Delisted Co', active: false },
          { ticker: 'zm', name: ' Zoom Communications ' },
        ],
      }),
    ).toEqual([{ symbol: 'ZM', name: 'Zoom Communications' }]);
  });

  it('asks for active US stock tickers matching the text', () => {
    const url = new URL(polygonTickersUrl('https://polygon.test', 'agil ent', 10));
    expect(url.pathname).toBe('/v3/reference/tickers');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      search: 'agil ent',
      active: 'true',
      market: 'stocks',
      limit: '10',
    });
  });
});

describe('the answer', () => {
  it('takes a text of 1 to 40 characters, nothing else', () => {
    expect(symbolSearchQuery.parse({ q: ' apple ' })).toEqual({ q: 'apple' });
    for (const bad of [{}, { q: '' }, { q: '   ' }, { q: 'x'.repeat(41) }, { q: 'a', extra: '1' }])
      expect(symbolSearchQuery.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('lists the universe’s matches first, then the provider’s others, within the cap', () => {
    const universe = universeMatches('apple');
    expect(universe).toEqual([{ symbol: 'AAPL', name: 'Apple Inc.', scannable: true }]);
    const merged = mergeSymbolMatches(universe, [
      { symbol: 'AAPL', name: 'Apple Inc (Polygon’s name)' },
      { symbol: 'APLE', name: 'Apple Hospitality REIT' },
      ...Array.from({ length: 20 }, (_, i) => ({ symbol: `AP${String.fromCharCode(65 + i)}X`, name: 'x' })),
    ]);
    expect(merged.slice(0, 2)).toEqual([
      { symbol: 'AAPL', name: 'Apple Inc.', scannable: true },
      { symbol: 'APLE', name: 'Apple Hospitality REIT', scannable: false },
    ]);
    expect(merged).toHaveLength(SYMBOL_SEARCH_MAX_RESULTS);
  });
});

describe('the search on a stage', () => {
  it('is the universe alone unless quotes come from Polygon', async () => {
    expect(configuredSymbolSearch({})).toBe(universeSymbolSearch);
    expect(configuredSymbolSearch({ QUOTES_PROVIDER: 'cboe' })).toBe(universeSymbolSearch);
    expect(configuredSymbolSearch({ QUOTES_PROVIDER: 'polygon' })).not.toBe(universeSymbolSearch);
    expect(await universeSymbolSearch.search('MSFT')).toEqual({
      symbols: [{ symbol: 'MSFT', name: 'Microsoft Corporation', scannable: true }],
      provider: null,
      providerError: null,
    });
  });

  it('adds Polygon’s tickers, keeps each text’s answer an hour, and says why when Polygon fails', async () => {
    let now = 0;
    let failing = false;
    const asked: string[] = [];
    const fetchJson: FetchJson = async (url) => {
      asked.push(url);
      if (failing) throw new FeedProviderError('answered 403');
      return recorded;
    };
    const search = polygonSymbolSearch('https://polygon.test', fetchJson, () => now);
    const answer = await search.search(' AA ');
    expect(symbolSearchResponseSchema.parse(answer)).toEqual(answer);
    expect(answer.provider).toBe('polygon');
    expect(answer.providerError).toBeNull();
    expect(answer.symbols.filter((s) => !s.scannable)).toEqual([
      { symbol: 'A', name: 'Agilent Technologies Inc.', scannable: false },
      { symbol: 'AA', name: 'Alcoa Corporation', scannable: false },
    ]);
    expect(answer.symbols.slice(0, 1)).toEqual([{ symbol: 'AAPL', name: 'Apple Inc.', scannable: true }]);
    expect(asked).toEqual([polygonTickersUrl('https://polygon.test', 'aa', 10)]);

    now = SYMBOL_SEARCH_FRESH_MS - 1;
    expect(await search.search('aa')).toEqual(answer);
    expect(asked).toHaveLength(1);

    failing = true;
    now = SYMBOL_SEARCH_FRESH_MS;
    expect(await search.search('aa')).toEqual({
      symbols: universeMatches('aa'),
      provider: 'polygon',
      providerError: 'Polygon answered 403',
    });
  });

  it('lets a fault of ours through (not said as Polygon’s)', async () => {
    const search = polygonSymbolSearch('https://polygon.test', async () => {
      throw new TypeError('bug');
    });
    await expect(search.search('aa')).rejects.toThrow(TypeError);
  });
});
