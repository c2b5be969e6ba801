/**
 * Market Alerts (spec 3, help text and spec 9's triggers): at each arrival of the alerts
 * timeline, every trigger is read from the market model at that instant, and one of the alerts
 * that fire is chosen (seeded, weighted by type and severity). An arrival where nothing fires
 * gives no alert. The triggers:
 *   breakout          the price crossed its 20-day closing high (or low) within the last 15 minutes
 *   high-volume       session volume 200%+ above the 20-day average, when it first becomes measurable
 *   volatility-spike  30-day implied volatility up more than 20% in an hour
 *   technical         RSI(14) crossed 70 or 30, or the price crossed its 50-day average (to 0.25%
 *                     beyond it: a price hovering at the average is no cross), in 15 minutes
 *   earnings          a report within three days (once a day per name, at a seeded hour)
 *   dark-pool         a block of more than 100,000 shares in the dark pool feed in the last minute
 *   unusual-flow      a simulated options block over 1,000 contracts, or 300%+ above the name's typical block
 * Price, change and volume are the model's at the alert's instant. Alerts exist only inside a
 * regular session of the NYSE calendar (docs/decisions/market-sessions.md).
 */
import { ALERT_TRIGGERS } from '../constants/caps';
import { formatVolume } from '../format/volume';
import { isInSession, isoDateOf, newYorkTime, SESSION_MINUTES } from '../market/calendar';
import { nextEarningsDate } from '../market/earnings';
import { hashString, uniform } from '../market/random';
import { pricePoint, sessionVolumeShare } from '../market/price-model';
import { universeEntry } from '../market/universe';
import { listedStrikeNear } from '../options/chain';
import { listedExpirations } from '../options/expirations';
import { generateDarkPoolFlow } from './dark-pool';
import { Draws } from './draws';
import { memoized } from './memo';
import {
  averageVolume20,
  cents,
  FEED_UNIVERSE,
  impliedMovePercent,
  marketMoment,
  MEASURABLE_VOLUME_SHARE,
  quoteFigures,
  readMarket,
  relativeVolumeAt,
  scanReading,
  type MarketMoment,
  type ScanReading,
} from './market-readings';
import {
  type AlertSeverity,
  type AlertTrigger,
  type Bias,
  type MarketAlert,
  type SimulatedMarketAlert,
  type MarketAlertType,
} from './schemas';
import {
  arrivalsBetween,
  DAY_MS,
  DEFAULT_FEED_SEED,
  feedItemId,
  itemSeed,
  previousArrival,
} from './timeline';

const TYPE_WEIGHT: Record<MarketAlertType, number> = {
  breakout: 4,
  'high-volume': 4,
  'volatility-spike': 4,
  technical: 2,
  earnings: 1.5,
  'dark-pool': 2,
  'unusual-flow': 2,
};
const SEVERITY_WEIGHT: Record<AlertSeverity, number> = { low: 1, medium: 1.2, high: 1.5 };
/** Earnings alerts run this many days ahead. */
const EARNINGS_WINDOW_DAYS = 3;
const UNUSUAL_FLOW_RATIO = 1 + ALERT_TRIGGERS.unusualFlowVolumeAboveAveragePercent / 100;
const HIGH_VOLUME_RATIO = 1 + ALERT_TRIGGERS.highVolumeAbove20DayAveragePercent / 100;
const IV_SPIKE_RATIO = 1 + ALERT_TRIGGERS.ivIncreasePercentPerHour / 100;

interface Candidate {
  symbol: string;
  type: MarketAlertType;
  severity: AlertSeverity;
  bias: Bias;
  message: string;
  trigger: AlertTrigger;
  contract?: MarketAlert['contract'];
}

