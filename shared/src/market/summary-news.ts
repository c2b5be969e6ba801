/**
 * The Daily Market Summary's news stories, written from the market model's close: every figure
 * a story quotes ('NVDA +2.31%') is that symbol's closing quote, every verb follows its sign
 * ('rallies' only when it rose), and a story's sentiment never contradicts its first ticker's
 * move. The stories are simulated (the causes named are generic); the numbers are the model's.
 */
import { isoDateOf } from './calendar';
import { nextEarningsDate } from './earnings';
import { dailyCloses, relativeStrengthIndex, relativeVolume, simpleMovingAverage } from './price-history';
import { underlyingAt } from './quotes';
import type { NewsCategory, NewsImpact, Sentiment } from './schemas';
import { signed } from './quotes';
import type { Move, SummarySnapshot } from './summary-snapshot';
import type { SectorMove } from './summary-schemas';

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

const SENTIMENT_THRESHOLD_PCT = 0.25;

/** Bullish or bearish when the move is at least a quarter percent that way; neutral otherwise. */
export function sentimentOf(pct: number): Sentiment {
  if (pct >= SENTIMENT_THRESHOLD_PCT) return 'bullish';
  if (pct <= -SENTIMENT_THRESHOLD_PCT) return 'bearish';
  return 'neutral';
}

