/**
 * The scanner core: scan(snapshot, filters) over the whole universe, a pure function.
 *
 * The snapshot (./snapshot) holds each contract's IV solved from its mid under its exercise
 * style, its greeks, and its expected payoff under the forecast (./forecast). Per underlying that
 * passes the underlying filters and per expiration, candidates are built for each strategy
 * (./strategies): every contract with 0.05 <= |delta| <= 0.95 for the single-leg strategies
 * (covered calls at or above the money, puts sold at or below it); a straddle at the money,
 * strangles at 30 and 20 delta, iron condors with short strikes at 16 and 25 delta and wings half
 * an expected move out, and a call butterfly at the money with the same wings (a second delta
 * target that picks the same strikes is not a second position). Every leg needs an IV (a
 * time-value bid); a leg sold needs a bid. Fills are executable: buy at the ask, sell at the bid.
 *
 * Each candidate's expected P&L, probability of profit, max profit and max loss are at those
 * fills under the forecast, and its edge score follows (./scoring). Candidates are filtered as
 * plain numbers; the best per underlying (maxResultsPerTicker), then per strategy
 * (maxResultsPerStrategy), then the best `limit` overall become result objects (./scan-results).
 * When nothing matches, the scan says which filter removed everything, with the values.
 */
import type { ChainData } from './chain';
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
  pushLeg,
  type ExpiryCdf,
} from './payoff';
import {
  F_ATM_IV,
  F_DELTA,
  F_EDGE,
  F_EXPECTED,
  F_IV,
  F_MAX_LOSS,
  F_MAX_PROFIT,
  F_NET_MID,
  F_NET_PREMIUM,
  F_OPEN_INTEREST,
  F_POP,
  F_SEQUENCE,
  F_SORT,
  F_SPREAD,
  F_SPREAD_COST,
  F_THETA,
  F_VEGA,
  F_VOLUME,
  INTS,
  I_CHAIN,
  I_STRATEGY,
  TopK,
  candidate,
  candidateLegs,
} from './scan-candidates';
import {
  excludesEarnings,
  maxResultsPerStrategy,
  maxResultsPerTicker,
  minimumDte,
  screeningIvRank,
  type Moneyness,
  type ScanFilters,
  type ScanSortKey,
} from './scan-filters';
import { STRATEGY_CODES, materialize, type ScanResultDetail } from './scan-results';
import {
  combineEdgeScore,
  expectedReturnScore,
  ivFitScore,
  liquidityScore,
  probabilityScore,
  thetaEfficiency,
  thetaEfficiencyScore,
} from './scoring';
import { probabilityBelow, type ExpiryForecast } from './forecast';
import type { ChainWork, UniverseSnapshot } from './snapshot';
import { CONTRACT_MULTIPLIER } from './strategies';
import { describeEmptyScan, type EmptyReason, ScanDiagnosis } from './scan-diagnosis';

export type { ScanResultDetail } from './scan-results';
export type { EmptyReason } from './scan-diagnosis';
export { priceChain } from './snapshot';

const LONG_CALL = 0;
const LONG_PUT = 1;
const COVERED_CALL = 2;
const CASH_SECURED_PUT = 3;
const IRON_CONDOR = 4;
const BUTTERFLY = 5;
const STRADDLE = 6;
const STRANGLE = 7;
const SELLS_VOLATILITY = [false, false, true, true, true, true, false, false];
/** |strike / spot - 1| within this is at the money. */
export const ATM_BAND = 0.02;
const STRIKES = 40;
const MONEYNESS_CODE: Record<Moneyness, number> = { itm: 0, atm: 1, otm: 2 };

export interface ScanOutput {
  asOf: string;
  /** Whether the market was in session at the snapshot (results refresh only then). */
  marketOpen: boolean;
  results: ScanResultDetail[];
  /** Candidates that passed every filter (results are the best `limit` of them, after the caps). */
  matched: number;
  scanned: { underlyings: number; contracts: number; candidates: number };
  /** When nothing matched: the filter that removed the last candidates, with the values, and how to relax it. */
  emptyReason: EmptyReason | null;
}

