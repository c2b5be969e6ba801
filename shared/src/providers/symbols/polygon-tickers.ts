/**
 * Polygon's ticker search (`GET /v3/reference/tickers?search=&active=true&market=stocks&limit=`,
 * its documented reference API; the same key as its quotes): the active US tickers whose symbol
 * or company name matches the text. Pure; the per-container source with its cache is
 * lambdas/market/symbol-search.ts.
 */
import * as z from 'zod';
import { tickerSchema } from '../../market/ticker';

const tickersSchema = z.object({
  status: z.string(),
  results: z
    .array(z.object({ ticker: z.string(), name: z.string().optional(), active: z.boolean().optional() }))
    .nullish(),
});

export interface ProviderSymbol {
  symbol: string;
  name: string;
}

/** The provider answered with an error status or a body that is not its ticker list. */
export class SymbolProviderError extends Error {
  override name = 'SymbolProviderError';
}

/** The active tickers of a page; a symbol our ticker format does not take (e.g. `BRK/A`) is left out. */
export function parsePolygonTickers(body: unknown): ProviderSymbol[] {
  const parsed = tickersSchema.safeParse(body);
  if (!parsed.success) throw new SymbolProviderError('sent a body that is not a ticker list');
  if (parsed.data.status !== 'OK' && parsed.data.status !== 'DELAYED')
    throw new SymbolProviderError(`said ${parsed.data.status}`);
  return (parsed.data.results ?? []).flatMap((row) => {
    const symbol = tickerSchema.safeParse(row.ticker);
    if (!symbol.success || row.active === false) return [];
    return [{ symbol: symbol.data, name: row.name?.trim() || symbol.data }];
  });
}

export function polygonTickersUrl(baseUrl: string, search: string, limit: number): string {
  const url = new URL('/v3/reference/tickers', baseUrl);
  url.searchParams.set('search', search);
  url.searchParams.set('active', 'true');
  url.searchParams.set('market', 'stocks');
  url.searchParams.set('limit', String(limit));
  return url.toString();
}
