/**
 * The scanner core: scan(snapshot, filters) over the whole universe, a pure function.
 *
 * Per underlying that passes the underlying filters, implied volatilities are solved from the
 * mids and greeks computed (typed arrays, ../pricing/batch). Per expiration, candidates are
 * built for each strategy (./strategies): every contract with 0.05 <= |delta| <= 0.95 for the
 * single-leg strategies (covered calls at or above the money, puts sold at or below it); for the
 * multi-leg ones a straddle at the money, strangles at 30 and 20 delta, iron condors with short
 * strikes at 16 and 25 delta and wings half an expected move out, and a call butterfly at the
 * money with the same wings. A leg sold needs a bid. Candidates are scored and filtered as plain
 * numbers; only the best `limit` (./scan-candidates) become result objects (./scan-results).
 *
 * Reward (for reward/risk): a premium seller's max profit (a butterfly's half of it, the average
 * of its tent); a buyer's profit at a one-standard-deviation move in its favour (S·e^{±σ√T}),
 * capped at its max profit.
 */
import { greeksBatch, impliedVolatilityBatch } from '../pricing/batch';
import { normCdf } from '../pricing/normal';
import { chainBatch, type ChainData } from './chain';
import {
  LEG_CALL,
  LEG_PUT,
  OUT_MAX_LOSS,
  OUT_MAX_PROFIT,
  OUT_NET_PREMIUM,
  OUT_POP,
  OUT_SIZE,
  analyzeLegs,
  createLegBuffer,
  legsPayoff,
  pushLeg,
} from './payoff';
import {
  F_ATM_IV,
  F_DELTA,
  F_EDGE,
  F_IV,
  F_LIQUIDITY,
  F_MAX_LOSS,
  F_MAX_PROFIT,
  F_NET_PREMIUM,
  F_OPEN_INTEREST,
  F_POP,
  F_REWARD,
  F_SEQUENCE,
  F_SORT,
  F_SPREAD,
  F_THETA,
  F_VEGA,
  F_VOLUME,
  TopK,
  candidate,
  candidateLegs,
} from './scan-candidates';
import {
  maxResultsPerTicker,
  minimumIvRank,
  type Moneyness,
  type ScanFilters,
  type ScanSortKey,
} from './scan-filters';
import { STRATEGY_CODES, materialize, type ScanResultDetail } from './scan-results';
import { combineEdgeScore, ivFitScore, rewardRiskScore, thetaScore } from './scoring';
import type { ChainWork, UniverseSnapshot } from './snapshot';
import { CONTRACT_MULTIPLIER } from './strategies';

export type { ScanResultDetail } from './scan-results';

const LONG_CALL = 0;
const LONG_PUT = 1;
const COVERED_CALL = 2;
const CASH_SECURED_PUT = 3;
const IRON_CONDOR = 4;
const BUTTERFLY = 5;
const STRADDLE = 6;
const STRANGLE = 7;
/** |strike / spot - 1| within this is at the money. */
export const ATM_BAND = 0.02;
const STRIKES = 40;
const MONEYNESS_CODE: Record<Moneyness, number> = { itm: 0, atm: 1, otm: 2 };

export interface ScanOutput {
  asOf: string;
  results: ScanResultDetail[];
  /** Candidates that passed every filter (results are the best `limit` of them). */
  matched: number;
  scanned: { underlyings: number; contracts: number; candidates: number };
}

export function moneynessOf(isCall: boolean, strike: number, spot: number): Moneyness {
  if (Math.abs(strike / spot - 1) <= ATM_BAND) return 'atm';
  return (isCall ? strike < spot : strike > spot) ? 'itm' : 'otm';
}

const legBuffer = createLegBuffer();
const analysis = new Float64Array(OUT_SIZE);

