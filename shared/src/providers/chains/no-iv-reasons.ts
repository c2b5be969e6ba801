/**
 * Why a real chain's contract has no IV (./price-real-chain says when each applies). Apart from
 * the pricer, so the browser's response schemas can name them without bundling it.
 */
export const NO_IV_REASONS = [
  'expired',
  'no_quote',
  'crossed',
  'stale',
  'zero_bid',
  'no_time_value_bid',
  'below_intrinsic',
  'unsolvable',
] as const;
export type NoIvReason = (typeof NO_IV_REASONS)[number];

/** Each reason in words, for a trader reading the chain (the IV cell's note). */
export const NO_IV_REASON_TEXT: Record<NoIvReason, string> = {
  expired: 'expired',
  no_quote: 'no bid or no ask',
  crossed: 'crossed quote: the bid is above the ask',
  stale: 'last quoted in an earlier session',
  zero_bid: 'a bid of 0 gives no IV',
  no_time_value_bid: 'the bid pays no time value',
  below_intrinsic: 'the mid is below intrinsic value',
  unsolvable: 'no volatility gives this price',
};
