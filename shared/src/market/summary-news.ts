/**
 * The Daily Market Summary's news stories, written from the market model's close: every figure
 * a story quotes ('NVDA +2.31%') is that symbol's closing quote, every verb follows its sign
 * ('rallies' only when it rose), and a story's sentiment never contradicts its first ticker's
 * move. The stories are simulated (the causes named are generic); the numbers are the model's.
 * Here: the Fed, earnings, geopolitical, sector and crypto stories and the list of candidates;
 * the technical stories are in ./summary-news-technical, the shared wording in
 * ./summary-news-wording.
 */
import { isoDateOf } from './calendar';
import { nextEarningsDate } from './earnings';
import { relativeVolume } from './price-history';
import { underlyingAt } from './quotes';
import type { Move, SummarySnapshot } from './summary-snapshot';
import type { SectorMove } from './summary-schemas';
import {
  cap,
  FED_PRESS_RELEASES,
  filingsUrl,
  groupStory,
  moveVerb,
  percent,
  price,
  sameWay,
  SENTIMENT_THRESHOLD_PCT,
  sentimentOf,
  tickerNewsUrl,
  TRILLION,
  type NewsCandidate,
} from './summary-news-wording';
import {
  biggestMover,
  movingAverage,
  relativeStrength,
  unusualVolume,
  yearExtremes,
} from './summary-news-technical';

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