export function moneynessOf(isCall: boolean, strike: number, spot: number): Moneyness {
  if (Math.abs(strike / spot - 1) <= ATM_BAND) return 'atm';
  return (isCall ? strike < spot : strike > spot) ? 'itm' : 'otm';
}

const legBuffer = createLegBuffer();
const analysis = new Float64Array(OUT_SIZE);

/** Candidates kept for the final selection at most (only reached with caps close to a large limit). */
const POOL_MAX = 20_000;

/** One scan's state; its methods are the hot loop (class methods, so no closures per call). */
class ScanRun {
  /**
   * The candidates the final selection picks from: each (underlying, strategy) group's best
   * min(limit, per-ticker cap, per-strategy cap). Picking greedily from them by the sort key while
   * respecting both caps gives the same list as picking from every candidate.
   */
  readonly pool: TopK;
  /** The underlying being scanned: its best of each strategy. */
  private readonly groups: TopK[];
  private readonly tickerCap: number;
  private readonly strategyCap: number;
  /** Pool slots of the results, best first. */
  selected: number[] = [];
  /** Sees every candidate that passes the filters (the backtest's hook). */
  visitor: ((view: CandidateView) => void) | null = null;
  private readonly view: CandidateView = {
    chain: 0,
    strategy: 0,
    expiration: 0,
    edgeScore: 0,
    legs: candidateLegs,
    fields: candidate,
  };
  readonly enabled = new Uint8Array(STRATEGY_CODES.length);
  readonly diagnosis: ScanDiagnosis;
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
  private forward = 0;
  private expiry!: ExpiryForecast;
  private ivFitSeller = 0;
  private ivFitBuyer = 0;
  /** P(S_T < level) under the current expiry's forecast. */
  private readonly cdf: ExpiryCdf = (level) => probabilityBelow(this.expiry, level);
  // Strikes of the last strangle and condor of the expiration (a second delta target may pick the same).
  private lastStrangle = -1;
  private lastCondor = -1;