// Built on first use: the first Intl formatter of a process loads ICU's locale data (some 20 ms),
// which a function importing this module only to read other feeds should not pay at cold start.
let integerFormat: Intl.NumberFormat | undefined;
const integer = (value: number) => (integerFormat ??= new Intl.NumberFormat('en-US')).format(value);
const money = (value: number) => `$${value.toFixed(2)}`;
const signedPercent = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(2)}%`;
const biasOf = (change: number): Bias => (change > 0 ? 'bullish' : change < 0 ? 'bearish' : 'neutral');

/** When relative volume first becomes measurable in a session, in session minutes. */
const MEASURABLE_MINUTE = (() => {
  for (let minute = 0; minute <= SESSION_MINUTES; minute += 1)
    if (sessionVolumeShare(minute / SESSION_MINUTES) >= MEASURABLE_VOLUME_SHARE) return minute;
  return SESSION_MINUTES;
})();

/** The alerts the model's readings of one name fire at the moment. */
/** How far past the 50-day average a price must go to have crossed it. */
const AVERAGE_CROSS_MARGIN = 0.0025;

/** The price crossed the average since the prior reading, and now stands clear of it. */
function crossedAverage(prior: number, price: number, average: number): boolean {
  const margin = AVERAGE_CROSS_MARGIN * average;
  return (prior <= average && price > average + margin) || (prior >= average && price < average - margin);
}

function modelCandidates(scan: ScanReading, moment: MarketMoment, previousTime: number): Candidate[] {
  const { entry, point } = scan;
  const { symbol } = entry;
  const { clock, at } = moment;
  const out: Candidate[] = [];
  const price = point.price;
  const prior = scan.previous.price;
  const quote = quoteFigures(point);
  const today = `${money(quote.price)} (${signedPercent(quote.changePercent)} today)`;

  if (price > scan.high20 && prior <= scan.high20) {
    const beyond = (price / scan.high20 - 1) * 100;
    out.push({
      symbol,
      type: 'breakout',
      severity: beyond >= 2 ? 'high' : beyond >= 0.75 ? 'medium' : 'low',
      bias: 'bullish',
      message: `${symbol} broke above its 20-day high of ${money(scan.high20)}, now ${today}`,
      trigger: {
        metric: 'Price vs 20-day closing high ($)',
        value: quote.price,
        threshold: cents(scan.high20),
      },
    });
  } else if (price < scan.low20 && prior >= scan.low20) {
    const beyond = (1 - price / scan.low20) * 100;
    out.push({
      symbol,
      type: 'breakout',
      severity: beyond >= 2 ? 'high' : beyond >= 0.75 ? 'medium' : 'low',
      bias: 'bearish',
      message: `${symbol} broke below its 20-day low of ${money(scan.low20)}, now ${today}`,
      trigger: {
        metric: 'Price vs 20-day closing low ($)',
        value: quote.price,
        threshold: cents(scan.low20),
      },
    });
  }

  const becameMeasurable =
    clock.isOpen &&
    clock.minute >= MEASURABLE_MINUTE &&
    (moment.previous.index !== clock.index ||
      moment.previous.minute < MEASURABLE_MINUTE ||
      !moment.previous.isOpen);
  if (becameMeasurable) {
    const relative = relativeVolumeAt(point, clock, averageVolume20(entry, clock.index));
    if (relative >= HIGH_VOLUME_RATIO) {
      const above = Math.round((relative - 1) * 100);
      out.push({
        symbol,
        type: 'high-volume',
        severity: above >= 400 ? 'high' : above >= 300 ? 'medium' : 'low',
        bias: biasOf(quote.changePercent),
        message: `${symbol} is trading ${above}% above its 20-day average volume (${formatVolume(point.volume)} so far), ${today}`,
        trigger: {
          metric: 'Volume vs 20-day average (%)',
          value: above,
          threshold: ALERT_TRIGGERS.highVolumeAbove20DayAveragePercent,
        },
      });
    }
  }

  const spiked = point.iv > scan.ivHourAgo * IV_SPIKE_RATIO;
  const hadSpiked = scan.previous.iv > scan.previousIvHourAgo * IV_SPIKE_RATIO;
  if (clock.isOpen && spiked && !hadSpiked) {
    const rise = Math.round((point.iv / scan.ivHourAgo - 1) * 1000) / 10;
    out.push({
      symbol,
      type: 'volatility-spike',
      severity: rise >= 40 ? 'high' : rise >= 30 ? 'medium' : 'low',
      bias: 'neutral',
      message: `${symbol} implied volatility jumped ${rise}% in an hour to ${(point.iv * 100).toFixed(1)}%`,
      trigger: {
        metric: 'IV change in an hour (%)',
        value: rise,
        threshold: ALERT_TRIGGERS.ivIncreasePercentPerHour,
      },
    });
  }

  const rsi = Math.round(scan.rsi14 * 10) / 10;
  if (scan.rsi14 >= 70 && scan.previousRsi14 < 70) {
    out.push({
      symbol,
      type: 'technical',
      severity: 'medium',
      bias: 'bearish',
      message: `${symbol} RSI(14) crossed above 70 (${rsi.toFixed(1)}): overbought at ${today}`,
      trigger: { metric: 'RSI(14)', value: rsi, threshold: 70 },
    });
  } else if (scan.rsi14 <= 30 && scan.previousRsi14 > 30) {
    out.push({
      symbol,
      type: 'technical',
      severity: 'medium',
      bias: 'bullish',
      message: `${symbol} RSI(14) crossed below 30 (${rsi.toFixed(1)}): oversold at ${today}`,
      trigger: { metric: 'RSI(14)', value: rsi, threshold: 30 },
    });
  } else if (crossedAverage(prior, price, scan.sma50)) {
    const up = price > scan.sma50;
    out.push({
      symbol,
      type: 'technical',
      severity: 'low',
      bias: up ? 'bullish' : 'bearish',
      message: `${symbol} crossed ${up ? 'above' : 'below'} its 50-day average of ${money(scan.sma50)}, now ${today}`,
      trigger: { metric: 'Price vs 50-day average ($)', value: quote.price, threshold: cents(scan.sma50) },
    });
  }

  if (entry.kind === 'stock') {
    // One moment a day per name (seeded), seen by the first arrival after it.
    const utcDay = Math.floor(at.getTime() / DAY_MS);
    const when =
      utcDay * DAY_MS + Math.floor(uniform(hashString(`${symbol}|earnings-alert`), utcDay) * DAY_MS);
    if (when <= at.getTime() && when > previousTime) {
      const nyDay = newYorkTime(at).dayNumber;
      const report = nextEarningsDate(symbol, nyDay);
      const days = report - nyDay;
      if (days <= EARNINGS_WINDOW_DAYS) {
        const move = impliedMovePercent(point.iv, Math.max(days, 1));
        out.push({
          symbol,
          type: 'earnings',
          severity: days <= 1 ? 'high' : days === 2 ? 'medium' : 'low',
          bias: 'neutral',
          message: `${symbol} reports earnings ${days === 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`} (${isoDateOf(report)}); options imply a ±${move.toFixed(1)}% move`,
          trigger: { metric: 'Days to earnings', value: days, threshold: EARNINGS_WINDOW_DAYS },
        });
      }
    }
  }
  return out;
}

