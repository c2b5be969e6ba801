/**
 * Market data, option chains and the scanner, over the shared engine. Quotes come from the
 * configured quote provider (the simulated market by default). Chains and scans come from the
 * configured chain provider (./chain-source): the simulated market's surface, or a real chain
 * priced with each expiry's parity forward and quote hygiene, with its provenance (source, quote
 * time, delayed, and stale with its age when the provider's last answer failed).
 */
import type { EffectivePlan } from '@shared/constants/plans';
import { DATA_SOURCE_LABELS, type MarketDataInput } from '@shared/market/schemas';
import { underlyingAt } from '@shared/market/quotes';
import { exerciseStyleOfSymbol, unknownSymbols } from '@shared/market/universe';
import { optionChainView, type OptionChainQuery, type OptionChainView } from '@shared/options/chain-view';
import { realChainSnapshot, realChainView } from '@shared/options/real-chain';
import { countActiveFilters, type ScanFilters } from '@shared/options/scan-filters';
import { scan, type ScanOutput } from '@shared/options/scanner';
import { universeSnapshot } from '@shared/options/snapshot';
import { priceRealChain, type PricedChain } from '@shared/providers/chains/price-real-chain';
import { pricingCurve, type TreasuryCurve } from '@shared/providers/rates/treasury';
import { NotFoundError, UpstreamError, ValidationError } from '../common/errors';
import { requireFeature, requireScannerFilters } from '../common/plan';
import { ProviderError, type QuoteProvider } from './polygon-provider';
import { marketNow } from '../common/clock';
import { ChainUnavailableError, type ChainSource, type ChainSourceName } from './chain-source';
import type { ProvenancedQuoteProvider } from './chain-quotes';

export type DataSource = 'simulated' | 'live';

export interface Provenance {
  source: ChainSourceName;
  delayed: boolean;
  stale: { reason: string; ageSeconds: number } | null;
}

const SIMULATED: Provenance = { source: 'simulated', delayed: false, stale: null };

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
  // Polygon quotes the tickers its search offers; the simulated market and CBOE know the universe.
  if (!provider.anySymbol) assertKnown(input.symbols, 'symbols');
  try {
    if ('quotesWithProvenance' in provider) {
      const { quotes, provenance } = await (provider as ProvenancedQuoteProvider).quotesWithProvenance(
        input.symbols,
        at,
      );
      return { data: quotes, source, provenance };
    }
    return { data: await provider.quotes(input.symbols, at), source };
  } catch (error) {
    if (error instanceof ProviderError)
      throw new UpstreamError(`Market data is unavailable right now (${error.message})`);
    throw error;
  }
}

/**
 * The rate and yield parity falls back to: the simulated market's for the symbol at the quote time;
 * with `curve` given (a real chain's pricing, ./rates) the risk-free curve too: the Treasury's, or
 * (null) the fixed rate, which the expiries then name.
 */
export function carryOf(symbol: string, at: Date, curve?: TreasuryCurve | null) {
  const { rate, dividendYield } = underlyingAt(symbol, at);
  const exercise = exerciseStyleOfSymbol(symbol);
  return curve === undefined
    ? { rate, dividendYield, exercise }
    : { rate, dividendYield, exercise, curve: pricingCurve(curve, rate) };
}

/** A symbol's real chain, priced, with its provenance; a chain never had → NotFoundError (never simulated numbers). */
export async function realChain(
  chains: ChainSource,
  symbol: string,
): Promise<{ priced: PricedChain; provenance: Provenance }> {
  try {
    const served = await chains.chain(symbol);
    const fetchedAt = served.fetchedAt;
    // The shared snapshot's chains come priced (./snapshot-job); a container's own are priced here.
    const priced =
      served.priced ??
      priceRealChain(
        served.snapshot,
        carryOf(symbol, fetchedAt, chains.curve ? await chains.curve() : undefined),
        fetchedAt,
      );
    const ageSeconds = Math.max(0, Math.round((Date.now() - fetchedAt.getTime()) / 1000));
    return {
      priced,
      provenance: {
        source: chains.provider.name,
        delayed: served.snapshot.delayed ?? false,
        stale: served.staleReason ? { reason: served.staleReason, ageSeconds } : null,
      },
    };
  } catch (error) {
    if (error instanceof ChainUnavailableError)
      throw new NotFoundError(`No option chain for ${symbol} is available right now: ${error.message}`);
    throw error;
  }
}

/** The simulated market's chain. */
export function simulatedOptionsChain(
  plan: EffectivePlan,
  query: OptionChainQuery,
  at = marketNow(),
): OptionChainView & Provenance {
  requireFeature(plan, 'scanner');
  assertKnown([query.symbol], 'symbol');
  return { ...optionChainView(query.symbol, at, query.expiration), ...SIMULATED };
}

export async function optionsChain(
  plan: EffectivePlan,
  query: OptionChainQuery,
  chains: ChainSource | null = null,
  at = marketNow(),
): Promise<OptionChainView & Provenance> {
  if (!chains) return simulatedOptionsChain(plan, query, at);
  requireFeature(plan, 'scanner');
  assertKnown([query.symbol], 'symbol');
  const { priced, provenance } = await realChain(chains, query.symbol);
  return {
    ...realChainView(priced, carryOf(query.symbol, new Date(priced.asOf)), query.expiration),
    ...provenance,
  };
}

/**
 * With a real chain provider a scan needs a ticker (one chain per request to the provider); the
 * simulated market scans the whole universe.
 */
export async function scanOptions(
  plan: EffectivePlan,
  filters: ScanFilters,
  chains: ChainSource | null = null,
  at = marketNow(),
): Promise<ScanOutput & Provenance & { activeFilters: number }> {
  if (!chains) return simulatedScan(plan, filters, at);
  const activeFilters = checkScan(plan, filters);
  if (!filters.ticker) {
    const message = `Scans on ${DATA_SOURCE_LABELS[chains.provider.name]} data need a ticker (one chain at a time)`;
    throw new ValidationError(message, [{ path: 'ticker', message }]);
  }
  const { priced, provenance } = await realChain(chains, filters.ticker);
  const history = chains.history
    ? await chains.history(filters.ticker)
    : { history: null, missing: 'this stage keeps no chain snapshot, where real history is recorded' };
  const snapshot = realChainSnapshot(priced, carryOf(filters.ticker, new Date(priced.asOf)), history);
  return { ...scan(snapshot, filters), ...provenance, activeFilters };
}

function checkScan(plan: EffectivePlan, filters: ScanFilters): number {
  requireFeature(plan, 'scanner');
  const activeFilters = countActiveFilters(filters);
  requireScannerFilters(plan, activeFilters);
  if (filters.ticker) assertKnown([filters.ticker], 'ticker');
  return activeFilters;
}

/** A scan of the simulated universe. */
export function simulatedScan(
  plan: EffectivePlan,
  filters: ScanFilters,
  at = marketNow(),
): ScanOutput & Provenance & { activeFilters: number } {
  const activeFilters = checkScan(plan, filters);
  return { ...scan(universeSnapshot(at), filters), ...SIMULATED, activeFilters };
}