  constructor(
    private readonly snapshot: UniverseSnapshot,
    private readonly filters: ScanFilters,
  ) {
    const descending = filters.sortDir === 'desc';
    this.tickerCap = Math.min(filters.limit, maxResultsPerTicker(filters));
    this.strategyCap = Math.min(filters.limit, maxResultsPerStrategy(filters));
    const groupCap = Math.min(this.tickerCap, this.strategyCap);
    this.groups = STRATEGY_CODES.map(() => new TopK(groupCap, descending));
    const uncapped = this.tickerCap >= filters.limit && this.strategyCap >= filters.limit;
    this.pool = new TopK(
      uncapped
        ? filters.limit
        : Math.min(POOL_MAX, snapshot.chains.length * STRATEGY_CODES.length * groupCap),
      descending,
    );
    STRATEGY_CODES.forEach((strategy, code) => {
      this.enabled[code] =
        filters.strategy === undefined || filters.strategy === 'all' || filters.strategy === strategy ? 1 : 0;
    });
    this.diagnosis = new ScanDiagnosis();
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
    const { snapshot, filters, diagnosis } = this;
    const ivRankMin = screeningIvRank(filters);
    const ivRankMax = filters.ivRankMax ?? 100;
    const dteMin = minimumDte(filters);
    const excludeEarnings = excludesEarnings(filters);
    for (let c = 0; c < snapshot.chains.length; c += 1) {
      const chain = snapshot.chains[c]!;
      const u = chain.underlying;
      if (filters.ticker !== undefined && chain.symbol !== filters.ticker) continue;
      diagnosis.tickerFound = true;
      if (filters.sector !== undefined && u.sector !== filters.sector) {
        diagnosis.rejectUnderlying('sector', chain.symbol, 0);
        continue;
      }
      if (filters.priceMin !== undefined && u.spot < filters.priceMin) {
        diagnosis.rejectUnderlying('priceMin', chain.symbol, u.spot);
        continue;
      }
      if (filters.priceMax !== undefined && u.spot > filters.priceMax) {
        diagnosis.rejectUnderlying('priceMax', chain.symbol, u.spot);
        continue;
      }
      if (u.ivRank < ivRankMin) {
        diagnosis.rejectUnderlying('ivRankMin', chain.symbol, u.ivRank);
        continue;
      }
      if (u.ivRank > ivRankMax) {
        diagnosis.rejectUnderlying('ivRankMax', chain.symbol, u.ivRank);
        continue;
      }
      if (filters.ivPercentileMin !== undefined && u.ivPercentile < filters.ivPercentileMin) {
        diagnosis.rejectUnderlying('ivPercentileMin', chain.symbol, u.ivPercentile);
        continue;
      }
      this.underlyings += 1;
      this.contracts += chain.count;
      this.chainIndex = c;
      this.chain = chain;
      this.work = snapshot.work[c]!;
      this.ivRank = u.ivRank;
      this.tickerRank = snapshot.tickerRank[c]!;
      this.spot = chain.spot;
      for (let e = 0; e < chain.expirations.length; e += 1) {
        const expiration = chain.expirations[e]!;
        const dte = chain.expirationDte[e]!;
        if (filters.expiration !== undefined && expiration > filters.expiration) {
          diagnosis.rejectExpiration('expiration', chain.symbol, dte, expiration);
          continue;
        }
        if (dte < dteMin) {
          diagnosis.rejectExpiration('dteMin', chain.symbol, dte, expiration);
          continue;
        }
        if (filters.dteMax !== undefined && dte > filters.dteMax) {
          diagnosis.rejectExpiration('dteMax', chain.symbol, dte, expiration);
          continue;
        }
        const forecast = this.work.expiries[e]!;
        if (excludeEarnings && forecast.spansEarnings) {
          diagnosis.rejectExpiration('excludeEarnings', chain.symbol, dte, u.nextEarnings ?? expiration);
          continue;
        }
        diagnosis.expirations += 1;
        this.expiration = e;
        this.dte = dte;
        this.expiry = forecast;
        this.scanExpiration();
      }
      for (const group of this.groups) this.pool.offerAll(group);
    }
    this.select();
  }

