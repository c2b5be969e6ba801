/**
 * Market data, option chains and the scanner, over the shared engine. Quotes come from the
 * configured provider (the simulated market by default); chains and scans always price the
 * simulated market's surface, and say so (`source: 'simulated'`).
 */
import type { EffectivePlan } from '@shared/constants/plans';
import type { MarketDataInput } from '@shared/market/schemas';
import { unknownSymbols } from '@shared/market/universe';
import { optionChainView, type OptionChainQuery, type OptionChainView } from '@shared/options/chain-view';
import { countActiveFilters, type ScanFilters } from '@shared/options/scan-filters';
import { scan, type ScanOutput } from '@shared/options/scanner';
import { universeSnapshot } from '@shared/options/snapshot';
import { UpstreamError, ValidationError } from '../common/errors';
import { requireFeature, requireScannerFilters } from '../common/plan';
import { ProviderError, type QuoteProvider } from './polygon-provider';
import { marketNow } from '../common/clock';

export type DataSource = 'simulated' | 'live';

function assertKnown(symbols: readonly string[], field: string) {
  const unknown = unknownSymbols(symbols);
  if (unknown.length > 0) {
    const message = `Unknown symbol${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`;
    throw new ValidationError(message, [{ path: field, message }]);
  }
}

export async function marketData(
  provider: QuoteProvider,
  source: DataSource,
  input: MarketDataInput,
  at = marketNow(),
) {
  assertKnown(input.symbols, 'symbols');
  try {
    return { data: await provider.quotes(input.symbols, at), source };
  } catch (error) {
    if (error instanceof ProviderError)
      throw new UpstreamError(`Market data is unavailable right now (${error.message})`);
    throw error;
  }
}

export function optionsChain(
  plan: EffectivePlan,
  query: OptionChainQuery,
  at = marketNow(),
): OptionChainView & { source: DataSource } {
  requireFeature(plan, 'scanner');
  assertKnown([query.symbol], 'symbol');
  return { ...optionChainView(query.symbol, at, query.expiration), source: 'simulated' };
}

export function scanOptions(
  plan: EffectivePlan,
  filters: ScanFilters,
  at = marketNow(),
): ScanOutput & { source: DataSource; activeFilters: number } {
  requireFeature(plan, 'scanner');
  const activeFilters = countActiveFilters(filters);
  requireScannerFilters(plan, activeFilters);
  if (filters.ticker) assertKnown([filters.ticker], 'ticker');
  return { ...scan(universeSnapshot(at), filters), source: 'simulated', activeFilters };
}