/** The largest dark pool block over 100,000 shares printed since the previous arrival. */
function darkPoolCandidate(previousTime: number, t: number, seed: string): Candidate | null {
  const blocks = arrivalsBetween('darkpool', previousTime, t, seed)
    .map((time) => generateDarkPoolFlow(time, seed))
    .filter((flow) => flow.blockSize > ALERT_TRIGGERS.darkPoolBlockMinShares);
  if (blocks.length === 0) return null;
  const flow = blocks.reduce((a, b) => (b.blockSize > a.blockSize ? b : a));
  return {
    symbol: flow.ticker,
    type: 'dark-pool',
    severity: flow.blockSize >= 1_000_000 ? 'high' : flow.blockSize >= 250_000 ? 'medium' : 'low',
    bias: flow.side === 'buy' ? 'bullish' : 'bearish',
    message: `Dark pool block: ${formatVolume(flow.blockSize)} ${flow.ticker} shares ${flow.side === 'buy' ? 'bought' : 'sold'} at ${money(flow.price)} (${flow.institutionalSignature})`,
    trigger: {
      metric: 'Block size (shares)',
      value: flow.blockSize,
      threshold: ALERT_TRIGGERS.darkPoolBlockMinShares,
    },
  };
}

/** A simulated options block on a liquid name; an alert when it is unusual by the help text's rule. */
function unusualFlowCandidate(draw: Draws, at: Date): Candidate | null {
  const symbol = draw.weighted(FEED_UNIVERSE, (entry) => entry.averageVolume).symbol;
  const reading = readMarket(symbol, at);
  const callChance = 0.5 + Math.max(-0.2, Math.min(0.2, reading.changePercent * 0.08));
  const isCall = draw.chance(callChance);
  const today = newYorkTime(at).dayNumber;
  const expiry = draw.pick(listedExpirations(universeEntry(symbol)!, today).slice(0, 3));
  const move = impliedMovePercent(reading.iv, expiry - today);
  const strike = listedStrikeNear(symbol, at, expiry, reading.price * (1 + ((isCall ? 1 : -1) * move) / 200));
  const contracts = Math.max(1, Math.round(Math.exp(Math.log(350) + 1.1 * draw.normal())));
  const typical = Math.max(20, Math.round(reading.averageVolume20 / 200_000));
  const ratio = contracts / typical;
  const big = contracts > ALERT_TRIGGERS.unusualFlowMinContracts;
  if (!big && ratio < UNUSUAL_FLOW_RATIO) return null;
  const kind = isCall ? 'calls' : 'puts';
  return {
    symbol,
    type: 'unusual-flow',
    severity: contracts >= 5000 || ratio >= 20 ? 'high' : contracts >= 2000 || ratio >= 8 ? 'medium' : 'low',
    bias: isCall ? 'bullish' : 'bearish',
    message: `Unusual options flow: ${integer(contracts)} ${symbol} $${strike} ${kind} expiring ${isoDateOf(expiry)} (${ratio.toFixed(1)}× a typical block)`,
    contract: { type: isCall ? 'call' : 'put', strike, expiration: isoDateOf(expiry) },
    trigger: big
      ? {
          metric: 'Contracts in the block',
          value: contracts,
          threshold: ALERT_TRIGGERS.unusualFlowMinContracts,
        }
      : {
          metric: 'Block vs typical block (%)',
          value: Math.round((ratio - 1) * 100),
          threshold: ALERT_TRIGGERS.unusualFlowVolumeAboveAveragePercent,
        },
  };
}

