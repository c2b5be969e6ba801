/**
 * The Daily Market Summary's technical stories, from the market model's price history: a 50-day
 * moving-average cross or hold, the session's largest move, unusual volume, an RSI extreme on the
 * watchlist, and closes at 52-week highs or lows.
 */
import { dailyCloses, relativeStrengthIndex, relativeVolume, simpleMovingAverage } from './price-history';
import type { SummarySnapshot } from './summary-snapshot';
import {
  biasedSentiment,
  cap,
  moveVerb,
  price,
  sentimentOf,
  tickerNewsUrl,
  type NewsCandidate,
} from './summary-news-wording';

export function movingAverage(snap: SummarySnapshot): NewsCandidate {
  const { sessionIndex } = snap.day;
  const readings = ['SPY', 'QQQ', 'IWM'].map((symbol) => {
    const closes = dailyCloses(symbol, sessionIndex, 51);
    const close = closes[closes.length - 1]!;
    const previous = closes[closes.length - 2]!;
    const average = simpleMovingAverage(closes, 50);
    const previousAverage = simpleMovingAverage(closes.slice(0, -1), 50);
    const above = close > average;
    const crossed = above !== previous > previousAverage;
    return { symbol, average, above, crossed, distance: (close / average - 1) * 100 };
  });
  const reading =
    readings.find((r) => r.crossed) ??
    [...readings].sort((a, b) => Math.abs(b.distance) - Math.abs(a.distance))[0]!;
  const move = snap.move(reading.symbol);
  const { symbol, above, crossed } = reading;
  const level = `$${reading.average.toFixed(2)}`;
  const title = crossed
    ? `${symbol} crosses ${above ? 'above' : 'below'} its 50-day moving average`
    : `${symbol} ${above ? 'holds above' : 'stays below'} its 50-day moving average`;
  return {
    key: 'technical-moving-average',
    category: 'technical',
    score: (crossed ? 1.6 : 0.3) + Math.min(1, Math.abs(reading.distance) / 3),
    title,
    summary: `${symbol} closed at ${price(move)} (${snap.figure(symbol)}), ${Math.abs(reading.distance).toFixed(1)}% ${above ? 'above' : 'below'} its 50-day average of ${level}.`,
    tickers: [symbol],
    sentiment: biasedSentiment(above ? 'bullish' : 'bearish', move.pct),
    tradingImplication: above
      ? `The trend is up while ${symbol} holds ${level}: bull put spreads with short strikes below the average use it as support.`
      : `The trend is down while ${symbol} stays under ${level}: bear call spreads above the average use it as resistance.`,
    sourceUrl: tickerNewsUrl(symbol),
  };
}

export function biggestMover(snap: SummarySnapshot): NewsCandidate {
  const move = [...snap.stocks()].sort((a, b) => Math.abs(b.z) - Math.abs(a.z))[0]!;
  const volume = relativeVolume(move.symbol, snap.day.sessionIndex);
  return {
    key: 'technical-biggest-mover',
    category: 'technical',
    score: 0.5 + Math.abs(move.z) * 0.8,
    title: `${move.symbol} ${moveVerb(move.pct)} in the session's largest move`,
    summary: `${snap.figure(move.symbol)} to ${price(move)} on ${snap.day.sessionWeekday}, about ${Math.abs(move.z).toFixed(1)} times its typical daily move, on ${volume.toFixed(1)}x its average volume.`,
    tickers: [move.symbol],
    sentiment: sentimentOf(move.pct),
    tradingImplication:
      move.pct >= 0
        ? `Momentum and volume agree: a bull call spread rides follow-through; expect implied volatility in ${move.symbol} to stay high for a few sessions.`
        : `Heavy selling: wait for volume to fade before buying the dip; a put spread hedges existing ${move.symbol} positions.`,
    sourceUrl: tickerNewsUrl(move.symbol),
  };
}

