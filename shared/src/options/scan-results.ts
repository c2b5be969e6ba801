/**
 * Turns a kept candidate into the API's scan result: the spec's ScanResult fields, the position
 * (legs with side and quantity), its analysis (./strategies) and the edge score's breakdown.
 */
import type { ScannerStrategy } from '../constants/strategies';
import type { ScanResult } from '../market/schemas';
import type { Sector } from '../market/universe';
import { edgeScoreBand, type EdgeScoreBand, type Tone } from '../ui/colour-bands';
import type { ChainData } from './chain';
import {
  F_ATM_IV,
  F_IV,
  F_LIQUIDITY,
  F_NET_PREMIUM,
  F_OPEN_INTEREST,
  F_REWARD,
  F_SPREAD,
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

export interface ScanResultDetail extends ScanResult {
  expiration: string;
  dte: number;
  sector: Sector;
  underlyingPrice: number;
  ivRank: number;
  ivPercentile: number;
  /** The expiration's at-the-money IV (the probability model's σ). */
  atmIv: number;
  openInterest: number;
  /** Widest leg's bid-ask spread, percent of mid. */
  spreadPct: number;
  /** |net option premium| per share. */
  premium: number;
  probabilityOfProfit: number;
  /** Dollars; Infinity when unbounded (JSON.stringify writes null). */
  maxProfit: number;
  maxLoss: number;
  breakevens: number[];
  capitalRequired: number;
  /** Dollars: + debit, - credit. */
  cost: number;
  expectedMove: number;
  rewardRisk: number;
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
    premium: chain.mid[i]!,
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

const LEG_QUANTITIES: Record<ScannerStrategy, number[]> = {
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

export function materialize(snapshot: UniverseSnapshot, top: TopK, slot: number): ScanResultDetail {
  const ints = top.ints.subarray(slot * INTS, slot * INTS + INTS);
  const floats = top.floats.subarray(slot * FIELDS, slot * FIELDS + FIELDS);
  const chain = snapshot.chains[ints[I_CHAIN]!]!;
  const work = snapshot.work[ints[I_CHAIN]!]!;
  const strategy = STRATEGY_CODES[ints[I_STRATEGY]!]!;
  const e = ints[I_EXPIRATION]!;
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
  const reward = floats[F_REWARD]! * CONTRACT_MULTIPLIER;
  const { score, breakdown } = edgeScoreBreakdown({
    strategy,
    ivRank: chain.underlying.ivRank,
    volume: floats[F_VOLUME]!,
    openInterest: floats[F_OPEN_INTEREST]!,
    spreadPercent: floats[F_SPREAD]!,
    liquidity: floats[F_LIQUIDITY]!,
    probabilityOfProfit: metrics.probabilityOfProfit,
    rewardRisk: reward / metrics.maxLoss,
    reward,
    maxLoss: metrics.maxLoss,
    thetaPerShare: metrics.greeks.theta,
    capitalRequired: metrics.capitalRequired,
  });
  const lastPrice =
    optionLegs.length === 1
      ? chain.last[ints[I_LEGS]!]!
      : Math.round(Math.abs(floats[F_NET_PREMIUM]!) * 100) / 100;
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
    ivRank: chain.underlying.ivRank,
    ivPercentile: chain.underlying.ivPercentile,
    atmIv,
    openInterest: floats[F_OPEN_INTEREST]!,
    spreadPct: floats[F_SPREAD]!,
    premium: Math.abs(floats[F_NET_PREMIUM]!),
    probabilityOfProfit: metrics.probabilityOfProfit,
    maxProfit: toCents(metrics.maxProfit),
    maxLoss: toCents(metrics.maxLoss),
    breakevens: metrics.breakevens.map(toCents),
    capitalRequired: toCents(metrics.capitalRequired),
    cost: toCents(metrics.cost),
    expectedMove: metrics.expectedMove,
    rewardRisk: reward / metrics.maxLoss,
    greeks: metrics.greeks,
    edgeBand: edgeScoreBand(score),
    scoreBreakdown: breakdown,
    position,
  };
}
