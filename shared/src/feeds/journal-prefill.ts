/**
 * 'Track in Journal' from a feed item: its ticker, a strategy that fits what the item says, the
 * price it was seen at, where it came from (source and a reference to the item), and a note. The
 * journal's P&L by source then shows whether following the feeds paid.
 */
import type { JournalStrategy } from '../constants/strategies';
import type { TradePrefill } from '../trades/prefill';
import type { Bias, FeedItem, FeedName } from './schemas';

const money = (value: number) => `$${value.toFixed(2)}`;
const cents = (value: number) => Math.round(value * 100) / 100;

function byBias(bias: Bias | undefined): JournalStrategy {
  return bias === 'bearish' ? 'Long Put' : bias === 'bullish' ? 'Long Call' : 'Straddle';
}

function prefill(
  item: { ticker: string; id: string },
  feed: FeedName,
  strategy: JournalStrategy,
  price: number,
  source: TradePrefill['source'],
  notes: string,
): TradePrefill {
  return {
    ticker: item.ticker,
    strategy,
    entry_price: cents(price),
    source,
    source_ref: `${feed}:${item.id}`,
    notes,
  };
}

export function journalPrefillFor<F extends FeedName>(feed: F, item: FeedItem<F>): TradePrefill {
  switch (feed) {
    case 'alerts': {
      const alert = item as FeedItem<'alerts'>;
      const strategy =
        alert.type === 'volatility-spike'
          ? 'Iron Condor'
          : alert.type === 'earnings'
            ? 'Straddle'
            : byBias(alert.bias);
      return prefill(
        alert,
        feed,
        strategy,
        alert.price,
        'alert',
        `Market alert (simulated), ${alert.timestamp}: ${alert.message}.`,
      );
    }
    case 'darkpool': {
      const flow = item as FeedItem<'darkpool'>;
      return prefill(
        flow,
        feed,
        flow.side === 'buy' ? 'Long Call' : 'Long Put',
        flow.price,
        'darkpool',
        `Dark pool ${flow.side} of ${flow.blockSize.toLocaleString('en-US')} shares at ${money(flow.price)} (simulated, ${flow.timestamp}); ${flow.institutionalSignature}; ${flow.optionsImplication}; edge ${flow.edgeScore}.`,
      );
    }
    case 'chatter': {
      const trend = item as FeedItem<'chatter'>;
      const strategy = trend.sentiment === 'neutral' ? 'Iron Condor' : byBias(trend.sentiment);
      return prefill(
        trend,
        feed,
        strategy,
        trend.price ?? trend.priceTarget ?? 0,
        'alert',
        `Risky chatter (simulated) on ${trend.source}, ${trend.timestamp}: ${trend.sentiment}, ${trend.riskLevel} risk, ${trend.mentions} mentions.`,
      );
    }
    case 'trends': {
      const alert = item as FeedItem<'trends'>;
      const { currentPrice, targetPrice, stopLoss, timeframe } = alert.priceIndications;
      return prefill(
        alert,
        feed,
        byBias(alert.bias),
        currentPrice,
        'alert',
        `Trend alert (simulated), ${alert.timestamp}: ${alert.title}. Target ${money(targetPrice)}, stop ${money(stopLoss)}, ${timeframe}.`,
      );
    }
  }
  throw new RangeError(`Unknown feed ${String(feed)}`);
}
