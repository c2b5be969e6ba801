/**
 * Spec 9, chat suggestions: which tickers a question charts and which strategies it suggests.
 * Words are matched whole and case-insensitively ('call' matches 'calls' but not 'recall').
 */
import { CHAT_DEFAULT_SUGGESTIONS, CHAT_MAX_CHARTS } from '../constants/caps';
import { CHAT_CHART_TICKERS, CHAT_MARKET_CHART_TICKERS } from '../constants/symbols';
import type { StrategySuggestion } from './schemas';

export const STRATEGY_SUGGESTIONS: readonly StrategySuggestion[] = [
  { strategy: 'Long Call', symbol: 'SPY', probability: 72, risk: 'medium' },
  { strategy: 'Iron Condor', symbol: 'QQQ', probability: 65, risk: 'low' },
  { strategy: 'Covered Call', symbol: 'AAPL', probability: 58, risk: 'low' },
  { strategy: 'Long Put', symbol: 'TSLA', probability: 45, risk: 'high' },
];

function mentions(text: string, wordPatterns: readonly string[]): boolean {
  return wordPatterns.some((word) => new RegExp(`\\b${word}\\b`, 'i').test(text));
}

/**
 * Chart tickers named in the question, in CHAT_CHART_TICKERS order, at most CHAT_MAX_CHARTS;
 * when none is named, 'market' or 'index' charts SPY and QQQ.
 */
export function chartTickersFor(question: string): string[] {
  const named = CHAT_CHART_TICKERS.filter((ticker) => mentions(question, [ticker]));
  if (named.length > 0) return named.slice(0, CHAT_MAX_CHARTS);
  return mentions(question, ['market', 'markets', 'index', 'indexes', 'indices'])
    ? [...CHAT_MARKET_CHART_TICKERS]
    : [];
}

/**
 * Bullish or call questions get the call strategies (a 'Call' in the name), bearish or put
 * questions the put strategies; bullish wins when both appear; otherwise the first two.
 */
export function strategySuggestionsFor(question: string): StrategySuggestion[] {
  if (mentions(question, ['bullish', 'calls?'])) {
    return STRATEGY_SUGGESTIONS.filter((s) => /\bCall\b/.test(s.strategy));
  }
  if (mentions(question, ['bearish', 'puts?'])) {
    return STRATEGY_SUGGESTIONS.filter((s) => /\bPut\b/.test(s.strategy));
  }
  return STRATEGY_SUGGESTIONS.slice(0, CHAT_DEFAULT_SUGGESTIONS);
}
