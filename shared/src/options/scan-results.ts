/**
 * Turns a kept candidate into the API's scan result: the spec's ScanResult fields, the position
 * (legs with side, quantity and their executable fill: the ask when bought, the bid when sold),
 * its analysis at those fills (./strategies), the forecast's expected P&L and probability, and
 * the edge score's breakdown.
 */
import type { ScannerStrategy } from '../constants/strategies';
import type { ScanResult } from '../market/schemas';
import type { Sector } from '../market/universe';
import type { ExerciseStyle } from '../pricing/american';
import { edgeScoreBand, type EdgeScoreBand, type Tone } from '../ui/colour-bands';
import type { ChainData } from './chain';
import { historicalVolatility } from './forecast';
import {
  F_ATM_IV,
  F_EXPECTED,
  F_EXPECTED_RETURN,
  F_IV,
  F_MAX_LOSS,
  F_NET_MID,
  F_NET_PREMIUM,
  F_OPEN_INTEREST,
  F_POP,
  F_SPREAD,
  F_SPREAD_COST,
  F_THETA,
  F_VEGA,
  F_VOLUME,
  FIELDS,
  INTS,
  I_CHAIN,
  I_EXPIRATION,
  I_LEGS,
  I_STRATEGY,
  type TopK,
} from './scan-candidates';
import { edgeScoreBreakdown, type EdgeScoreComponent } from './scoring';
import type { ChainWork, UniverseSnapshot } from './snapshot';
import {
  CONTRACT_MULTIPLIER,
  analyzePosition,
  type Position,
  type PositionLeg,
  type PositionMetrics,
} from './strategies';

export const STRATEGY_CODES: readonly ScannerStrategy[] = [
  'long-call',
  'long-put',
  'covered-call',
  'cash-secured-put',
  'iron-condor',
  'butterfly',
  'straddle',
  'strangle',
];

const finiteOrNull = (value: number) => (Number.isFinite(value) ? value : null);

export interface ScanResultDetail extends ScanResult {
  expiration: string;
  dte: number;
  sector: Sector;
  underlyingPrice: number;
  /** Null on a real chain before enough IVs are recorded (ivRankNote says why). */
  ivRank: number | null;
  ivPercentile: number | null;
  /** Why ivRank is null ("not yet — 3 of 20 sessions recorded"); null when it is known. */
  ivRankNote: string | null;
  /** The expiration's at-the-money IV (from the quotes). */
  atmIv: number;
  /** The option legs' strikes, ascending, and written out: '530/540/560/570'. */
  strikes: number[];
  strikeLabel: string;
  /** Net option price per share at the fills: + debit paid, - credit received. */
  netPrice: number;
  priceType: 'debit' | 'credit';
  /** The same at the mids. */
  midPrice: number;
  openInterest: number;
  /** Widest leg's bid-ask spread, percent of mid. */
  spreadPct: number;
  /** Round-trip bid-ask over |net premium at the mids|. */
  spreadCost: number;
  /** |net option premium| per share at the fills. */
  premium: number;
  /** Under the forecast, at expiry. */
  probabilityOfProfit: number;
  /** Dollars: expected P&L at expiry under the forecast, filled at the bid/ask. */
  expectedProfit: number;
  /** expectedProfit / capitalRequired: what positions like this one realised in the backtest, per strategy (./scan-calibration). */
  expectedReturn: number;
  /** The forecast's expected return at the bid/ask before the calibration. */
  forecastExpectedReturn: number;
  /** The forecast's volatility for this expiry and the underlying's recent (EWMA) volatility, fractions. */
  forecastVol: number;
  historicalVol: number;
  /** Dollars at the fills; Infinity when unbounded (JSON.stringify writes null). */
  maxProfit: number;
  maxLoss: number;
  breakevens: number[];
  capitalRequired: number;
  /** Dollars: + debit, - credit (the stock included for a covered call). */
  cost: number;
  expectedMove: number;
  /** maxProfit / maxLoss (Infinity when the profit is unlimited). */
  rewardRisk: number;
  /** The next earnings report, 'YYYY-MM-DD' (stocks), and whether this position's expiry spans it. */
  earnings: string | null;
  spansEarnings: boolean;
  exercise: ExerciseStyle;
  greeks: PositionMetrics['greeks'];
  edgeBand: { band: EdgeScoreBand; label: string; tone: Tone };
  scoreBreakdown: EdgeScoreComponent[];
  position: Position;
}

function legOf(chain: ChainData, work: ChainWork, i: number, quantity: number): PositionLeg {
  return {
    kind: chain.isCall[i] === 1 ? 'call' : 'put',
    side: quantity > 0 ? 'long' : 'short',
    quantity: Math.abs(quantity),
    strike: chain.strike[i]!,
    expiration: chain.expirations[chain.expirationIndex[i]!]!,
    years: chain.years[i]!,
    premium: quantity > 0 ? chain.ask[i]! : chain.bid[i]!,
    bid: chain.bid[i]!,
    ask: chain.ask[i]!,
    iv: work.iv[i]!,
    delta: work.delta[i]!,
    gamma: work.gamma[i]!,
    theta: work.theta[i]!,
    vega: work.vega[i]!,
    volume: chain.volume[i]!,
    openInterest: chain.openInterest[i]!,
  };
}

/** Each strategy's option legs' signed quantities, in the order the scanner lists them. */
export const LEG_QUANTITIES: Record<ScannerStrategy, readonly number[]> = {
  'long-call': [1],
  'long-put': [1],
  'covered-call': [-1],
  'cash-secured-put': [-1],
  'iron-condor': [1, -1, -1, 1],
  butterfly: [1, -2, 1],
  straddle: [1, 1],
  strangle: [1, 1],
};