/** A reading's bias becomes the sentiment only when the day's move agrees with it. */
function biasedSentiment(bias: 'bullish' | 'bearish' | 'neutral', pct: number): Sentiment {
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

const tickerNewsUrl = (symbol: string) =>
  `https://finance.yahoo.com/quote/${encodeURIComponent(symbol.replace('.', '-'))}/news/`;
const filingsUrl = (symbol: string) =>
  `https://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&CIK=${encodeURIComponent(symbol)}&type=10-Q`;
const FED_PRESS_RELEASES = 'https://www.federalreserve.gov/newsevents/pressreleases.htm';

const price = (move: Move) => `$${move.quote.price}`;
const percent = (value: number) => `${signed(value, 2)}%`;
const direction = (pct: number) => (pct > 0 ? 1 : pct < 0 ? -1 : 0);
const sameWay = (moves: Move[], pct: number) =>
  moves
    .filter((move) => direction(move.pct) === direction(pct))
    .sort((a, b) => Math.abs(b.pct) - Math.abs(a.pct));
const cap = (move: Move) =>
  move.entry.sharesOutstanding === null ? 0 : move.entry.sharesOutstanding * Number(move.quote.price);
const TRILLION = 1e12;

/** A group story: the group's average move, its members that moved that way (largest first). */
function groupStory(snap: SummarySnapshot, symbols: readonly string[]) {
  const moves = symbols.map((symbol) => snap.move(symbol));
  const average = moves.reduce((sum, move) => sum + move.pct, 0) / moves.length;
  const leaders = sameWay(moves, average);
  const z = moves.reduce((sum, move) => sum + Math.abs(move.z), 0) / moves.length;
  return { moves, average, leaders: leaders.length > 0 ? leaders : moves, z };
}

function treasuries(snap: SummarySnapshot): NewsCandidate {
  const tlt = snap.move('TLT');
  const { sessionWeekday: when } = snap.day;
  const up = tlt.pct >= SENTIMENT_THRESHOLD_PCT;
  const down = tlt.pct <= -SENTIMENT_THRESHOLD_PCT;
  const title = up
    ? `Treasuries ${moveVerb(tlt.pct, true)} as Fed officials signal patience on rates`
    : down
      ? `Treasuries ${moveVerb(tlt.pct, true)} as Fed speakers push back on rate-cut bets`
      : 'Treasuries steady ahead of the next round of Fed commentary';
  return {
    key: 'fed-treasuries',
    category: 'fed',
    score: 0.6 + Math.abs(tlt.z),
    title,
    summary: `Long bonds moved with rate expectations on ${when}: ${snap.figure('TLT')} to ${price(tlt)}, the dollar index ${snap.figure('DXY')}. The S&P 500 tracker finished ${snap.figure('SPY')}.`,
    tickers: ['TLT', 'SPY'],
    sentiment: sentimentOf(tlt.pct),
    tradingImplication: up
      ? 'Falling long yields support rate-sensitive growth names; TLT call spreads express further easing. Keep size modest into Fed speeches, where these moves often reverse.'
      : down
        ? 'Rising long yields weigh on long-duration tech and real estate; TLT put spreads or trimming rate-sensitive longs limit the damage if yields keep climbing.'
        : 'Rates are in a holding pattern: range-bound structures such as an iron condor on TLT fit until the next data release.',
    sourceUrl: FED_PRESS_RELEASES,
  };
}

function banks(snap: SummarySnapshot): NewsCandidate {
  const group = groupStory(snap, ['KRE', 'XLF', 'JPM', 'BAC']);
  const kre = snap.move('KRE');
  const names = sameWay(group.moves.slice(1), kre.pct).slice(0, 2);
  return {
    key: 'fed-banks',
    category: 'fed',
    score: 0.3 + Math.abs(kre.z),
    title: `Regional banks ${moveVerb(kre.pct, true)} as traders reprice the Fed path`,
    summary: `${snap.figure('KRE')} on ${snap.day.sessionWeekday}${names.length ? `, with ${names.map((m) => snap.figure(m.symbol)).join(' and ')}` : ''}. Bank shares trade on the gap between short and long rates, which Fed guidance moves.`,
    tickers: ['KRE', ...names.map((m) => m.symbol)],
    sentiment: sentimentOf(kre.pct),
    tradingImplication:
      kre.pct >= 0
        ? 'A steadier rate outlook helps lenders; XLF bull put spreads below support keep risk defined.'
        : 'Pressure on lenders: KRE put spreads hedge financials exposure; wait for the rate path to settle before adding.',
    sourceUrl: FED_PRESS_RELEASES,
  };
}

function earningsReported(snap: SummarySnapshot): NewsCandidate[] {
  const { sessionDay, sessionWeekday: when, sessionIndex } = snap.day;
  return snap
    .stocks()
    .filter((move) => nextEarningsDate(move.symbol, sessionDay) === sessionDay)
    .sort((a, b) => Math.abs(b.z) - Math.abs(a.z))
    .slice(0, 3)
    .map((move) => {
      const volume = relativeVolume(move.symbol, sessionIndex);
      const large = cap(move) >= TRILLION;
      const target = (Number(move.quote.price) * (move.pct >= 0 ? 0.97 : 1.03)).toFixed(2);
      return {
        key: `earnings-reported-${move.symbol}`,
        category: 'earnings' as const,
        score: 1 + Math.abs(move.z) + (large ? 0.5 : 0),
        title: `${move.symbol} ${moveVerb(move.pct)} after quarterly results`,
        summary: `${move.entry.name} reported quarterly results before ${when}'s open. ${snap.figure(move.symbol)} to ${price(move)} on ${volume.toFixed(1)}x its average volume.`,
        tickers: [move.symbol],
        sentiment: sentimentOf(move.pct),
        tradingImplication:
          move.pct >= 0
            ? `Implied volatility usually drops after the report: selling premium into strength, such as a bull put spread below $${target}, pays for time rather than direction.`
            : `Implied volatility usually drops after the report: a bear call spread above $${target} collects the post-earnings premium with defined risk.`,
        sourceUrl: filingsUrl(move.symbol),
      };
    });
}

const reportDateFormat = (day: number) =>
  new Date(`${isoDateOf(day)}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

const daysAway = (days: number) => (days === 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`);

function earningsAhead(snap: SummarySnapshot): NewsCandidate[] {
  const { day, asOf, sessionWeekday: when } = snap.day;
  const largest = snap
    .stocks()
    .sort((a, b) => cap(b) - cap(a))
    .slice(0, 30)
    .map((move) => ({ move, reportDay: nextEarningsDate(move.symbol, day) }))
    .sort((a, b) => a.reportDay - b.reportDay || cap(b.move) - cap(a.move));
  const soon = largest.filter(({ reportDay }) => reportDay - day <= 14);
  return (soon.length > 0 ? soon.slice(0, 2) : largest.slice(0, 1)).map(({ move, reportDay }) => {
    const underlying = underlyingAt(move.symbol, asOf);
    const days = Math.max(1, reportDay - day + 1);
    const expectedMove = underlying.atmIv * Math.sqrt(days / 365) * 100;
    const rich = underlying.ivRank >= 50;
    const date = reportDateFormat(reportDay);
    return {
      key: `earnings-ahead-${move.symbol}`,
      category: 'earnings' as const,
      score: 0.4 + (cap(move) >= TRILLION ? 0.5 : 0) + (reportDay - day <= 3 ? 0.5 : 0),
      title: `${move.symbol} reports ${date}: options price a ±${expectedMove.toFixed(1)}% move`,
      summary: `${move.entry.name} is due to report on ${date}, ${daysAway(reportDay - day)}. The 30-day at-the-money implied volatility is ${(underlying.atmIv * 100).toFixed(1)}% with an IV rank of ${Math.round(underlying.ivRank)}. ${snap.figure(move.symbol)} on ${when}.`,
      tickers: [move.symbol],
      sentiment: 'neutral' as const,
      tradingImplication: rich
        ? `Premium is rich into the report (IV rank ${Math.round(underlying.ivRank)}): an iron condor outside the ±${expectedMove.toFixed(1)}% expected move benefits from the post-report volatility drop.`
        : `Premium is modest for an earnings event (IV rank ${Math.round(underlying.ivRank)}): a long straddle costs less than usual; size it for a full loss if the move falls short.`,
      sourceUrl: filingsUrl(move.symbol),
    };
  });
}

function gold(snap: SummarySnapshot): NewsCandidate {
  const gld = snap.move('GLD');
  const miners = sameWay([snap.move('GDX')], gld.pct);
  const up = gld.pct >= SENTIMENT_THRESHOLD_PCT;
  const down = gld.pct <= -SENTIMENT_THRESHOLD_PCT;
  return {
    key: 'geopolitical-gold',
    category: 'geopolitical',
    score: 0.3 + Math.abs(gld.z),
    title: up
      ? `Gold ${moveVerb(gld.pct)} as investors seek safety amid overseas tensions`
      : down
        ? `Gold ${moveVerb(gld.pct)} as geopolitical worries ease`
        : 'Gold steady as markets weigh overseas headlines',
    summary: `${snap.figure('GLD')} to ${price(gld)} on ${snap.day.sessionWeekday}${miners.length ? `; miners followed, ${snap.figure('GDX')}` : ''}. The dollar index closed ${snap.figure('DXY')}.`,
    tickers: ['GLD', ...miners.map((m) => m.symbol)],
    sentiment: sentimentOf(gld.pct),
    tradingImplication: up
      ? 'Haven demand is building: GLD call spreads participate with defined risk; a stronger dollar is the usual reversal signal.'
      : down
        ? 'Haven demand is fading, which tends to favour equities over gold; GLD bear call spreads fit if the calm holds.'
        : 'Gold is range-bound: short strangles on GLD need tight risk limits around headline events.',
    sourceUrl: tickerNewsUrl('GLD'),
  };
}

function energy(snap: SummarySnapshot): NewsCandidate {
  const xle = snap.move('XLE');
  const names = sameWay([snap.move('XOM'), snap.move('CVX')], xle.pct);
  return {
    key: 'geopolitical-energy',
    category: 'geopolitical',
    score: 0.2 + Math.abs(xle.z),
    title:
      xle.pct >= 0
        ? `Energy shares ${moveVerb(xle.pct, true)} on supply concerns`
        : `Energy shares ${moveVerb(xle.pct, true)} as supply fears fade`,
    summary: `${snap.figure('XLE')} on ${snap.day.sessionWeekday}${names.length ? `, ${names.map((m) => snap.figure(m.symbol)).join(', ')}` : ''}, as traders weighed supply risks in producing regions.`,
    tickers: ['XLE', ...names.map((m) => m.symbol)],
    sentiment: sentimentOf(xle.pct),
    tradingImplication:
      xle.pct >= 0
        ? 'Supply risk premium is rising: XLE call spreads or covered calls on XOM capture it without chasing.'
        : 'The supply premium is leaking out: cash-secured puts on XLE below support let you buy weakness at a discount.',
    sourceUrl: tickerNewsUrl('XLE'),
  };
}

function china(snap: SummarySnapshot): NewsCandidate {
  const fxi = snap.move('FXI');
  const names = sameWay([snap.move('BABA'), snap.move('PDD')], fxi.pct);
  return {
    key: 'geopolitical-china',
    category: 'geopolitical',
    score: 0.1 + Math.abs(fxi.z),
    title:
      fxi.pct >= 0
        ? `China large caps ${moveVerb(fxi.pct, true)} on stimulus hopes`
        : `China large caps ${moveVerb(fxi.pct, true)} on renewed trade friction`,
    summary: `${snap.figure('FXI')} on ${snap.day.sessionWeekday}${names.length ? `; ${names.map((m) => snap.figure(m.symbol)).join(', ')}` : ''}. Emerging markets: ${snap.figure('EEM')}.`,
    tickers: ['FXI', ...names.map((m) => m.symbol)],
    sentiment: sentimentOf(fxi.pct),
    tradingImplication:
      fxi.pct >= 0
        ? 'Policy headlines drive these names: FXI call spreads limit the cost if the hopes fade.'
        : 'Headline risk stays high: FXI put spreads hedge emerging-market exposure with defined cost.',
    sourceUrl: tickerNewsUrl('FXI'),
  };
}

/** Every stock sector's equal-weighted move, best first. */
export function sectorMoves(snap: SummarySnapshot): SectorMove[] {
  const bySector = new Map<string, Move[]>();
  for (const move of snap.stocks()) {
    const list = bySector.get(move.entry.sector) ?? [];
    list.push(move);
    bySector.set(move.entry.sector, list);
  }
  return [...bySector]
    .filter(([, moves]) => moves.length >= 2)
    .map(([sector, moves]) => ({
      sector,
      changePercent: Math.round((moves.reduce((sum, m) => sum + m.pct, 0) / moves.length) * 100) / 100,
      stocks: moves.length,
    }))
    .sort((a, b) => b.changePercent - a.changePercent || a.sector.localeCompare(b.sector));
}

function sectorStory(snap: SummarySnapshot, sector: SectorMove, role: 'leader' | 'laggard'): NewsCandidate {
  const members = snap.stocks().filter((move) => move.entry.sector === sector.sector);
  const names = sameWay(members, sector.changePercent).slice(0, 3);
  const named = names.length > 0 ? names : [...members].sort((a, b) => b.pct - a.pct).slice(0, 2);
  const typical = members.reduce((sum, m) => sum + Math.abs(m.z), 0) / members.length;
  const moved = `The ${sector.sector} sector ${moveVerb(sector.changePercent)} (${percent(sector.changePercent)} on average)`;
  return {
    key: `sector-${role}`,
    category: 'sector',
    score: 0.3 + Math.min(typical, Math.abs(sector.changePercent)),
    title: role === 'leader' ? `${moved}, leading the market` : `${moved}, the weakest sector of the session`,
    summary: `${sector.sector} was the ${role === 'leader' ? 'best' : 'worst'}-performing sector on ${snap.day.sessionWeekday} across ${sector.stocks} stocks: ${named.map((m) => snap.figure(m.symbol)).join(', ')}.`,
    tickers: named.map((m) => m.symbol),
    sentiment: sentimentOf(sector.changePercent),
    tradingImplication:
      sector.changePercent >= 0
        ? `Relative strength in ${sector.sector}: bull call spreads on the leaders ride the rotation; buy pullbacks rather than gaps.`
        : `Relative weakness in ${sector.sector}: bear call spreads above resistance, or wait for the selling to exhaust before buying.`,
    sourceUrl: tickerNewsUrl(named[0]!.symbol),
  };
}

function semiconductors(snap: SummarySnapshot): NewsCandidate {
  const smh = snap.move('SMH');
  const names = sameWay(
    ['NVDA', 'AMD', 'AVGO', 'MU'].map((s) => snap.move(s)),
    smh.pct,
  ).slice(0, 2);
  return {
    key: 'sector-semiconductors',
    category: 'sector',
    score: 0.2 + Math.abs(smh.z),
    title: `Chipmakers ${moveVerb(smh.pct, true)} as AI spending expectations shift`,
    summary: `${snap.figure('SMH')} on ${snap.day.sessionWeekday}${names.length ? `, with ${names.map((m) => snap.figure(m.symbol)).join(' and ')}` : ''}.`,
    tickers: ['SMH', ...names.map((m) => m.symbol)],
    sentiment: sentimentOf(smh.pct),
    tradingImplication:
      smh.pct >= 0
        ? 'Semis lead in risk-on tape: SMH bull call spreads capture momentum with capped cost; chip options carry high IV, so prefer spreads over outright calls.'
        : 'Semis lead on the way down too: SMH put spreads hedge tech-heavy portfolios; high IV makes selling call spreads attractive.',
    sourceUrl: tickerNewsUrl('SMH'),
  };
}

function crypto(snap: SummarySnapshot): NewsCandidate {
  const group = groupStory(snap, ['COIN', 'MSTR', 'MARA', 'HOOD']);
  const mixed = Math.abs(group.average) < SENTIMENT_THRESHOLD_PCT;
  const named = (
    mixed ? [...group.moves].sort((a, b) => Math.abs(b.pct) - Math.abs(a.pct)) : group.leaders
  ).slice(0, 3);
  return {
    key: 'crypto-stocks',
    category: 'crypto',
    score: 0.2 + group.z * 0.8,
    title: mixed
      ? 'Crypto-linked stocks mixed as digital assets drift'
      : `Crypto-linked stocks ${moveVerb(group.average, true)} with digital assets`,
    summary: `Shares tied to digital assets moved ${percent(Math.round(group.average * 100) / 100)} on average on ${snap.day.sessionWeekday}: ${named.map((m) => snap.figure(m.symbol)).join(', ')}.`,
    tickers: named.map((m) => m.symbol),
    sentiment: mixed ? 'neutral' : sentimentOf(named[0]!.pct),
    tradingImplication:
      'These names carry two to three times the market’s volatility: use defined-risk spreads, and size positions smaller than for a typical stock.',
    sourceUrl: tickerNewsUrl(named[0]!.symbol),
  };
}

function movingAverage(snap: SummarySnapshot): NewsCandidate {
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

function biggestMover(snap: SummarySnapshot): NewsCandidate {
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

function unusualVolume(snap: SummarySnapshot, exclude: string): NewsCandidate | null {
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

function relativeStrength(snap: SummarySnapshot, symbols: readonly string[]): NewsCandidate | null {
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

function yearExtremes(snap: SummarySnapshot): NewsCandidate | null {
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

/** Every story the close supports, before the day's selection. */
export function newsCandidates(
  snap: SummarySnapshot,
  sectors: readonly SectorMove[],
  watchlist: readonly string[],
): NewsCandidate[] {
  const mover = biggestMover(snap);
  const candidates: (NewsCandidate | null)[] = [
    treasuries(snap),
    banks(snap),
    ...earningsReported(snap),
    ...earningsAhead(snap),
    gold(snap),
    energy(snap),
    china(snap),
    sectorStory(snap, sectors[0]!, 'leader'),
    sectorStory(snap, sectors[sectors.length - 1]!, 'laggard'),
    semiconductors(snap),
    crypto(snap),
    movingAverage(snap),
    mover,
    unusualVolume(snap, mover.tickers[0]!),
    relativeStrength(snap, watchlist),
    yearExtremes(snap),
  ];
  return candidates.filter((candidate): candidate is NewsCandidate => candidate !== null);
}
