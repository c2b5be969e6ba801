import { TICKER_BAR_SYMBOLS } from '@shared/constants/symbols';
import { fallbackCompanyName } from '@shared/constants/texts';
import { formatVolume } from '@shared/format/volume';
import type { Quote } from '@shared/market/schemas';

/** Spec 8: the ticker bar's fallback covers 16 symbols. */
export const TICKER_FALLBACK_COUNT = 16;

const signed = (value: number) => `${value >= 0 ? '+' : '-'}${Math.abs(value).toFixed(2)}`;

/**
 * Randomly generated quotes for the ticker bar when the market-data call fails (spec 8): the
 * first 16 ticker symbols, each named '{symbol} Corp.', price 20-520, change within ±4%.
 */
export function fallbackTickerQuotes(now: Date, random: () => number = Math.random): Quote[] {
  return TICKER_BAR_SYMBOLS.slice(0, TICKER_FALLBACK_COUNT).map((symbol) => {
    const price = Math.round((20 + random() * 500) * 100) / 100;
    const changePercent = (random() * 2 - 1) * 4;
    const change = Math.round(price * (changePercent / 100) * 100) / 100;
    return {
      symbol,
      name: fallbackCompanyName(symbol),
      price: price.toFixed(2),
      change: signed(change),
      changePercent: `${signed(changePercent)}%`,
      isPositive: change >= 0,
      volume: formatVolume(Math.round(1e6 + random() * 9e7)),
      timestamp: now.toISOString(),
    };
  });
}