const memo = memoized<SimulatedMarketAlert | null>(256);

/** The alert at the alerts timeline's arrival `t`, or null when no trigger fires then. */
export function generateMarketAlert(t: number, seed = DEFAULT_FEED_SEED): SimulatedMarketAlert | null {
  return memo(`${seed}|${t}`, () => makeMarketAlert(t, seed));
}

function makeMarketAlert(t: number, seed: string): SimulatedMarketAlert | null {
  const at = new Date(t);
  // Alerts are about trading: none outside a regular session (the timeline has no arrival there).
  if (!isInSession(at)) return null;
  const draw = new Draws(itemSeed('alerts', t, seed));
  const previousTime = previousArrival('alerts', t, seed);
  const moment = marketMoment(at, new Date(previousTime));
  const candidates: Candidate[] = [];
  for (const entry of FEED_UNIVERSE)
    candidates.push(...modelCandidates(scanReading(entry, moment), moment, previousTime));
  const dark = darkPoolCandidate(previousTime, t, seed);
  if (dark) candidates.push(dark);
  const options = unusualFlowCandidate(draw, at);
  if (options) candidates.push(options);
  if (candidates.length === 0) return null;

  const chosen = draw.weighted(candidates, (c) => TYPE_WEIGHT[c.type] * SEVERITY_WEIGHT[c.severity]);
  const entry = universeEntry(chosen.symbol)!;
  const point = pricePoint(entry, moment.clock);
  const quote = quoteFigures(point);
  return {
    id: feedItemId('alerts', t),
    ticker: chosen.symbol,
    provider: 'simulated',
    type: chosen.type,
    message: chosen.message,
    timestamp: at.toISOString(),
    severity: chosen.severity,
    price: quote.price,
    changePercent: quote.changePercent,
    volume: Math.round(point.volume),
    bias: chosen.bias,
    trigger: chosen.trigger,
    ...(chosen.contract ? { contract: chosen.contract } : {}),
  };
}
