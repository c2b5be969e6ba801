/**
 * GET /api/symbols' answers (shared/src/market/symbol-search.ts): the universe's matches, and, on
 * a stage whose quotes come from Polygon, Polygon's ticker search (./polygon-provider's key),
 * each text's answer kept per container for SYMBOL_SEARCH_FRESH_MS. A Polygon failure is said in
 * `providerError` and the universe's matches are served alone (not kept), never a 5xx.
 */
import { CappedMap } from '@shared/cache/capped-map';
import {
  mergeSymbolMatches,
  PROVIDER_SYMBOLS_ASKED,
  universeMatches,
  type SymbolSearchResponse,
} from '@shared/market/symbol-search';
import {
  parsePolygonTickers,
  polygonTickersUrl,
  SymbolProviderError,
  type ProviderSymbol,
} from '@shared/providers/symbols/polygon-tickers';
import { FeedProviderError, type FetchJson } from '@shared/providers/feeds/feed-providers';
import { runtimeEnv } from '@shared/secrets';
import { feedFetchJson, polygonKeyHeaders } from '../feeds/provider-fetch';

/** Tickers are listed and delisted a few times a day at most: an hour's answer is fresh enough. */
export const SYMBOL_SEARCH_FRESH_MS = 60 * 60_000;
const KEPT_TEXTS = 500;

export interface SymbolSearch {
  search(text: string): Promise<SymbolSearchResponse>;
}

export function polygonSymbolSearch(
  baseUrl: string,
  fetchJson: FetchJson,
  now: () => number = Date.now,
): SymbolSearch {
  const kept = new CappedMap<string, { symbols: ProviderSymbol[]; at: number }>(KEPT_TEXTS);
  return {
    async search(text) {
      const key = text.trim().toLowerCase();
      const universe = universeMatches(key);
      const hit = kept.get(key);
      if (hit && now() - hit.at < SYMBOL_SEARCH_FRESH_MS)
        return {
          symbols: mergeSymbolMatches(universe, hit.symbols),
          provider: 'polygon',
          providerError: null,
        };
      try {
        const symbols = parsePolygonTickers(
          await fetchJson(polygonTickersUrl(baseUrl, key, PROVIDER_SYMBOLS_ASKED)),
        );
        kept.set(key, { symbols, at: now() });
        return { symbols: mergeSymbolMatches(universe, symbols), provider: 'polygon', providerError: null };
      } catch (error) {
        if (!(error instanceof FeedProviderError || error instanceof SymbolProviderError)) throw error;
        return { symbols: universe, provider: 'polygon', providerError: `Polygon ${error.message}` };
      }
    },
  };
}

/** The universe alone (a simulated or CBOE stage: CBOE has no ticker search). */
export const universeSymbolSearch: SymbolSearch = {
  search: async (text) => ({ symbols: universeMatches(text), provider: null, providerError: null }),
};

export function configuredSymbolSearch(env: NodeJS.ProcessEnv = process.env): SymbolSearch {
  if (env[runtimeEnv.quotesProvider] !== 'polygon') return universeSymbolSearch;
  return polygonSymbolSearch(
    env[runtimeEnv.polygonBaseUrl] ?? 'https://api.polygon.io',
    feedFetchJson(polygonKeyHeaders),
  );
}
