/**
 * What a recorded scan pick's position is worth (./schemas: its legs, signed quantities): closed at
 * the executable prices (each bought leg sold at its bid, each sold leg bought back at its ask,
 * the stock at its price), or settled at its expiry (each option leg at its intrinsic value at the
 * expiration day's close, as ../trades/settlement settles an expired trade). Per share; null when
 * a leg cannot be priced. Shared by the simulated market's picks and a real chain's.
 */
import type { SignalLeg } from './schemas';

/** A contract's bid and ask, or null when the chain does not list it (or does not quote a side). */
export type LegQuote = (
  kind: 'call' | 'put',
  strike: number,
  expiration: string,
) => { bid: number | null; ask: number | null } | null;

/** Closing the position at the executable prices; null when a leg's closing side is not quoted. */
export function closingValue(legs: readonly SignalLeg[], spot: number, quoteOf: LegQuote): number | null {
  let value = 0;
  for (const leg of legs) {
    if (leg.kind === 'stock') {
      if (!(spot > 0)) return null;
      value += leg.quantity * spot;
      continue;
    }
    if (leg.strike === null || leg.expiration === null) return null;
    const quote = quoteOf(leg.kind, leg.strike, leg.expiration);
    const price = quote ? (leg.quantity > 0 ? quote.bid : quote.ask) : null;
    if (price === null || !Number.isFinite(price) || price < 0) return null;
    value += leg.quantity * price;
  }
  return value;
}

/** Settling the position at the underlying's close on its expiration day (intrinsic values). */
export function settlementValue(legs: readonly SignalLeg[], close: number): number {
  return legs.reduce((sum, leg) => {
    const intrinsic =
      leg.kind === 'stock'
        ? close
        : leg.kind === 'call'
          ? Math.max(0, close - leg.strike!)
          : Math.max(0, leg.strike! - close);
    return sum + leg.quantity * intrinsic;
  }, 0);
}

/** The pick's expiration (its option legs share one), or null. */
export const pickExpiration = (legs: readonly SignalLeg[] | undefined): string | null =>
  legs?.find((leg) => leg.expiration !== null)?.expiration ?? null;
