import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { journalPrefillFor, type ContractQuote } from '@shared/feeds/journal-prefill';
import type { FeedItem, FeedName, MarketAlert } from '@shared/feeds/schemas';
import { optionChainSchema } from '@shared/options/response-schemas';
import { apiPath } from '@shared/routes';
import type { JournalPrefill } from '@shared/trades/prefill';
import { apiRequest } from '../../../lib/api-client';
import { dashboardPath } from '../../../lib/dashboard-screens';

/** The alert's contract's quote in the same market's chain now, or null when it is not listed there. */
async function quoteContract(
  ticker: string,
  contract: NonNullable<MarketAlert['contract']>,
): Promise<ContractQuote | null> {
  const chain = await apiRequest(apiPath('getOptionsChain', {}, { symbol: ticker }), optionChainSchema);
  const found = chain.contracts.find(
    (c) => c.type === contract.type && c.strike === contract.strike && c.expiration === contract.expiration,
  );
  return found ? { bid: found.bid, ask: found.ask, asOf: chain.asOf, source: chain.source } : null;
}

/**
 * Track: opens the journal's Add Trade filled with the position the item is about (the alert's
 * option at its ask, or the stock at the price shown), its source and reference.
 */
export function TrackInJournalButton<F extends FeedName>({ feed, item }: { feed: F; item: FeedItem<F> }) {
  const navigate = useNavigate();
  const [pricing, setPricing] = useState(false);
  const contract = feed === 'alerts' ? (item as MarketAlert).contract : undefined;

  async function track() {
    let quote: ContractQuote | null = null;
    if (contract) {
      setPricing(true);
      // Without a quote the form opens with the leg and no entry price (never the stock's price).
      quote = await quoteContract(item.ticker, contract).catch(() => null);
      setPricing(false);
    }
    const state: JournalPrefill = { addTrade: journalPrefillFor(feed, item, quote) };
    void navigate(dashboardPath('journal'), { state });
  }

  return (
    <button
      type="button"
      onClick={() => void track()}
      disabled={pricing}
      aria-label={`Track ${item.ticker} in Journal`}
      className="inline-flex items-center gap-1 rounded-lg border border-emerald-400/40 px-3 py-1.5 text-xs font-semibold text-emerald-200 hover:bg-emerald-400/10 focus-visible:outline-2 focus-visible:outline-emerald-300 disabled:opacity-60"
    >
      {pricing ? 'Pricing…' : 'Track in Journal'}
    </button>
  );
}
