/**
 * The Daily Market Summary (GET /api/market-summary), generated from the simulated market: a
 * pure function of the instant, the same all day (see ./summary-snapshot for what a day is).
 *   - futures direction from SPY (spec 4), VIX level, sector rotation from the sectors' moves,
 *     a volatility outlook from the VIX and SPY's implied volatility and IV rank;
 *   - SPY and QQQ support / current / resistance at 98% / 102% (./summary-levels);
 *   - 8-12 news stories (./summary-news), one per category first and then the most newsworthy,
 *     stamped within the 12 hours before the summary was published, sorted by impact then recency.
 */
import { NEWS_ITEMS_RANGE } from '../constants/caps';
import { MARKET_OVERVIEW_SYMBOLS, TICKER_BAR_SYMBOLS } from '../constants/symbols';
import { NEWS_WINDOW_MS } from '../constants/timings';
import { vixTone } from '../ui/colour-bands';
import { signed, underlyingAt } from './quotes';
import { newsCategories, newsImpacts, type NewsItem } from './schemas';
import { futuresDirection, summaryLevels } from './summary-levels';
import { newsCandidates, sectorMoves } from './summary-news';
import { impactOf, SIMULATED_NEWS_SOURCE, type NewsCandidate } from './summary-news-wording';
import type { DailyMarketSummary, SectorMove } from './summary-schemas';
import { summaryDayAt, SummarySnapshot, type Move } from './summary-snapshot';
import { universeEntry } from './universe';

/** Stocks and ETFs the dashboard shows, watched for technical extremes. */
const WATCHLIST = [...new Set([...MARKET_OVERVIEW_SYMBOLS, ...TICKER_BAR_SYMBOLS])].filter(
  (symbol) => universeEntry(symbol)?.kind !== 'index',
);

/** How far a story's rank may move by the day's draw, so different days tell different stories. */
const RANK_JITTER = 0.6;

const IMPACT_ORDER = Object.fromEntries(newsImpacts.map((impact, i) => [impact, i])) as Record<
  NewsItem['impact'],
  number
>;

/** Spec 9: by impact (high, medium, low), then newest first. */
export function compareNews(a: NewsItem, b: NewsItem): number {
  return (
    IMPACT_ORDER[a.impact] - IMPACT_ORDER[b.impact] ||
    Date.parse(b.timestamp) - Date.parse(a.timestamp) ||
    a.id.localeCompare(b.id)
  );
}

function rotationText(sectors: readonly SectorMove[]): string {
  const list = (moves: readonly SectorMove[]) =>
    moves.map((move) => `${move.sector} ${signed(move.changePercent, 2)}%`).join(', ');
  return `Leading: ${list(sectors.slice(0, 2))}. Lagging: ${list(sectors.slice(-2).reverse())}.`;
}

const weekdayOf = (isoDate: string) =>
  new Date(`${isoDate}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });

/** What the day holds for the market, before the outlook: closed (and why), or an early close. */
function marketDayText(snap: SummarySnapshot): string {
  const { market } = snap.day;
  if (!market.trades)
    return `US markets are closed today (${market.closedFor}); the next session is ${weekdayOf(market.nextSessionDate)}, ${market.nextSessionDate}. `;
  if (market.earlyClose) return `US markets close early today, at ${market.earlyClose} ET. `;
  return '';
}

function volatilityOutlook(snap: SummarySnapshot, vix: Move): string {
  const tone = vixTone(Number(vix.quote.price));
  const mood = tone === 'red' ? 'Elevated' : tone === 'yellow' ? 'Heightened' : 'Calm';
  const spy = underlyingAt('SPY', snap.day.asOf);
  const rank = Math.round(spy.ivRank);
  const premium =
    rank >= 50
      ? 'premium is rich against the past year, which favours defined-risk selling (credit spreads, iron condors)'
      : rank >= 25
        ? 'premium is fairly priced against the past year'
        : 'premium is cheap against the past year, which favours buying options and debit spreads';
  return `${marketDayText(snap)}${mood}: VIX ${vix.quote.price} (${vix.quote.change}) after ${snap.day.sessionWeekday}'s session. SPY 30-day implied volatility is ${(spy.atmIv * 100).toFixed(1)}% with an IV rank of ${rank}: ${premium}.`;
}

function selectNews(snap: SummarySnapshot, candidates: readonly NewsCandidate[]): NewsItem[] {
  const { min, max } = NEWS_ITEMS_RANGE;
  const count = Math.min(candidates.length, min + Math.floor(snap.random('count') * (max - min + 1)));
  const ranked = candidates
    .map((candidate) => ({
      candidate,
      rank: candidate.score + RANK_JITTER * snap.random(`rank:${candidate.key}`),
    }))
    .sort((a, b) => b.rank - a.rank)
    .map(({ candidate }) => candidate);
  const chosen = newsCategories
    .map((category) => ranked.find((candidate) => candidate.category === category))
    .filter((candidate): candidate is NewsCandidate => candidate !== undefined);
  for (const candidate of ranked) {
    if (chosen.length >= count) break;
    if (!chosen.includes(candidate)) chosen.push(candidate);
  }
  const { date, publishedAt } = snap.day;
  const windowStart = new Date(publishedAt.getTime() - NEWS_WINDOW_MS);
  return chosen
    .map(({ key, score, category, title, summary, tickers, sentiment, tradingImplication, sourceUrl }) => ({
      id: `${date}-${key}`,
      title,
      summary,
      impact: impactOf(score),
      category,
      tickers,
      timestamp: snap.instantBetween(windowStart, publishedAt, `time:${key}`).toISOString(),
      sentiment,
      tradingImplication,
      sourceUrl,
      sourceName: SIMULATED_NEWS_SOURCE,
      provider: 'simulated' as const,
    }))
    .sort(compareNews);
}

/** The summary that applies at `at`. */
export function dailyMarketSummary(at: Date): DailyMarketSummary {
  const day = summaryDayAt(at);
  const snap = new SummarySnapshot(day);
  const spy = snap.move('SPY');
  const qqq = snap.move('QQQ');
  const vix = snap.move('VIX');
  const sectors = sectorMoves(snap);
  const news = selectNews(snap, newsCandidates(snap, sectors, WATCHLIST));
  const symbols = new Set([...snap.cited, ...news.flatMap((item) => item.tickers)]);
  return {
    overview: {
      futuresDirection: futuresDirection(spy.quote.isPositive),
      vixLevel: Number(vix.quote.price),
      sectorRotation: rotationText(sectors),
      volatilityOutlook: volatilityOutlook(snap, vix),
    },
    levels: { SPY: summaryLevels('SPY', spy.quote.price), QQQ: summaryLevels('QQQ', qqq.quote.price) },
    news,
    updatedAt: day.publishedAt.toISOString(),
    source: 'simulated',
    date: day.date,
    sessionDate: day.sessionDate,
    market: day.market,
    asOf: day.asOf.toISOString(),
    vixChange: Number(vix.quote.change),
    sectors,
    quotes: [...symbols].map((symbol) => snap.move(symbol).quote),
    newsSource: { provider: 'simulated', fetchedAt: null, stale: null },
  };
}