/** Dollars to cents; Infinity stays Infinity. */
const toCents = (value: number): number => (Number.isFinite(value) ? Math.round(value * 100) / 100 : value);

/** '530/540/560/570'; '22.5/25'; '0.05'. */
export function strikeLabel(strikes: readonly number[]): string {
  return strikes.map((strike) => String(Number(strike.toFixed(2)))).join('/');
}

export function materialize(snapshot: UniverseSnapshot, top: TopK, slot: number): ScanResultDetail {
  const ints = top.ints.subarray(slot * INTS, slot * INTS + INTS);
  const floats = top.floats.subarray(slot * FIELDS, slot * FIELDS + FIELDS);
  const chain = snapshot.chains[ints[I_CHAIN]!]!;
  const work = snapshot.work[ints[I_CHAIN]!]!;
  const strategy = STRATEGY_CODES[ints[I_STRATEGY]!]!;
  const e = ints[I_EXPIRATION]!;
  const expiry = work.expiries[e]!;
  const quantities = LEG_QUANTITIES[strategy];
  const legs: PositionLeg[] = quantities.map((quantity, l) =>
    legOf(chain, work, ints[I_LEGS + l]!, quantity),
  );
  if (strategy === 'covered-call') {
    legs.unshift({
      kind: 'stock',
      side: 'long',
      quantity: 1,
      strike: null,
      expiration: null,
      years: 0,
      premium: chain.spot,
      bid: chain.spot,
      ask: chain.spot,
      iv: null,
      delta: 1,
      gamma: 0,
      theta: 0,
      vega: 0,
      volume: chain.underlying.volume,
      openInterest: 0,
    });
  }
  const position: Position = {
    symbol: chain.symbol,
    strategy,
    spot: chain.spot,
    rate: chain.rate,
    dividendYield: chain.dividendYield,
    asOf: chain.asOf,
    expiration: chain.expirations[e]!,
    years: chain.expirationYears[e]!,
    legs,
  };
  const atmIv = floats[F_ATM_IV]!;
  const metrics = analyzePosition(position, atmIv);
  const optionLegs = legs.filter((leg) => leg.kind !== 'stock');
  const primary = optionLegs[strategy === 'iron-condor' ? 2 : strategy === 'butterfly' ? 1 : 0]!;
  const strikes = [...new Set(optionLegs.map((leg) => leg.strike!))].sort((a, b) => a - b);
  const maxLossPerShare = floats[F_MAX_LOSS]!;
  const forecastExpectedReturn = floats[F_EXPECTED]! / maxLossPerShare;
  const expectedReturn = floats[F_EXPECTED_RETURN]!;
  const expectedProfit = expectedReturn * maxLossPerShare * CONTRACT_MULTIPLIER;
  const { score, breakdown } = edgeScoreBreakdown({
    strategy,
    expectedReturn,
    forecastExpectedReturn,
    expectedProfit,
    capitalAtRisk: metrics.capitalRequired,
    probabilityOfProfit: floats[F_POP]!,
    spreadCost: floats[F_SPREAD_COST]!,
    netPremium: floats[F_NET_MID]!,
    openInterest: floats[F_OPEN_INTEREST]!,
    volume: floats[F_VOLUME]!,
    impliedVolatility: expiry.impliedAtm,
    forecastVolatility: expiry.forecastAtm,
    ivPercentile: chain.underlying.ivPercentile,
    theta: floats[F_THETA]!,
    vega: floats[F_VEGA]!,
  });
  const lastPrice =
    optionLegs.length === 1
      ? chain.last[ints[I_LEGS]!]!
      : Math.round(Math.abs(floats[F_NET_MID]!) * 100) / 100;
  const netPrice = floats[F_NET_PREMIUM]!;
  return {
    ticker: chain.symbol,
    strategy,
    strike: primary.strike!,
    lastPrice,
    iv: floats[F_IV]!,
    delta: metrics.greeks.delta,
    theta: metrics.greeks.theta,
    volume: floats[F_VOLUME]!,
    edgeScore: score,
    expiration: position.expiration,
    dte: chain.expirationDte[e]!,
    sector: chain.underlying.sector,
    underlyingPrice: chain.spot,
    ivRank: finiteOrNull(chain.underlying.ivRank),
    ivPercentile: finiteOrNull(chain.underlying.ivPercentile),
    ivRankNote: chain.realIv?.reason ?? null,
    atmIv,
    strikes,
    strikeLabel: strikeLabel(strikes),
    netPrice: toCents(netPrice),
    priceType: netPrice >= 0 ? 'debit' : 'credit',
    midPrice: floats[F_NET_MID]!,
    openInterest: floats[F_OPEN_INTEREST]!,
    spreadPct: floats[F_SPREAD]!,
    spreadCost: floats[F_SPREAD_COST]!,
    premium: Math.abs(netPrice),
    probabilityOfProfit: floats[F_POP]!,
    expectedProfit,
    expectedReturn,
    forecastExpectedReturn,
    forecastVol: expiry.forecastAtm,
    historicalVol: work.forecast ? historicalVolatility(work.forecast) : Number.NaN,
    maxProfit: toCents(metrics.maxProfit),
    maxLoss: toCents(metrics.maxLoss),
    breakevens: metrics.breakevens.map(toCents),
    capitalRequired: toCents(metrics.capitalRequired),
    cost: toCents(metrics.cost),
    expectedMove: metrics.expectedMove,
    rewardRisk: metrics.maxProfit / metrics.maxLoss,
    earnings: chain.underlying.nextEarnings,
    spansEarnings: expiry.spansEarnings,
    exercise: chain.style,
    greeks: metrics.greeks,
    edgeBand: edgeScoreBand(score),
    scoreBreakdown: breakdown,
    position,
  };
}
