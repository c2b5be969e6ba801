/**
 * Spec 9, chat suggestions: which tickers a question charts and which strategies it suggests.
 * The spec's four suggestions ('Long Call SPY 72% Medium', ...) had fixed numbers; here they are
 * templates (a strategy and a default symbol) that ./cards prices as actual positions.
 */
import { CHAT_DEFAULT_SUGGESTIONS, CHAT_MAX_CHARTS } from '../constants/caps';
import { scannerStrategyLabel, type ScannerStrategy } from '../constants/strategies';
import { CHAT_CHART_TICKERS, CHAT_MARKET_CHART_TICKERS } from '../constants/symbols';
import { mentions, questionDirection, scannableSymbolsIn, symbolsIn } from './question';

export interface StrategyPick {
  strategy: ScannerStrategy;
  symbol: string;
}

/** The spec's four suggestions, in its order, without their made-up probabilities and risks. */
export const STRATEGY_TEMPLATES: readonly StrategyPick[] = [
  { strategy: 'long-call', symbol: 'SPY' },
  { strategy: 'iron-condor', symbol: 'QQQ' },
  { strategy: 'covered-call', symbol: 'AAPL' },
  { strategy: 'long-put', symbol: 'TSLA' },
];

/**
 * Chart tickers named in the question (by ticker or company name), in CHAT_CHART_TICKERS order,
 * at most CHAT_MAX_CHARTS; when none is named, 'market' or 'index' charts SPY and QQQ.
 */
export function chartTickersFor(question: string): string[] {
  const named = new Set(symbolsIn(question));
  const charted = CHAT_CHART_TICKERS.filter((ticker) => named.has(ticker));
  if (charted.length > 0) return charted.slice(0, CHAT_MAX_CHARTS);
  return mentions(question, ['market', 'markets', 'index', 'indexes', 'indices'])
    ? [...CHAT_MARKET_CHART_TICKERS]
    : [];
}

/**
 * Bullish or call questions get the call strategies (a 'Call' in the name), bearish or put
 * questions the put strategies; bullish wins when both appear; otherwise the first two. When the
 * question names a symbol with listed options, every suggestion is for that symbol.
 */
export function strategyPicksFor(question: string): StrategyPick[] {
  const direction = questionDirection(question);
  const templates =
    direction === 'bullish'
      ? STRATEGY_TEMPLATES.filter((t) => /\bCall\b/.test(scannerStrategyLabel(t.strategy)))
      : direction === 'bearish'
        ? STRATEGY_TEMPLATES.filter((t) => /\bPut\b/.test(scannerStrategyLabel(t.strategy)))
        : STRATEGY_TEMPLATES.slice(0, CHAT_DEFAULT_SUGGESTIONS);
  const asked = scannableSymbolsIn(question)[0];
  return templates.map((template) => ({ ...template, symbol: asked ?? template.symbol }));
}