  /** The best `limit` of the pool, taken in order, skipping any over its underlying's or strategy's cap. */
  private select(): void {
    const { pool } = this;
    const perChain = new Map<number, number>();
    const perStrategy = new Int32Array(STRATEGY_CODES.length);
    for (const slot of pool.sorted()) {
      if (this.selected.length >= this.filters.limit) break;
      const chain = pool.ints[slot * INTS + I_CHAIN]!;
      const strategy = pool.ints[slot * INTS + I_STRATEGY]!;
      const chainCount = perChain.get(chain) ?? 0;
      if (chainCount >= this.tickerCap || perStrategy[strategy]! >= this.strategyCap) continue;
      perChain.set(chain, chainCount + 1);
      perStrategy[strategy] = perStrategy[strategy]! + 1;
      this.selected.push(slot);
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
    const observed = 0.5 * (work.iv[start + 2 * atm]! + work.iv[start + 2 * atm + 1]!);
    const atmIv = observed > 0 ? observed : this.expiry.impliedAtm;
    this.start = start;
    this.years = years;
    this.atmIv = atmIv;
    this.forward = this.expiry.forward;
    this.lastStrangle = -1;
    this.lastCondor = -1;
    const premium = this.expiry.impliedAtm / this.expiry.forecastAtm - 1;
    const percentile = chain.underlying.ivPercentile;
    this.ivFitSeller = ivFitScore(true, premium, percentile);
    this.ivFitBuyer = ivFitScore(false, premium, percentile);
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
    const wing = Math.max(1, Math.round((0.5 * spot * atmIv * Math.sqrt(years)) / spacing));
    if (enabled[STRADDLE]) {
      this.startLegs();
      if (this.leg(0, atmCall, 1) && this.leg(1, atmCall + 1, 1)) this.multi(STRADDLE, atmCall);
    }
    if (enabled[STRANGLE]) {
      for (const target of [0.3, 0.2]) {
        const jc = this.byDelta(true, target);
        const jp = this.byDelta(false, -target);
        if (jc < 0 || jp < 0 || jc * STRIKES + jp === this.lastStrangle) continue;
        this.lastStrangle = jc * STRIKES + jp;
        this.startLegs();
        if (this.leg(0, start + 2 * jc, 1) && this.leg(1, start + 2 * jp + 1, 1)) {
          this.multi(STRANGLE, start + 2 * jc);
        }
      }
    }
    if (enabled[IRON_CONDOR]) {
      for (const target of [0.16, 0.25]) {
        const jc = this.byDelta(true, target);
        const jp = this.byDelta(false, -target);
        if (jc < 0 || jp < 0 || jc + wing >= STRIKES || jp - wing < 0) continue;
        if (jc * STRIKES + jp === this.lastCondor) continue;
        this.lastCondor = jc * STRIKES + jp;
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

  /** The four single-leg strategies, in closed form at executable prices (equal to ./payoff's analysis; tested). */
  private single(code: number, i: number): void {
    const { chain, work } = this;
    if (!(work.iv[i]! > 0)) return;
    const k = chain.strike[i]!;
    const bid = chain.bid[i]!;
    const ask = chain.ask[i]!;
    const mid = chain.mid[i]!;
    const expectedPayoff = work.expectedPayoff[i]!;
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
    candidate[F_SPREAD_COST] = (ask - bid) / mid;
    candidate[F_NET_MID] = side * mid;
    if (code === LONG_CALL) {
      candidate[F_NET_PREMIUM] = ask;
      candidate[F_MAX_LOSS] = ask;
      candidate[F_MAX_PROFIT] = Infinity;
      candidate[F_POP] = 1 - this.cdf(k + ask);
      candidate[F_EXPECTED] = expectedPayoff - ask;
    } else if (code === LONG_PUT) {
      candidate[F_NET_PREMIUM] = ask;
      candidate[F_MAX_LOSS] = ask;
      candidate[F_MAX_PROFIT] = k - ask;
      candidate[F_POP] = this.cdf(k - ask);
      candidate[F_EXPECTED] = expectedPayoff - ask;
    } else if (code === COVERED_CALL) {
      candidate[F_NET_PREMIUM] = -bid;
      candidate[F_MAX_LOSS] = spot - bid;
      candidate[F_MAX_PROFIT] = k - spot + bid;
      candidate[F_POP] = 1 - this.cdf(spot - bid);
      candidate[F_EXPECTED] = this.forward - spot - (expectedPayoff - bid);
    } else {
      candidate[F_NET_PREMIUM] = -bid;
      candidate[F_MAX_LOSS] = k - bid;
      candidate[F_MAX_PROFIT] = bid;
      candidate[F_POP] = 1 - this.cdf(k - bid);
      candidate[F_EXPECTED] = bid - expectedPayoff;
    }
    if (!(candidate[F_MAX_PROFIT]! > 0) || !(candidate[F_MAX_LOSS]! > 0)) return;
    this.consider(code, k, chain.isCall[i] === 1);
  }

  private startLegs(): void {
    legBuffer.count = 0;
    candidateLegs[0] = -1;
    candidateLegs[1] = -1;
    candidateLegs[2] = -1;
    candidateLegs[3] = -1;
  }

  /** Adds contract i to the position, filled at the ask (bought) or the bid (sold, which needs a bid). */
  private leg(slot: number, i: number, quantity: number): boolean {
    const { chain, work } = this;
    if (!(work.iv[i]! > 0)) return false;
    if (quantity < 0 && !(chain.bid[i]! > 0)) return false;
    candidateLegs[slot] = i;
    const fill = quantity > 0 ? chain.ask[i]! : chain.bid[i]!;
    pushLeg(legBuffer, chain.isCall[i] === 1 ? LEG_CALL : LEG_PUT, chain.strike[i]!, quantity, fill);
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
    analyzeLegs(
      legBuffer,
      this.spot,
      this.years,
      chain.rate,
      chain.dividendYield,
      this.atmIv,
      analysis,
      this.cdf,
    );
    let iv = 0;
    let delta = 0;
    let theta = 0;
    let vega = 0;
    let volume = Infinity;
    let openInterest = Infinity;
    let spread = 0;
    let expected = 0;
    let netMid = 0;
    let roundTrip = 0;
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
      expected += q * (work.expectedPayoff[i]! - legBuffer.premium[l]!);
      netMid += q * chain.mid[i]!;
      roundTrip += Math.abs(q) * (chain.ask[i]! - chain.bid[i]!);
    }
    const maxLoss = analysis[OUT_MAX_LOSS]!;
    const maxProfit = analysis[OUT_MAX_PROFIT]!;
    if (!(maxProfit > 0) || !(maxLoss > 0)) return;
    candidate[F_IV] = iv / legBuffer.count;
    candidate[F_DELTA] = delta;
    candidate[F_THETA] = theta;
    candidate[F_VEGA] = vega;
    candidate[F_VOLUME] = volume;
    candidate[F_OPEN_INTEREST] = openInterest;
    candidate[F_SPREAD] = spread;
    candidate[F_SPREAD_COST] = netMid !== 0 ? roundTrip / Math.abs(netMid) : Infinity;
    candidate[F_NET_MID] = netMid;
    candidate[F_NET_PREMIUM] = analysis[OUT_NET_PREMIUM]!;
    candidate[F_MAX_LOSS] = maxLoss;
    candidate[F_MAX_PROFIT] = maxProfit;
    candidate[F_POP] = analysis[OUT_POP]!;
    candidate[F_EXPECTED] = expected;
    this.consider(code, chain.strike[primary]!, chain.isCall[primary] === 1);
  }

  /** Applies the candidate filters, scores what passes and offers it to the heap. */
  private consider(code: number, primaryStrike: number, primaryIsCall: boolean): void {
    this.candidates += 1;
    const d = this.diagnosis;
    const iv = candidate[F_IV]!;
    if (iv < this.ivMin) return d.rejectCandidate('ivMin', iv);
    if (iv > this.ivMax) return d.rejectCandidate('ivMax', iv);
    const delta = candidate[F_DELTA]!;
    if (delta < this.deltaMin) return d.rejectCandidate('deltaMin', delta);
    if (delta > this.deltaMax) return d.rejectCandidate('deltaMax', delta);
    if (candidate[F_VOLUME]! < this.minVolume) return d.rejectCandidate('minVolume', candidate[F_VOLUME]!);
    if (candidate[F_OPEN_INTEREST]! < this.minOpenInterest) {
      return d.rejectCandidate('minOpenInterest', candidate[F_OPEN_INTEREST]!);
    }
    if (candidate[F_SPREAD]! > this.maxSpreadPct)
      return d.rejectCandidate('maxSpreadPct', candidate[F_SPREAD]!);
    const premium = Math.abs(candidate[F_NET_PREMIUM]!);
    if (premium < this.premiumMin) return d.rejectCandidate('premiumMin', premium);
    if (premium > this.premiumMax) return d.rejectCandidate('premiumMax', premium);
    if (
      this.moneyness >= 0 &&
      MONEYNESS_CODE[moneynessOf(primaryIsCall, primaryStrike, this.spot)] !== this.moneyness
    ) {
      return d.rejectCandidate('moneyness', 0);
    }
    if (candidate[F_POP]! < this.minPop)
      return d.rejectCandidate('minProbabilityOfProfit', candidate[F_POP]!);
    const capital = candidate[F_MAX_LOSS]! * CONTRACT_MULTIPLIER;
    if (capital > this.maxCapital) return d.rejectCandidate('maxCapital', capital);
    if (candidate[F_THETA]! < this.minTheta) return d.rejectCandidate('minTheta', candidate[F_THETA]!);
    if (candidate[F_VEGA]! > this.maxVega) return d.rejectCandidate('maxVega', candidate[F_VEGA]!);
    const edge = combineEdgeScore(
      expectedReturnScore(candidate[F_EXPECTED]! / candidate[F_MAX_LOSS]!),
      probabilityScore(candidate[F_POP]!),
      liquidityScore(candidate[F_SPREAD_COST]!, candidate[F_OPEN_INTEREST]!, candidate[F_VOLUME]!),
      SELLS_VOLATILITY[code] ? this.ivFitSeller : this.ivFitBuyer,
      thetaEfficiencyScore(thetaEfficiency(candidate[F_THETA]!, candidate[F_VEGA]!)),
    );
    if (edge < this.minEdge) return d.rejectCandidate('minEdgeScore', edge);
    candidate[F_EDGE] = edge;
    candidate[F_ATM_IV] = this.atmIv;
    candidate[F_SEQUENCE] = this.sequence;
    this.sequence += 1;
    candidate[F_SORT] = this.sortValue(primaryStrike);
    this.matched += 1;
    if (this.visitor !== null) {
      const { view } = this;
      view.chain = this.chainIndex;
      view.strategy = code;
      view.expiration = this.expiration;
      view.edgeScore = edge;
      this.visitor(view);
    }
    this.groups[code]!.offer(this.chainIndex, code, this.expiration);
  }

  private sortValue(strike: number): number {
    switch (this.sortBy) {
      case 'edgeScore':
        return candidate[F_EDGE]!;
      case 'expectedReturn':
        return candidate[F_EXPECTED]! / candidate[F_MAX_LOSS]!;
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
        return candidate[F_MAX_PROFIT]! / candidate[F_MAX_LOSS]!;
      case 'ticker':
        return this.tickerRank;
      case 'strike':
        return strike;
    }
  }
}

/**
 * A candidate as the scan sees it, for {@link visitCandidates}: indices into the snapshot, the
 * strategy's index in STRATEGY_CODES, and the scan's scratch arrays (fields by the F_* constants
 * of ./scan-candidates, legs as contract indices, -1 unused). Valid only during the call.
 */
export interface CandidateView {
  chain: number;
  strategy: number;
  expiration: number;
  edgeScore: number;
  legs: Int32Array;
  fields: Float64Array;
}

/** Runs a scan and shows `visit` every candidate that passes the filters (scored), in scan order. */
export function visitCandidates(
  snapshot: UniverseSnapshot,
  filters: ScanFilters,
  visit: (view: CandidateView) => void,
): number {
  const run = new ScanRun(snapshot, filters);
  run.visitor = visit;
  run.run();
  return run.matched;
}

/** Scans the snapshot with filters as parsed by scanFiltersSchema. */
export function scan(snapshot: UniverseSnapshot, filters: ScanFilters): ScanOutput {
  const run = new ScanRun(snapshot, filters);
  run.run();
  const results = run.selected.map((slot) => materialize(snapshot, run.pool, slot));
  return {
    asOf: snapshot.asOf,
    marketOpen: snapshot.marketOpen,
    results,
    matched: run.matched,
    scanned: { underlyings: run.underlyings, contracts: run.contracts, candidates: run.candidates },
    emptyReason:
      results.length === 0
        ? describeEmptyScan(run.diagnosis, filters, {
            underlyings: run.underlyings,
            candidates: run.candidates,
          })
        : null,
  };
}
