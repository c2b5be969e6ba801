/** Spec 5 and 9: the bounds of sliders, scores and generated values. */

export interface NumericRange {
  min: number;
  max: number;
}

export interface SliderRange extends NumericRange {
  default: number;
}

/** Edge scores (scanner and dark pool) are clamped to 0-100. */
export const EDGE_SCORE_RANGE = { min: 0, max: 100 } as const satisfies NumericRange;
/** Any value shown as a percentage out of 100 (confidence, credibility, probability). */
export const PERCENT_RANGE = { min: 0, max: 100 } as const satisfies NumericRange;
/** Scanner 'IV Rank: n%' slider. */
export const IV_RANK_RANGE = { min: 0, max: 100, default: 50 } as const satisfies SliderRange;
/** Dark pool minimum-confidence slider. */
export const DARK_POOL_CONFIDENCE_SLIDER = { min: 50, max: 100, default: 75 } as const satisfies SliderRange;
/** Confidence of a generated dark pool flow. */
export const DARK_POOL_FLOW_CONFIDENCE_RANGE = { min: 65, max: 99 } as const satisfies NumericRange;
/** Detected pattern confidence is clamped to 50-100. */
export const PATTERN_CONFIDENCE_RANGE = { min: 50, max: 100 } as const satisfies NumericRange;
/** Detected pattern bullishness is clamped to 10-95. */
export const BULLISHNESS_RANGE = { min: 10, max: 95 } as const satisfies NumericRange;
/** Help text: the alert confidence threshold slider runs 50%-100%. */
export const ALERT_CONFIDENCE_SLIDER = { min: 50, max: 100 } as const satisfies NumericRange;
/** VIX shown when no quote is available is drawn from this range. */
export const VIX_FALLBACK_RANGE = { min: 15, max: 30 } as const satisfies NumericRange;
/** Market Overview '52W Range' is estimated as these fractions of the price. */
export const FIFTY_TWO_WEEK_RANGE_FACTORS = { min: 0.8, max: 1.2 } as const satisfies NumericRange;

export function clampToRange(value: number, range: NumericRange): number {
  return Math.min(range.max, Math.max(range.min, value));
}
