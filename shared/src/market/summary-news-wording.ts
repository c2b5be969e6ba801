/**
 * What every Daily Market Summary story is made of: the candidate's shape, its impact and
 * sentiment from the numbers, the verb for a move (never 'rallies' on a fall), the figures and
 * source links the stories quote. The stories are in ./summary-news and ./summary-news-technical.
 */
import { signed } from './quotes';
import type { NewsImpact, NewsCategory, Sentiment } from './schemas';
import type { Move, SummarySnapshot } from './summary-snapshot';

export const SIMULATED_NEWS_SOURCE = 'Edge Options Simulated Wire';

/** A story before selection: the spec's fields less id and timestamp, plus how newsworthy it is. */
export interface NewsCandidate {
  key: string;
  category: NewsCategory;
  /** Larger is more newsworthy; also sets the impact (see impactOf). */
  score: number;
  title: string;
  summary: string;
  tickers: string[];
  sentiment: Sentiment;
  tradingImplication: string;
  sourceUrl: string;
}

/** Impact from newsworthiness: high at 2 or more, medium at 1 or more, otherwise low. */
export function impactOf(score: number): NewsImpact {
  return score >= 2 ? 'high' : score >= 1 ? 'medium' : 'low';
}

export const SENTIMENT_THRESHOLD_PCT = 0.25;

/** Bullish or bearish when the move is at least a quarter percent that way; neutral otherwise. */
export function sentimentOf(pct: number): Sentiment {
  if (pct >= SENTIMENT_THRESHOLD_PCT) return 'bullish';
  if (pct <= -SENTIMENT_THRESHOLD_PCT) return 'bearish';
  return 'neutral';
}

/** A reading's bias becomes the sentiment only when the day's move agrees with it. */
export function biasedSentiment(bias: 'bullish' | 'bearish' | 'neutral', pct: number): Sentiment {
  return sentimentOf(pct) === bias ? bias : 'neutral';
}

/** The verb for a move: 'rallies' / 'rally' only up, 'slides' / 'slide' only down. */
export function moveVerb(pct: number, plural = false): string {
  const [one, many] =
    pct >= 3
      ? ['surges', 'surge']
      : pct >= 1.5
        ? ['rallies', 'rally']
        : pct >= 0.5
          ? ['climbs', 'climb']
          : pct > 0
            ? ['edges higher', 'edge higher']
            : pct === 0
              ? ['holds steady', 'hold steady']
              : pct > -0.5
                ? ['edges lower', 'edge lower']
                : pct > -1.5
                  ? ['falls', 'fall']
                  : pct > -3
                    ? ['slides', 'slide']
                    : ['tumbles', 'tumble'];
  return plural ? many : one;
}

export const tickerNewsUrl = (symbol: string) =>
  `https://finance.yahoo.com/quote/${encodeURIComponent(symbol.replace('.', '-'))}/news/`;
export const filingsUrl = (symbol: string) =>
  `https://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&CIK=${encodeURIComponent(symbol)}&type=10-Q`;
export const FED_PRESS_RELEASES = 'https://www.federalreserve.gov/newsevents/pressreleases.htm';

export const price = (move: Move) => `$${move.quote.price}`;
export const percent = (value: number) => `${signed(value, 2)}%`;
export const direction = (pct: number) => (pct > 0 ? 1 : pct < 0 ? -1 : 0);
export const sameWay = (moves: Move[], pct: number) =>
  moves
    .filter((move) => direction(move.pct) === direction(pct))
    .sort((a, b) => Math.abs(b.pct) - Math.abs(a.pct));
export const cap = (move: Move) =>
  move.entry.sharesOutstanding === null ? 0 : move.entry.sharesOutstanding * Number(move.quote.price);
export const TRILLION = 1e12;

/** A group story: the group's average move, its members that moved that way (largest first). */
export function groupStory(snap: SummarySnapshot, symbols: readonly string[]) {
  const moves = symbols.map((symbol) => snap.move(symbol));
  const average = moves.reduce((sum, move) => sum + move.pct, 0) / moves.length;
  const leaders = sameWay(moves, average);
  const z = moves.reduce((sum, move) => sum + Math.abs(move.z), 0) / moves.length;
  return { moves, average, leaders: leaders.length > 0 ? leaders : moves, z };
}
