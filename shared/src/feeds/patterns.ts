/**
 * Detected patterns (spec 3): read from the items in a feed, never drawn at random. Dark pool:
 * per ticker with repeated prints, who is on which side and how; Trend Alerts: clusters of one
 * alert type across tickers. Bullishness is clamped to 10-95, confidence to 50-100 (spec 5).
 */
import { BULLISHNESS_RANGE, clampToRange, PATTERN_CONFIDENCE_RANGE } from '../constants/ranges';
import { formatVolume } from '../format/volume';
import type { DarkPoolFlow, Pattern, TrendAlert, TrendAlertType } from './schemas';

const MAX_TICKER_PATTERNS = 3;
const MAX_TREND_PATTERNS = 3;

const bullishness = (share: number) => clampToRange(Math.round(share * 100), BULLISHNESS_RANGE);
const confidence = (value: number) => clampToRange(Math.round(value), PATTERN_CONFIDENCE_RANGE);

function spanLabel(timestamps: readonly string[]): string {
  const times = timestamps.map((t) => Date.parse(t));
  const minutes = Math.max(1, Math.round((Math.max(...times) - Math.min(...times)) / 60_000));
  return minutes >= 120 ? `Last ${Math.round(minutes / 60)} hours` : `Last ${minutes} min`;
}

function flowPattern(flows: readonly DarkPoolFlow[], ticker?: string): Pattern {
  const notional = (flow: DarkPoolFlow) => flow.blockSize * flow.price;
  const total = flows.reduce((sum, flow) => sum + notional(flow), 0);
  const bought = flows.filter((f) => f.side === 'buy').reduce((sum, flow) => sum + notional(flow), 0);
  const shares = flows.reduce((sum, flow) => sum + flow.blockSize, 0);
  const timeframe = spanLabel(flows.map((f) => f.timestamp));
  const whatOf = (buyShare: number) =>
    buyShare >= 0.65 ? 'Accumulation' : buyShare <= 0.35 ? 'Distribution' : 'Two-sided positioning';
  if (flows.some((f) => f.tape !== undefined)) return tapePattern(flows, ticker);
  const buyShare = total > 0 ? bought / total : 0.5;
  const algorithmic = flows.filter((f) => f.algorithmicDetection).length;
  const human = flows.length - algorithmic;
  const who =
    algorithmic / flows.length >= 0.6
      ? 'by algorithms'
      : human / flows.length >= 0.6
        ? 'by block desks'
        : 'by desks and algorithms';
  const what = whatOf(buyShare);
  const averageConfidence = flows.reduce((sum, flow) => sum + (flow.confidence ?? 0), 0) / flows.length;
  return {
    pattern: ticker ? `${what} ${who}` : `All prints: ${what.toLowerCase()}`,
    description: `${flows.length} blocks, ${formatVolume(shares)} shares, ${Math.round(buyShare * 100)}% bought by value; ${human} human-pattern and ${algorithmic} algorithmic prints.`,
    bullishness: bullishness(buyShare),
    timeframe,
    confidence: confidence(averageConfidence * (0.75 + 0.05 * Math.min(flows.length, 5))),
    ...(ticker ? { ticker } : {}),
  };

  /**
   * Real prints say who traded nothing about who traded: the lean is the bought share of the
   * value whose side the quote rule could read, the confidence that share of the whole value.
   */
  function tapePattern(prints: readonly DarkPoolFlow[], symbol?: string): Pattern {
    const sold = prints.filter((f) => f.side === 'sell').reduce((sum, flow) => sum + notional(flow), 0);
    const sided = bought + sold;
    const buyShare = sided > 0 ? bought / sided : 0.5;
    const what = whatOf(buyShare);
    return {
      pattern: symbol ? `${what} off-exchange` : `All prints: ${what.toLowerCase()}`,
      description: `${prints.length} blocks, ${formatVolume(shares)} shares, ${Math.round(buyShare * 100)}% of the value with a side bought (side read from the NBBO for ${Math.round((total > 0 ? sided / total : 0) * 100)}% of the value).`,
      bullishness: bullishness(buyShare),
      timeframe,
      confidence: confidence(total > 0 ? (100 * sided) / total : 0),
      ...(symbol ? { ticker: symbol } : {}),
    };
  }
}

/** Patterns in the given prints: tickers with two or more blocks (largest first), then the whole tape. */
export function detectDarkPoolPatterns(flows: readonly DarkPoolFlow[]): Pattern[] {
  const byTicker = new Map<string, DarkPoolFlow[]>();
  for (const flow of flows) byTicker.set(flow.ticker, [...(byTicker.get(flow.ticker) ?? []), flow]);
  const value = (group: DarkPoolFlow[]) => group.reduce((sum, f) => sum + f.blockSize * f.price, 0);
  const repeated = [...byTicker.entries()]
    .filter(([, group]) => group.length >= 2)
    .sort(([a, ga], [b, gb]) => value(gb) - value(ga) || a.localeCompare(b))
    .slice(0, MAX_TICKER_PATTERNS)
    .map(([ticker, group]) => flowPattern(group, ticker));
  return flows.length >= 3 ? [...repeated, flowPattern(flows)] : repeated;
}

const TREND_CLUSTER_NAMES: Record<TrendAlertType, string> = {
  momentum: 'Momentum cluster',
  breakout: 'Breakout cluster',
  volume: 'Volume surge cluster',
  social: 'Social buzz cluster',
  technical: 'Technical signal cluster',
  news: 'News-driven cluster',
};

/** Alert types that fired on two or more tickers, most alerts first. */
export function detectTrendPatterns(alerts: readonly TrendAlert[]): Pattern[] {
  const byType = new Map<TrendAlertType, TrendAlert[]>();
  for (const alert of alerts) byType.set(alert.alertType, [...(byType.get(alert.alertType) ?? []), alert]);
  return [...byType.entries()]
    .map(([type, group]) => ({ type, group, tickers: [...new Set(group.map((a) => a.ticker))] }))
    .filter(({ tickers }) => tickers.length >= 2)
    .sort((a, b) => b.group.length - a.group.length || a.type.localeCompare(b.type))
    .slice(0, MAX_TREND_PATTERNS)
    .map(({ type, group, tickers }) => {
      const bullish = group.filter((a) => a.bias === 'bullish').length;
      const bearish = group.filter((a) => a.bias === 'bearish').length;
      const leaning = bullish + bearish === 0 ? 0.5 : bullish / (bullish + bearish);
      return {
        pattern: TREND_CLUSTER_NAMES[type],
        description: `${group.length} alerts on ${tickers.slice(0, 5).join(', ')}${tickers.length > 5 ? ` and ${tickers.length - 5} more` : ''}: ${bullish} bullish, ${bearish} bearish.`,
        bullishness: bullishness(leaning),
        timeframe: spanLabel(group.map((a) => a.timestamp)),
        confidence: confidence(group.reduce((sum, a) => sum + a.confidence, 0) / group.length),
      };
    });
}
