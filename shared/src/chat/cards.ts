/**
 * The cards under a reply, by the spec's rules (./suggestions) and with real numbers: each chart a
 * price history from the market model, each strategy an actual position the options engine built
 * and priced (the scanner's best for that symbol and strategy), with its probability of profit and
 * a risk level from what it can lose (./strategy-risk).
 */
import { scannerStrategyLabel } from '../constants/strategies';
import { historyRangeLabels, marketHistory, type HistoryRange } from '../market/history';
import { scanFiltersSchema, type ScanFilters } from '../options/scan-filters';
import { scan, type ScanResultDetail } from '../options/scanner';
import { universeSnapshot, type UniverseSnapshot } from '../options/snapshot';
import type { ChatChart, StrategySuggestion } from './schemas';
import { SUGGESTION_SCAN_OVERRIDES } from './scanner-link';
import { lossAtExpectedMove, riskLevelOf } from './strategy-risk';
import { chartTickersFor, strategyPicksFor, type StrategyPick } from './suggestions';

/** What a chart card shows first (the card can switch to the other ranges). */
export const CHAT_CHART_RANGE: HistoryRange = '3M';

export function chatChart(symbol: string, at: Date, range: HistoryRange = CHAT_CHART_RANGE): ChatChart {
  const history = marketHistory(symbol, range, at);
  return {
    symbol: history.symbol,
    title: `${history.symbol} · ${historyRangeLabels[range]}`,
    timeframe: range,
    points: history.points.map((point) => ({ time: point.time, price: point.close })),
    source: history.source,
  };
}

export function chartsFor(question: string, at: Date): ChatChart[] {
  return chartTickersFor(question).map((symbol) => chatChart(symbol, at));
}

/**
 * The scan a suggestion comes from, and that the scanner page runs when the suggestion opens it:
 * the symbol and strategy, best edge score first, within the scanner's liquidity floors and DTE
 * window, with SUGGESTION_SCAN_OVERRIDES (any IV rank, losers included).
 */
export function suggestionScanFilters(pick: StrategyPick): ScanFilters {
  return scanFiltersSchema.parse({
    ticker: pick.symbol,
    strategy: pick.strategy,
    ...SUGGESTION_SCAN_OVERRIDES,
  });
}

const orNull = (value: number): number | null => (Number.isFinite(value) ? value : null);

export function suggestionFrom(result: ScanResultDetail): StrategySuggestion {
  const { position } = result;
  const capital = result.capitalRequired;
  const lossShare = lossAtExpectedMove(position, result.expectedMove, capital);
  const strikes = [
    ...new Set(position.legs.flatMap((leg) => (leg.strike === null ? [] : [leg.strike]))),
  ].sort((a, b) => a - b);
  return {
    symbol: result.ticker,
    strategy: scannerStrategyLabel(result.strategy),
    probability: Math.round(result.probabilityOfProfit * 100),
    risk: riskLevelOf(lossShare),
    position: {
      strategy: result.strategy,
      expiration: result.expiration,
      strikes,
      underlyingPrice: Math.round(result.underlyingPrice * 100) / 100,
      cost: result.cost,
      maxProfit: orNull(result.maxProfit),
      maxLoss: orNull(result.maxLoss),
      capitalRequired: orNull(capital),
      lossAtExpectedMove: Math.round(lossShare * 1000) / 1000,
      expectedMove: Math.round(result.expectedMove * 100) / 100,
      edgeScore: result.edgeScore,
      asOf: position.asOf,
      source: 'simulated',
    },
  };
}

/** The best position for a pick, or null when the engine finds none (e.g. no bid to sell). */
export function priceSuggestion(pick: StrategyPick, snapshot: UniverseSnapshot): StrategySuggestion | null {
  const [best] = scan(snapshot, { ...suggestionScanFilters(pick), limit: 1 }).results;
  return best ? suggestionFrom(best) : null;
}

export function strategySuggestionsFor(
  question: string,
  at: Date,
  snapshot: UniverseSnapshot = universeSnapshot(at),
): StrategySuggestion[] {
  return strategyPicksFor(question).flatMap((pick) => priceSuggestion(pick, snapshot) ?? []);
}
