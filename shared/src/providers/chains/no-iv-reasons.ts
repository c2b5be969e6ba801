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
