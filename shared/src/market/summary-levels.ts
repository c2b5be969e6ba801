/**
 * Spec 9, summary levels, and spec 4, futures direction, for the Daily Market Summary.
 * Reading of 'support 98% and resistance 102% of the SPY or QQQ price (fallback 445/460 for SPY,
 * 375/390 for QQQ; defaults 450 and 380)': with a usable price (finite, above 0) the levels are
 * 98% / price / 102%, rounded to cents; without one, current is the default (450 SPY, 380 QQQ)
 * and support/resistance are the fixed fallbacks, not 98%/102% of the default.
 */
import { FIFTY_TWO_WEEK_RANGE_FACTORS } from '../constants/ranges';
import type { FuturesDirection, PriceLevels } from './schemas';

export const SUMMARY_LEVEL_SYMBOLS = ['SPY', 'QQQ'] as const;
export type SummaryLevelSymbol = (typeof SUMMARY_LEVEL_SYMBOLS)[number];

export const SUPPORT_FACTOR = 0.98;
export const RESISTANCE_FACTOR = 1.02;

export const FALLBACK_LEVELS = {
  SPY: { support: 445, current: 450, resistance: 460 },
  QQQ: { support: 375, current: 380, resistance: 390 },
} as const satisfies Record<SummaryLevelSymbol, PriceLevels>;

const toCents = (value: number): number => Math.round(value * 100) / 100;

/** Reads a price given as a number or a quote string ('1,234.56'); null when unusable. */
export function parsePrice(price: number | string | null | undefined): number | null {
  const value = typeof price === 'string' ? Number(price.replace(/[$,\s]/g, '')) : price;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

export function summaryLevels(
  symbol: SummaryLevelSymbol,
  price: number | string | null | undefined,
): PriceLevels {
  const current = parsePrice(price);
  if (current === null) return { ...FALLBACK_LEVELS[symbol] };
  return {
    support: toCents(current * SUPPORT_FACTOR),
    current,
    resistance: toCents(current * RESISTANCE_FACTOR),
  };
}

/** Up if SPY's quote is positive, down if explicitly not, flat when unknown. */
export function futuresDirection(isPositive?: boolean | null): FuturesDirection {
  if (isPositive === true) return 'up';
  if (isPositive === false) return 'down';
  return 'flat';
}

/** Market Overview '52W Range': an estimate of 80% to 120% of the price, rounded to cents. */
export function fiftyTwoWeekRange(price: number): { low: number; high: number } {
  return {
    low: toCents(price * FIFTY_TWO_WEEK_RANGE_FACTORS.min),
    high: toCents(price * FIFTY_TWO_WEEK_RANGE_FACTORS.max),
  };
}