export function unusualVolume(snap: SummarySnapshot, exclude: string): NewsCandidate | null {
  const { sessionIndex } = snap.day;
  const ranked = snap
    .stocks()
    .filter((move) => move.symbol !== exclude)
    .map((move) => ({ move, volume: relativeVolume(move.symbol, sessionIndex) }))
    .sort((a, b) => b.volume - a.volume);
  const top = ranked[0];
  if (!top || top.volume < 1.5) return null;
  const { move, volume } = top;
  return {
    key: 'technical-volume',
    category: 'technical',
    score: 0.2 + (volume - 1),
    title: `${move.symbol} trades ${volume.toFixed(1)}x its average volume as shares ${moveVerb(move.pct, true)}`,
    summary: `Heavy trading in ${move.entry.name}: ${snap.figure(move.symbol)} to ${price(move)} on ${move.quote.volume} shares, ${volume.toFixed(1)} times its average daily volume.`,
    tickers: [move.symbol],
    sentiment: sentimentOf(move.pct),
    tradingImplication:
      'Volume this far above average often marks institutional repositioning: watch whether the move holds the next session before committing to direction.',
    sourceUrl: tickerNewsUrl(move.symbol),
  };
}

export function relativeStrength(snap: SummarySnapshot, symbols: readonly string[]): NewsCandidate | null {
  const { sessionIndex } = snap.day;
  const extreme = symbols
    .map((symbol) => ({ symbol, rsi: relativeStrengthIndex(dailyCloses(symbol, sessionIndex, 120), 14) }))
    .filter(({ rsi }) => rsi >= 70 || rsi <= 30)
    .sort((a, b) => Math.abs(b.rsi - 50) - Math.abs(a.rsi - 50))[0];
  if (!extreme) return null;
  const move = snap.move(extreme.symbol);
  const overbought = extreme.rsi >= 70;
  const rsi = Math.round(extreme.rsi);
  return {
    key: 'technical-rsi',
    category: 'technical',
    score: 0.4 + Math.abs(extreme.rsi - 50) / 25,
    title: `${extreme.symbol} in ${overbought ? 'overbought' : 'oversold'} territory: 14-day RSI at ${rsi}`,
    summary: `${snap.figure(extreme.symbol)} to ${price(move)} on ${snap.day.sessionWeekday} left its 14-day relative strength index at ${rsi}, ${overbought ? 'above 70' : 'below 30'}.`,
    tickers: [extreme.symbol],
    sentiment: 'neutral',
    tradingImplication: overbought
      ? 'Stretched to the upside: take partial profits or sell a call spread above resistance; momentum can persist, so keep risk defined.'
      : 'Stretched to the downside: a bull put spread below support bets on a bounce with defined risk; avoid catching the knife with naked calls.',
    sourceUrl: tickerNewsUrl(extreme.symbol),
  };
}

export function yearExtremes(snap: SummarySnapshot): NewsCandidate | null {
  const stocks = snap.stocks();
  const highs = stocks.filter((m) => m.quote.fiftyTwoWeekHigh === m.quote.price && m.pct > 0);
  const lows = stocks.filter((m) => m.quote.fiftyTwoWeekLow === m.quote.price && m.pct < 0);
  const atHighs = highs.length >= lows.length;
  const list = (atHighs ? highs : lows).sort((a, b) => cap(b) - cap(a));
  const lead = list[0];
  if (!lead) return null;
  const which = atHighs ? 'high' : 'low';
  return {
    key: 'technical-52-week',
    category: 'technical',
    score: 0.5 + list.length * 0.15,
    title:
      list.length === 1
        ? `${lead.symbol} closes at a 52-week ${which}`
        : `${list.length} stocks close at 52-week ${which}s, ${lead.symbol} among them`,
    summary: `${list
      .slice(0, 3)
      .map((m) => snap.figure(m.symbol))
      .join(', ')} on ${snap.day.sessionWeekday}, each at its ${which}est close of the past year.`,
    tickers: list.slice(0, 3).map((m) => m.symbol),
    sentiment: sentimentOf(lead.pct),
    tradingImplication: atHighs
      ? 'New highs with no overhead supply: trend followers favour bull call spreads; protect gains with a stop under the breakout level.'
      : 'New lows mean every holder is under water: avoid bottom-fishing with calls; put spreads or patience fit better.',
    sourceUrl: tickerNewsUrl(lead.symbol),
  };
}
