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

/**
 * What DynamoDB stores as a number: 0, or a magnitude from 1e-130 to 9.99…e125 with at most 38
 * significant digits (a JavaScript number has at most 17, so only the magnitude can fail). The AWS
 * SDK's marshaller is stricter at the top: it refuses anything beyond ±Number.MAX_SAFE_INTEGER.
 * Outside these a write fails inside the SDK or at DynamoDB, which the caller would see as a 500:
 * every number a client sends to be stored is checked against them first (`isStorableNumber`).
 */
export const DYNAMODB_NUMBER = {
  smallestMagnitude: 1e-130,
  /** 9.9999999999999999999999999999999999999e125, as near as a double gets below it. */
  largestMagnitude: 9.999999999999999e125,
  significantDigits: 38,
} as const;

/** Whether DynamoDB (through the SDK) can store `value` exactly as it is. */
export function isStorableNumber(value: number): boolean {
  if (!Number.isFinite(value)) return false;
  const magnitude = Math.abs(value);
  return (
    magnitude === 0 ||
    (magnitude >= DYNAMODB_NUMBER.smallestMagnitude &&
      magnitude <= Math.min(DYNAMODB_NUMBER.largestMagnitude, Number.MAX_SAFE_INTEGER))
  );
}

/**
 * Whether `value` has at most `decimals` decimals, allowing only binary floating-point noise
 * (0.1 + 0.2 is 0.30 to two decimals; 1e-9 and 5e-324 are not): the tolerance is relative to the
 * value, never an absolute one that a tiny number slips under.
 */
export function hasAtMostDecimals(value: number, decimals: number): boolean {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) <= Math.abs(scaled) * Number.EPSILON * 4;
}

/** A range of numbers a client may send, and the decimals they may carry. */
export interface InputNumberRange extends NumericRange {
  decimals: number;
}

/** A trade's prices and fees, per share as a trader types them (spec 5: step 0.01). */
export const TRADE_PRICE_RANGE = { min: 0, max: 1_000_000, decimals: 2 } as const satisfies InputNumberRange;
/** A leg's strike: OCC symbols carry strikes in thousandths. */
export const LEG_STRIKE_RANGE = {
  min: 0.001,
  max: 1_000_000,
  decimals: 3,
} as const satisfies InputNumberRange;
/** A leg's premium per share: fills can be quoted in sub-penny increments. */
export const LEG_PREMIUM_RANGE = { min: 0, max: 1_000_000, decimals: 4 } as const satisfies InputNumberRange;
/** Contracts (or shares) of a trade or a leg. */
export const TRADE_QUANTITY_RANGE = { min: 1, max: 100_000, decimals: 0 } as const satisfies InputNumberRange;

/**
 * Any date a client sends (trade dates, leg expirations, the journal's filters): a calendar day
 * from 1900-01-01 to 2200-12-31. Year 0000 or 9999 is a typing slip, not a trade.
 */
export const INPUT_DATE_RANGE = { min: '1900-01-01', max: '2200-12-31' } as const;

/** Whether an ISO date or instant falls on a day within INPUT_DATE_RANGE (read in UTC). */
export function isInputDate(value: string): boolean {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return false;
  const day = new Date(time).toISOString().slice(0, 10);
  return day >= INPUT_DATE_RANGE.min && day <= INPUT_DATE_RANGE.max;
}