/** One scan's state; its methods are the hot loop (class methods, so no closures per call). */
class ScanRun {
  readonly top: TopK;
  /** The best candidates of the underlying being scanned, at most maxResultsPerTicker of them. */
  private readonly perTicker: TopK;
  readonly enabled = new Uint8Array(STRATEGY_CODES.length);
  matched = 0;
  candidates = 0;
  underlyings = 0;
  contracts = 0;
  private sequence = 0;
  // Filter bounds with the open ends filled in.
  private readonly ivMin: number;
  private readonly ivMax: number;
  private readonly deltaMin: number;
  private readonly deltaMax: number;
  private readonly minVolume: number;
  private readonly minOpenInterest: number;
  private readonly maxSpreadPct: number;
  private readonly premiumMin: number;
  private readonly premiumMax: number;
  private readonly moneyness: number;
  private readonly minPop: number;
  private readonly minEdge: number;
  private readonly maxCapital: number;
  private readonly minTheta: number;
  private readonly maxVega: number;
  private readonly sortBy: ScanSortKey;
  // The chain and expiration being scanned.
  private chainIndex = 0;
  private chain!: ChainData;
  private work!: ChainWork;
  private ivRank = 0;
  private tickerRank = 0;
  private expiration = 0;
  private dte = 0;
  private start = 0;
  private years = 0;
  private spot = 0;
  private atmIv = 0;
  private upPrice = 0;
  private downPrice = 0;
  private logSpotPlusDrift = 0;
  private totalVol = 1;

  constructor(
    private readonly snapshot: UniverseSnapshot,
    private readonly filters: ScanFilters,
  ) {
    this.top = new TopK(filters.limit, filters.sortDir === 'desc');
    this.perTicker = new TopK(
      Math.min(filters.limit, maxResultsPerTicker(filters)),
      filters.sortDir === 'desc',
    );
    STRATEGY_CODES.forEach((strategy, code) => {
      this.enabled[code] =
        filters.strategy === undefined || filters.strategy === 'all' || filters.strategy === strategy ? 1 : 0;
    });
    this.ivMin = filters.ivMin ?? 0;
    this.ivMax = filters.ivMax ?? Infinity;
    this.deltaMin = filters.deltaMin ?? -Infinity;
    this.deltaMax = filters.deltaMax ?? Infinity;
    this.minVolume = filters.minVolume ?? 0;
    this.minOpenInterest = filters.minOpenInterest ?? 0;
    this.maxSpreadPct = filters.maxSpreadPct ?? Infinity;
    this.premiumMin = filters.premiumMin ?? 0;
    this.premiumMax = filters.premiumMax ?? Infinity;
    this.moneyness = filters.moneyness === undefined ? -1 : MONEYNESS_CODE[filters.moneyness];
    this.minPop = filters.minProbabilityOfProfit ?? 0;
    this.minEdge = filters.minEdgeScore ?? 0;
    this.maxCapital = filters.maxCapital ?? Infinity;
    this.minTheta = filters.minTheta ?? -Infinity;
    this.maxVega = filters.maxVega ?? Infinity;
    this.sortBy = filters.sortBy;
  }

  run(): void {
    const { snapshot, filters } = this;
    const ivRankMin = minimumIvRank(filters);
    const ivRankMax = filters.ivRankMax ?? 100;
    for (let c = 0; c < snapshot.chains.length; c += 1) {
      const chain = snapshot.chains[c]!;
      const u = chain.underlying;
      if (filters.ticker !== undefined && chain.symbol !== filters.ticker) continue;
      if (filters.sector !== undefined && u.sector !== filters.sector) continue;
      if (filters.priceMin !== undefined && u.spot < filters.priceMin) continue;
      if (filters.priceMax !== undefined && u.spot > filters.priceMax) continue;
      if (u.ivRank < ivRankMin || u.ivRank > ivRankMax) continue;
      if (filters.ivPercentileMin !== undefined && u.ivPercentile < filters.ivPercentileMin) continue;
      this.underlyings += 1;
      this.contracts += chain.count;
      this.chainIndex = c;
      this.chain = chain;
      this.work = snapshot.work[c]!;
      this.ivRank = u.ivRank;
      this.tickerRank = snapshot.tickerRank[c]!;
      this.spot = chain.spot;
      priceChain(chain, this.work);
      for (let e = 0; e < chain.expirations.length; e += 1) {
        const expiration = chain.expirations[e]!;
        const dte = chain.expirationDte[e]!;
        if (filters.expiration !== undefined && expiration > filters.expiration) continue;
        if (filters.dteMin !== undefined && dte < filters.dteMin) continue;
        if (filters.dteMax !== undefined && dte > filters.dteMax) continue;
        if (filters.excludeEarnings && u.nextEarnings !== null && expiration >= u.nextEarnings) continue;
        this.expiration = e;
        this.dte = dte;
        this.scanExpiration();
      }
      this.top.offerAll(this.perTicker);
    }
  }

