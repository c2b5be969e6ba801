/** The pricing engine's public surface: pure functions, no I/O. */
export { bsm, bsmPrice, DAYS_PER_YEAR, type BsmInput, type BsmResult } from './bsm';
export {
  impliedVolatility,
  impliedVolatilityWithReason,
  type ImpliedVolatilityInput,
  type ImpliedVolatilityReason,
  type OptionType,
} from './implied-volatility';
export { normCdf, normPdf, erfc, erfcx } from './normal';
export { impliedVolatilityBatch, greeksBatch, type OptionBatch, type GreeksBatchOutput } from './batch';
