/**
 * Quotes read off a real provider's chains (QUOTES_PROVIDER=cboe): CBOE's delayed-quotes body
 * carries the underlying's quote beside its contracts, so a symbol's quote is the same body the
 * chain route and the scan price, kept once per refresh interval (./chain-source). The quote a
 * trader sees beside a chain is then the chain's own underlying price, never a second source.
 *
 * A symbol whose chain the provider has never sent is left out; when none can be read the request
 * fails as the other real provider's does (UpstreamError upstream). Stale chains keep serving,
 * and the answer's provenance says so with the oldest chain's age.
 */
import type { Quote, QuoteProvenance } from '@shared/market/schemas';
import { formatMarketCap, signed } from '@shared/market/quotes';
import { universeEntry } from '@shared/market/universe';
import { formatVolume } from '@shared/format/volume';
import type { ChainSnapshot } from '@shared/providers/chains/chain';
import { ChainUnavailableError, type ChainSource, type ServedChain } from './chain-source';
import { ProviderError, type QuoteProvider } from './polygon-provider';

export interface ProvenancedQuotes {
  quotes: Quote[];
  provenance: QuoteProvenance;
}

/** A quote provider that also says where its quotes came from and how old they are. */
export interface ProvenancedQuoteProvider extends QuoteProvider {
  quotesWithProvenance(symbols: readonly string[], at: Date): Promise<ProvenancedQuotes>;
}

/** The underlying's quote in a chain body, or null when the body has no price for it. */
export function quoteOfChain(snapshot: ChainSnapshot, fetchedAt: Date): Quote | null {
  const { symbol, price, previousClose, change, changePercent, volume, asOf } = snapshot.underlying;
  if (price === null || price <= 0) return null;
  const dayChange = change ?? (previousClose ? price - previousClose : null);
  const dayPercent =
    changePercent ?? (previousClose && dayChange !== null ? (dayChange / previousClose) * 100 : null);
  const entry = universeEntry(symbol);
  return {
    symbol,
    name: entry?.name ?? symbol,
    price: price.toFixed(2),
    change: dayChange === null ? '0.00' : signed(dayChange, 2),
    changePercent: dayPercent === null ? '0.00%' : `${signed(dayPercent, 2)}%`,
    isPositive: (dayChange ?? 0) >= 0,
    volume: volume === null || volume === undefined ? '--' : formatVolume(volume),
    timestamp: asOf ?? fetchedAt.toISOString(),
    ...(entry?.sharesOutstanding ? { marketCap: formatMarketCap(entry.sharesOutstanding * price) } : {}),
  };
}

export function chainQuoteProvider(
  chains: ChainSource,
  now: () => Date = () => new Date(),
): ProvenancedQuoteProvider {
  async function quotesWithProvenance(symbols: readonly string[]): Promise<ProvenancedQuotes> {
    const served = await Promise.all(
      symbols.map(async (symbol) => {
        try {
          return await chains.chain(symbol);
        } catch (error) {
          if (error instanceof ChainUnavailableError) return null;
          throw error;
        }
      }),
    );
    const read = served.flatMap((chain): { chain: ServedChain; quote: Quote }[] => {
      const quote = chain ? quoteOfChain(chain.snapshot, chain.fetchedAt) : null;
      return chain && quote ? [{ chain, quote }] : [];
    });
    if (read.length === 0)
      throw new ProviderError(
        `${chains.provider.name.toUpperCase()} sent no quote for ${symbols.join(', ')}`,
      );
    const oldest = read.reduce((a, b) => (b.chain.fetchedAt < a.chain.fetchedAt ? b : a));
    const staleOne = read.find((r) => r.chain.staleReason !== null);
    const ageSeconds = (chain: ServedChain) =>
      Math.max(0, Math.round((now().getTime() - chain.fetchedAt.getTime()) / 1000));
    return {
      quotes: read.map((r) => r.quote),
      provenance: {
        source: chains.provider.name,
        delayed: read.some((r) => r.chain.snapshot.delayed === true),
        asOf: read.map((r) => r.quote.timestamp).sort()[0]!,
        stale: staleOne
          ? { reason: staleOne.chain.staleReason!, ageSeconds: ageSeconds(oldest.chain) }
          : null,
      },
    };
  }
  return {
    quotesWithProvenance,
    quotes: async (symbols) => (await quotesWithProvenance(symbols)).quotes,
  };
}