  private scanExpiration(): void {
    const { chain, work } = this;
    const start = chain.expirationStart[this.expiration]!;
    const years = chain.expirationYears[this.expiration]!;
    const spot = this.spot;
    const forward = spot * Math.exp((chain.rate - chain.dividendYield) * years);
    let atm = 0;
    for (let j = 1; j < STRIKES; j += 1) {
      if (
        Math.abs(chain.strike[start + 2 * j]! - forward) < Math.abs(chain.strike[start + 2 * atm]! - forward)
      )
        atm = j;
    }
    const atmIv = 0.5 * (work.iv[start + 2 * atm]! + work.iv[start + 2 * atm + 1]!);
    if (!(atmIv > 0)) return;
    this.start = start;
    this.years = years;
    this.atmIv = atmIv;
    const move = atmIv * Math.sqrt(years);
    this.upPrice = spot * Math.exp(move);
    this.downPrice = spot * Math.exp(-move);
    this.totalVol = move;
    this.logSpotPlusDrift = Math.log(spot) + (chain.rate - chain.dividendYield - 0.5 * atmIv * atmIv) * years;
    const enabled = this.enabled;

    for (let j = 0; j < STRIKES; j += 1) {
      const call = start + 2 * j;
      const put = call + 1;
      const k = chain.strike[call]!;
      const callDelta = work.delta[call]!;
      const putDelta = work.delta[put]!;
      if (callDelta >= 0.05 && callDelta <= 0.95) {
        if (enabled[LONG_CALL]) this.single(LONG_CALL, call);
        if (enabled[COVERED_CALL] && k >= spot * (1 - ATM_BAND) && chain.bid[call]! > 0)
          this.single(COVERED_CALL, call);
      }
      if (putDelta <= -0.05 && putDelta >= -0.95) {
        if (enabled[LONG_PUT]) this.single(LONG_PUT, put);
        if (enabled[CASH_SECURED_PUT] && k <= spot * (1 + ATM_BAND) && chain.bid[put]! > 0) {
          this.single(CASH_SECURED_PUT, put);
        }
      }
    }
    const atmCall = start + 2 * atm;
    const spacing = chain.strike[start + 2]! - chain.strike[start]!;
    const wing = Math.max(1, Math.round((0.5 * spot * move) / spacing));
    if (enabled[STRADDLE]) {
      this.startLegs();
      this.leg(0, atmCall, 1);
      this.leg(1, atmCall + 1, 1);
      this.multi(STRADDLE, atmCall);
    }
    if (enabled[STRANGLE]) {
      for (const target of [0.3, 0.2]) {
        const jc = this.byDelta(true, target);
        const jp = this.byDelta(false, -target);
        if (jc < 0 || jp < 0) continue;
        this.startLegs();
        this.leg(0, start + 2 * jc, 1);
        this.leg(1, start + 2 * jp + 1, 1);
        this.multi(STRANGLE, start + 2 * jc);
      }
    }
    if (enabled[IRON_CONDOR]) {
      for (const target of [0.16, 0.25]) {
        const jc = this.byDelta(true, target);
        const jp = this.byDelta(false, -target);
        if (jc < 0 || jp < 0 || jc + wing >= STRIKES || jp - wing < 0) continue;
        this.startLegs();
        if (
          this.leg(0, start + 2 * (jp - wing) + 1, 1) &&
          this.leg(1, start + 2 * jp + 1, -1) &&
          this.leg(2, start + 2 * jc, -1) &&
          this.leg(3, start + 2 * (jc + wing), 1)
        ) {
          this.multi(IRON_CONDOR, start + 2 * jc);
        }
      }
    }
    if (enabled[BUTTERFLY] && atm - wing >= 0 && atm + wing < STRIKES) {
      this.startLegs();
      if (
        this.leg(0, start + 2 * (atm - wing), 1) &&
        this.leg(1, atmCall, -2) &&
        this.leg(2, start + 2 * (atm + wing), 1)
      ) {
        this.multi(BUTTERFLY, atmCall);
      }
    }
  }

