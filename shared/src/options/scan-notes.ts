/**
 * What a trader should know about a scan's results besides the results: sentences the page shows
 * above the table. Two today:
 * - IV Rank with a ticker: the spec's IV Rank slider screens the universe only without a ticker
 *   (a scan for one ticker always shows that ticker); with one, the scan says the ticker's IV rank
 *   against the slider, so the slider is never silently ignored.
 * - Direction: which way the results lean (bullish or bearish exposure) and why, when one way has
 *   at least twice as many positions as the other. The default scan leans either way: bullish on
 *   most days (three bullish single-leg strategies to one bearish), bearish when only long puts
 *   are expected to make money (the calibration expects the deepest in-the-money ones to).
 */
import type { ScannerStrategy } from '../constants/strategies';
import type { RealIvStats } from '../providers/history/real-iv';
import { screeningIvRank, type ScanFilters } from './scan-filters';

export type Direction = 'bullish' | 'bearish' | 'neutral';

/** Net delta per share beyond which a multi-leg position counts as directional. */
export const DIRECTIONAL_DELTA = 0.1;

/** Which way a position gains: the single-leg strategies by construction, the others by their net delta. */
export function directionOf(strategy: ScannerStrategy, netDelta: number): Direction {
  switch (strategy) {
    case 'long-call':
    case 'covered-call':
    case 'cash-secured-put':
      return 'bullish';
    case 'long-put':
      return 'bearish';
    default:
      return netDelta > DIRECTIONAL_DELTA ? 'bullish' : netDelta < -DIRECTIONAL_DELTA ? 'bearish' : 'neutral';
  }
}

/**
 * The IV Rank slider with a ticker: it does not screen (the ticker is what was asked for), so the
 * scan says where the ticker's IV rank stands against it. Null without a ticker, when ivRankMin
 * screens explicitly, or when the slider is 0.
 */
export function ivRankNotice(filters: ScanFilters, symbol: string, ivRank: number): string | null {
  if (filters.ticker === undefined || filters.ivRankMin !== undefined || filters.ivRank <= 0) return null;
  const rank = `${symbol}'s IV rank is ${ivRank.toFixed(0)}%`;
  if (ivRank >= filters.ivRank) {
    return `IV Rank: ${rank}, at or above your minimum of ${filters.ivRank.toFixed(0)}%.`;
  }
  return `IV Rank: ${rank}, below your minimum of ${filters.ivRank.toFixed(0)}%. A scan for one ticker shows that ticker anyway: every ${symbol} position is scored, and the low rank counts against selling premium in the IV fit. Set Min IV rank under More filters to leave it out instead.`;
}

/**
 * A real chain's IV rank when too few sessions are recorded for one (realIv.ivRank null): what the
 * scan shows instead of a number, and that the IV filters asked for were not applied (never a
 * silent pass or fail). Null when the rank is known (ivRankNotice then speaks, as on the model).
 */
export function realIvNote(filters: ScanFilters, symbol: string, stats: RealIvStats): string | null {
  if (stats.ivRank !== null) return null;
  const rank = `IV rank: ${stats.reason ?? 'not known'} for ${symbol}'s real chain`;
  const asked = [
    screeningIvRank(filters) > 0 ? `a minimum IV rank of ${screeningIvRank(filters).toFixed(0)}%` : null,
    filters.ivRankMax !== undefined ? `a maximum IV rank of ${filters.ivRankMax.toFixed(0)}%` : null,
    filters.ivPercentileMin !== undefined
      ? `a minimum IV percentile of ${filters.ivPercentileMin.toFixed(0)}%`
      : null,
  ].filter((f): f is string => f !== null);
  if (asked.length > 0) return `${rank}. Your ${asked.join(' and ')} was not applied.`;
  if (filters.ticker !== undefined && filters.ivRankMin === undefined && filters.ivRank > 0)
    return `${rank}, so it is not compared with your minimum of ${filters.ivRank.toFixed(0)}%; the IV fit rests on the forecast alone.`;
  return `${rank}.`;
}

const STRATEGY_SIDES =
  'three of the scanner’s single-leg strategies gain when the stock rises (long call, covered call, cash-secured put) and one when it falls (long put)';

/**
 * Which way the results lean, and why, or null when they are balanced (neither side has twice the
 * other's positions) or have fewer than 4 directional positions. `positiveOnly`: the scan kept
 * only positions expected to make money (its default).
 */
export function leanNotice(
  results: readonly { strategy: ScannerStrategy; delta: number; expectedReturn: number }[],
  positiveOnly = false,
): string | null {
  const counts = { bullish: 0, bearish: 0, neutral: 0 };
  const best = { bullish: -Infinity, bearish: -Infinity };
  for (const r of results) {
    const direction = directionOf(r.strategy, r.delta);
    counts[direction] += 1;
    if (direction !== 'neutral') best[direction] = Math.max(best[direction], r.expectedReturn);
  }
  const { bullish, bearish, neutral } = counts;
  if (bullish + bearish < 4) return null;
  const lean = bullish >= 2 * bearish ? 'bullish' : bearish >= 2 * bullish ? 'bearish' : null;
  if (lean === null) return null;
  const other = lean === 'bullish' ? 'bearish' : 'bullish';
  const pct = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(x * 100).toFixed(1)}%`;
  const why =
    counts[other] === 0
      ? `no ${other} position passed the filters${positiveOnly ? ' with an expected return above its default margin' : ''}`
      : `the best ${other} position is expected to return ${pct(best[other])} against ${pct(best[lean])} for the best ${lean} one`;
  // The strategies' sides explain a bullish lean (three bullish single-leg strategies to one, each
  // capped alike); a bearish lean (long puts the calibration expects to gain, nothing bullish that
  // does) they do not.
  const sides = lean === 'bullish' ? `; ${STRATEGY_SIDES}` : '';
  return `These results lean ${lean}: ${counts[lean]} positions gain if the stock ${lean === 'bullish' ? 'rises' : 'falls'}, ${counts[other]} if it ${lean === 'bullish' ? 'falls' : 'rises'}, ${neutral} neither. Why: ${why}${sides}. Sort or filter by delta for the other side.`;
}
