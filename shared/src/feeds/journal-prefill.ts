/**
 * 'Track in Journal' from a feed item, as the position it would be traded as:
 * - an options-flow alert names a contract: that option, bought, at the option's ask from the
 *   same market (the chain the caller read); without a quote the entry is left for the trader,
 *   never filled with the stock's price;
 * - any other alert, a dark pool print, a chatter or trend card is about the stock: 100 shares,
 *   long when it leans bullish and short when bearish, at the stock price it showed.
 * The source, the item's id and (for a print) its edge score are recorded. The journal's P&L by
 * source then shows whether following the feeds paid.
 */
import type { JournalStrategy } from '../constants/strategies';
import { feedProviderLabels, type FeedProviderName } from '../providers/feeds/feed-providers';
import { toCents, toFourDecimals, type TradePrefill } from '../trades/prefill';
import type { TradeLeg } from '../trades/schemas';
import type { Bias, FeedItem, FeedName, MarketAlert } from './schemas';

const money = (value: number) => `$${value.toFixed(2)}`;

/** Where an item came from, for its notes: 'simulated' or the provider's name ('Polygon'). */
const origin = (provider: FeedProviderName | undefined): string =>
  (provider ?? 'simulated') === 'simulated' ? 'simulated' : feedProviderLabels[provider!];

/** The quote of an alert's contract, read from the same market's chain when Track is pressed. */
export interface ContractQuote {
  bid: number;
  ask: number;
  /** The chain's quote time and source, named in the form. */
  asOf: string;
  source: string;
}

type Stock = { ticker: string; id: string; price: number };

function stockPrefill(
  item: Stock,
  feed: FeedName,
  bias: Bias | undefined,
  source: TradePrefill['source'],
  notes: string,
  edgeScore: number | null = null,
): TradePrefill {
  const short = bias === 'bearish';
  const strategy: JournalStrategy = short ? 'Short Stock' : 'Long Stock';
  const price = toCents(item.price);
  const leg: TradeLeg = {
    kind: 'stock',
    side: short ? 'short' : 'long',
    quantity: 1,
    strike: null,
    expiration: null,
    premium: toFourDecimals(item.price),
  };
  return {
    ticker: item.ticker,
    strategy,
    side: short ? 'credit' : 'debit',
    quantity: 1,
    entry_price: price > 0 ? price : null,
    legs: [leg],
    source,
    source_ref: `${feed}:${item.id}`,
    edge_score: edgeScore,
    expected_return: null,
    priced_by: `The stock price the ${feed === 'darkpool' ? 'print' : 'item'} showed (${money(item.price)}); 100 shares ${short ? 'sold short' : 'bought'}.`,
    notes,
  };
}

function optionPrefill(
  alert: MarketAlert,
  contract: NonNullable<MarketAlert['contract']>,
  quote: ContractQuote | null,
): TradePrefill {
  const ask = quote && quote.ask > 0 ? toCents(quote.ask) : null;
  const leg: TradeLeg = {
    kind: contract.type,
    side: 'long',
    quantity: 1,
    strike: contract.strike,
    expiration: contract.expiration,
    premium: ask ?? 0,
  };
  return {
    ticker: alert.ticker,
    strategy: contract.type === 'call' ? 'Long Call' : 'Long Put',
    side: 'debit',
    quantity: 1,
    entry_price: ask,
    legs: [leg],
    source: 'alert',
    source_ref: `alerts:${alert.id}`,
    edge_score: null,
    expected_return: null,
    priced_by: quote
      ? `The ${contract.type}'s ask (bid ${money(quote.bid)}, ask ${money(quote.ask)}) in the ${quote.source} chain as of ${quote.asOf}.`
      : `No quote of the $${contract.strike} ${contract.type} expiring ${contract.expiration} was found: enter what you paid for the option.`,
    notes: `Market alert (${origin(alert.provider)}), ${alert.timestamp}: ${alert.message}.`,
  };
}

/** The prefill of a feed item; `quote` is the alert's contract's quote (options-flow alerts only). */
export function journalPrefillFor<F extends FeedName>(
  feed: F,
  item: FeedItem<F>,
  quote: ContractQuote | null = null,
): TradePrefill {
  switch (feed) {
    case 'alerts': {
      const alert = item as FeedItem<'alerts'>;
      if (alert.contract) return optionPrefill(alert, alert.contract, quote);
      return stockPrefill(
        alert,
        feed,
        alert.bias,
        'alert',
        `Market alert (${origin(alert.provider)}), ${alert.timestamp}: ${alert.message}.`,
      );
    }
    case 'darkpool': {
      const flow = item as FeedItem<'darkpool'>;
      const shares = flow.blockSize.toLocaleString('en-US');
      // A real print says only what the tape says; its side is unknown at the midpoint (tracked long).
      const reading = flow.tape
        ? `${flow.tape.venue}${flow.tape.placement ? `, ${flow.tape.placement} of the NBBO` : ''}${flow.side ? '' : '; side unknown, tracked long'}`
        : `${flow.institutionalSignature}; ${flow.optionsImplication}; edge ${flow.edgeScore}`;
      return stockPrefill(
        flow,
        feed,
        flow.side === 'buy' ? 'bullish' : flow.side === 'sell' ? 'bearish' : undefined,
        'darkpool',
        `Dark pool ${flow.side ?? 'print'} of ${shares} shares at ${money(flow.price)} (${origin(flow.provider)}, ${flow.timestamp}); ${reading}.`,
        flow.edgeScore ?? null,
      );
    }
    case 'chatter': {
      const trend = item as FeedItem<'chatter'>;
      return stockPrefill(
        { ticker: trend.ticker, id: trend.id, price: trend.price ?? 0 },
        feed,
        trend.sentiment,
        'alert',
        `Risky chatter (${origin(trend.provider)}) on ${trend.source}, ${trend.timestamp}: ${trend.sentiment}, ${trend.riskLevel} risk, ${trend.mentions} mentions.`,
      );
    }
    case 'trends': {
      const alert = item as FeedItem<'trends'>;
      const { currentPrice, targetPrice, stopLoss, timeframe } = alert.priceIndications;
      return stockPrefill(
        { ticker: alert.ticker, id: alert.id, price: currentPrice },
        feed,
        alert.bias,
        'alert',
        `Trend alert (${origin(alert.provider)}), ${alert.timestamp}: ${alert.title}. Target ${money(targetPrice)}, stop ${money(stopLoss)}, ${timeframe}.`,
      );
    }
  }
  throw new RangeError(`Unknown feed ${String(feed)}`);
}