  /** P(S_T < level) under the expiry's lognormal. */
  private cdf(level: number): number {
    return level <= 0 ? 0 : normCdf((Math.log(level) - this.logSpotPlusDrift) / this.totalVol);
  }

  /** The four single-leg strategies, in closed form (equal to ./payoff's analysis; tested). */
  private single(code: number, i: number): void {
    const { chain, work } = this;
    const k = chain.strike[i]!;
    const p = chain.mid[i]!;
    const spot = this.spot;
    const side = code === LONG_CALL || code === LONG_PUT ? 1 : -1;
    candidateLegs[0] = i;
    candidateLegs[1] = -1;
    candidateLegs[2] = -1;
    candidateLegs[3] = -1;
    candidate[F_IV] = work.iv[i]!;
    candidate[F_DELTA] = (code === COVERED_CALL ? 1 : 0) + side * work.delta[i]!;
    candidate[F_THETA] = side * work.theta[i]!;
    candidate[F_VEGA] = side * work.vega[i]!;
    candidate[F_VOLUME] = chain.volume[i]!;
    candidate[F_OPEN_INTEREST] = chain.openInterest[i]!;
    candidate[F_SPREAD] = work.spreadPct[i]!;
    candidate[F_LIQUIDITY] = work.liquidity[i]!;
    if (code === LONG_CALL) {
      candidate[F_NET_PREMIUM] = p;
      candidate[F_MAX_LOSS] = p;
      candidate[F_MAX_PROFIT] = Infinity;
      candidate[F_POP] = 1 - this.cdf(k + p);
      candidate[F_REWARD] = Math.max(this.upPrice - k, 0) - p;
    } else if (code === LONG_PUT) {
      candidate[F_NET_PREMIUM] = p;
      candidate[F_MAX_LOSS] = p;
      candidate[F_MAX_PROFIT] = k - p;
      candidate[F_POP] = this.cdf(k - p);
      candidate[F_REWARD] = Math.max(k - this.downPrice, 0) - p;
    } else if (code === COVERED_CALL) {
      candidate[F_NET_PREMIUM] = -p;
      candidate[F_MAX_LOSS] = spot - p;
      candidate[F_MAX_PROFIT] = k - spot + p;
      candidate[F_POP] = 1 - this.cdf(spot - p);
      candidate[F_REWARD] = k - spot + p;
    } else {
      candidate[F_NET_PREMIUM] = -p;
      candidate[F_MAX_LOSS] = k - p;
      candidate[F_MAX_PROFIT] = p;
      candidate[F_POP] = 1 - this.cdf(k - p);
      candidate[F_REWARD] = p;
    }
    if (!(candidate[F_REWARD]! > 0) || !(candidate[F_MAX_LOSS]! > 0)) return;
    this.consider(code, k, chain.isCall[i] === 1);
  }

