/**
 * GET /api/symbols?q= (issue 23): the symbols global search and the ticker pickers can offer for
 * a text. Our universe's matches always (the scanner's symbols, ranked as the search ranks them);
 * with a real quotes provider that has a ticker search (Polygon), its matching US tickers after
 * them, the ones outside our universe marked `scannable: false` (quotes only: the scanner, chains
 * and feeds know the universe alone). The provider's failure leaves the universe's matches and
 * says why.
 */
import * as z from 'zod';
import { matchSymbols } from '../search/global-search';
import { universeEntry } from './universe';
import { tickerSchema } from './ticker';

/** The most symbols one answer lists (the universe's matches plus the provider's). */
export const SYMBOL_SEARCH_MAX_RESULTS = 10;
/** The longest text searched (a company name's first words). */
export const SYMBOL_SEARCH_MAX_QUERY = 40;

export const symbolSearchQuery = z
  .object({ q: z.string().trim().min(1).max(SYMBOL_SEARCH_MAX_QUERY) })
  .strict();
export type SymbolSearchQuery = z.infer<typeof symbolSearchQuery>;

export const SYMBOL_SEARCH_PROVIDERS = ['polygon'] as const;

export const symbolMatchSchema = z.object({
  symbol: tickerSchema,
  name: z.string(),
  /** In our universe: the scanner, chains and feeds know it. False: the provider's, quotes only. */
  scannable: z.boolean(),
});
export type SymbolMatch = z.infer<typeof symbolMatchSchema>;

export const symbolSearchResponseSchema = z.object({
  symbols: z.array(symbolMatchSchema).max(SYMBOL_SEARCH_MAX_RESULTS),
  /** The provider whose tickers were searched too; null: our universe alone. */
  provider: z.enum(SYMBOL_SEARCH_PROVIDERS).nullable(),
  /** Why the provider's tickers are missing from this answer (it failed); null when they are not. */
  providerError: z.string().nullable(),
});
export type SymbolSearchResponse = z.infer<typeof symbolSearchResponseSchema>;

/** The universe's matches for the text, best first (global search's ranking and cap). */
export function universeMatches(text: string): SymbolMatch[] {
  return matchSymbols(text).map((symbol) => ({
    symbol,
    name: universeEntry(symbol)?.name ?? symbol,
    scannable: true,
  }));
}

/** The universe's matches, then the provider's symbols not among them, within the answer's cap. */
export function mergeSymbolMatches(
  universe: readonly SymbolMatch[],
  provider: readonly { symbol: string; name: string }[],
): SymbolMatch[] {
  const seen = new Set(universe.map((match) => match.symbol));
  const extra = provider.flatMap((found) => {
    if (seen.has(found.symbol)) return [];
    seen.add(found.symbol);
    // A provider symbol that is in the universe (matched by name only there) is still scannable.
    const entry = universeEntry(found.symbol);
    return [{ symbol: found.symbol, name: entry?.name ?? found.name, scannable: entry !== undefined }];
  });
  return [...universe, ...extra].slice(0, SYMBOL_SEARCH_MAX_RESULTS);
}

/** How many provider tickers one search asks for. */
export const PROVIDER_SYMBOLS_ASKED = SYMBOL_SEARCH_MAX_RESULTS;