  private startLegs(): void {
    legBuffer.count = 0;
    candidateLegs[0] = -1;
    candidateLegs[1] = -1;
    candidateLegs[2] = -1;
    candidateLegs[3] = -1;
  }

  /** Adds contract i to the position; a leg sold needs a bid. */
  private leg(slot: number, i: number, quantity: number): boolean {
    const { chain } = this;
    if (quantity < 0 && !(chain.bid[i]! > 0)) return false;
    candidateLegs[slot] = i;
    pushLeg(legBuffer, chain.isCall[i] === 1 ? LEG_CALL : LEG_PUT, chain.strike[i]!, quantity, chain.mid[i]!);
    return true;
  }

  /** The out-of-the-money strike index whose call (put) delta is nearest `target`, or -1. */
  private byDelta(isCall: boolean, target: number): number {
    const { chain, work, start, spot } = this;
    let best = -1;
    let bestGap = Infinity;
    for (let j = 0; j < STRIKES; j += 1) {
      const i = start + 2 * j + (isCall ? 0 : 1);
      const k = chain.strike[i]!;
      if (isCall ? k <= spot : k >= spot) continue;
      const gap = Math.abs(work.delta[i]! - target);
      if (gap < bestGap) {
        bestGap = gap;
        best = j;
      }
    }
    return best;
  }

  private multi(code: number, primary: number): void {
    const { chain, work } = this;
    analyzeLegs(legBuffer, this.spot, this.years, chain.rate, chain.dividendYield, this.atmIv, analysis);
    let iv = 0;
    let delta = 0;
    let theta = 0;
    let vega = 0;
    let volume = Infinity;
    let openInterest = Infinity;
    let spread = 0;
    let liquidity = Infinity;
    for (let l = 0; l < legBuffer.count; l += 1) {
      const i = candidateLegs[l]!;
      const q = legBuffer.quantity[l]!;
      iv += work.iv[i]!;
      delta += q * work.delta[i]!;
      theta += q * work.theta[i]!;
      vega += q * work.vega[i]!;
      volume = Math.min(volume, chain.volume[i]!);
      openInterest = Math.min(openInterest, chain.openInterest[i]!);
      spread = Math.max(spread, work.spreadPct[i]!);
      liquidity = Math.min(liquidity, work.liquidity[i]!);
    }
    const maxLoss = analysis[OUT_MAX_LOSS]!;
    const maxProfit = analysis[OUT_MAX_PROFIT]!;
    const buysVolatility = code === STRADDLE || code === STRANGLE;
    // A butterfly's peak needs a pin at the centre strike; its tent averages half the peak.
    const reward = buysVolatility
      ? Math.min(
          maxProfit,
          Math.max(legsPayoff(legBuffer, this.upPrice), legsPayoff(legBuffer, this.downPrice)),
        )
      : code === BUTTERFLY
        ? 0.5 * maxProfit
        : maxProfit;
    if (!(reward > 0) || !(maxLoss > 0)) return;
    candidate[F_IV] = iv / legBuffer.count;
    candidate[F_DELTA] = delta;
    candidate[F_THETA] = theta;
    candidate[F_VEGA] = vega;
    candidate[F_VOLUME] = volume;
    candidate[F_OPEN_INTEREST] = openInterest;
    candidate[F_SPREAD] = spread;
    candidate[F_LIQUIDITY] = liquidity;
    candidate[F_NET_PREMIUM] = analysis[OUT_NET_PREMIUM]!;
    candidate[F_MAX_LOSS] = maxLoss;
    candidate[F_MAX_PROFIT] = maxProfit;
    candidate[F_POP] = analysis[OUT_POP]!;
    candidate[F_REWARD] = reward;
    this.consider(code, chain.strike[primary]!, chain.isCall[primary] === 1);
  }

  /** Applies the candidate filters, scores what passes and offers it to the heap. */
  private consider(code: number, primaryStrike: number, primaryIsCall: boolean): void {
    this.candidates += 1;
    const iv = candidate[F_IV]!;
    if (iv < this.ivMin || iv > this.ivMax) return;
    const delta = candidate[F_DELTA]!;
    if (delta < this.deltaMin || delta > this.deltaMax) return;
    if (candidate[F_VOLUME]! < this.minVolume || candidate[F_OPEN_INTEREST]! < this.minOpenInterest) return;
    if (candidate[F_SPREAD]! > this.maxSpreadPct) return;
    const premium = Math.abs(candidate[F_NET_PREMIUM]!);
    if (premium < this.premiumMin || premium > this.premiumMax) return;
    if (
      this.moneyness >= 0 &&
      MONEYNESS_CODE[moneynessOf(primaryIsCall, primaryStrike, this.spot)] !== this.moneyness
    ) {
      return;
    }
    if (candidate[F_POP]! < this.minPop) return;
    if (candidate[F_MAX_LOSS]! * CONTRACT_MULTIPLIER > this.maxCapital) return;
    if (candidate[F_THETA]! < this.minTheta || candidate[F_VEGA]! > this.maxVega) return;
    const seller =
      code === COVERED_CALL || code === CASH_SECURED_PUT || code === IRON_CONDOR || code === BUTTERFLY;
    const edge = combineEdgeScore(
      ivFitScore(seller, this.ivRank),
      candidate[F_LIQUIDITY]!,
      candidate[F_POP]! * 100,
      rewardRiskScore(candidate[F_REWARD]! / candidate[F_MAX_LOSS]!),
      thetaScore(candidate[F_THETA]!, candidate[F_MAX_LOSS]!),
    );
    if (edge < this.minEdge) return;
    candidate[F_EDGE] = edge;
    candidate[F_ATM_IV] = this.atmIv;
    candidate[F_SEQUENCE] = this.sequence;
    this.sequence += 1;
    candidate[F_SORT] = this.sortValue(primaryStrike);
    this.matched += 1;
    this.perTicker.offer(this.chainIndex, code, this.expiration);
  }

  private sortValue(strike: number): number {
    switch (this.sortBy) {
      case 'edgeScore':
        return candidate[F_EDGE]!;
      case 'probabilityOfProfit':
        return candidate[F_POP]!;
      case 'iv':
        return candidate[F_IV]!;
      case 'ivRank':
        return this.ivRank;
      case 'volume':
        return candidate[F_VOLUME]!;
      case 'openInterest':
        return candidate[F_OPEN_INTEREST]!;
      case 'premium':
        return Math.abs(candidate[F_NET_PREMIUM]!);
      case 'delta':
        return candidate[F_DELTA]!;
      case 'theta':
        return candidate[F_THETA]!;
      case 'vega':
        return candidate[F_VEGA]!;
      case 'dte':
        return this.dte;
      case 'capital':
        return candidate[F_MAX_LOSS]!;
      case 'rewardRisk':
        return candidate[F_REWARD]! / candidate[F_MAX_LOSS]!;
      case 'ticker':
        return this.tickerRank;
      case 'strike':
        return strike;
    }
  }
}

/** Scans the snapshot with filters as parsed by scanFiltersSchema. */
export function scan(snapshot: UniverseSnapshot, filters: ScanFilters): ScanOutput {
  const run = new ScanRun(snapshot, filters);
  run.run();
  return {
    asOf: snapshot.asOf,
    results: run.top.sorted().map((slot) => materialize(snapshot, run.top, slot)),
    matched: run.matched,
    scanned: { underlyings: run.underlyings, contracts: run.contracts, candidates: run.candidates },
  };
}

/** Solves every contract's IV from its mid and computes its greeks, into the chain's work arrays. */
export function priceChain(chain: ChainData, work: ChainWork): number {
  const batch = chainBatch(chain);
  const failures = impliedVolatilityBatch(batch, work.iv);
  greeksBatch(batch, work.iv, work);
  return failures;
}
