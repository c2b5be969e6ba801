/**
 * The scan's hot loop, one class on purpose: its per-candidate methods share the chain and
 * expiration being scanned as fields (no closures or argument objects per candidate). Per
 * underlying that passes the screen (./scan-screen) and per
 * expiration, candidates are built for each strategy (./strategies): every contract with
 * 0.05 <= |delta| <= 0.95 for the single-leg strategies (covered calls at or above the money, puts
 * sold at or below it); a straddle at the money, strangles at 30 and 20 delta, iron condors with
 * short strikes at 16 and 25 delta and wings half an expected move out, and a call butterfly at
 * the money with the same wings (a second delta target that picks the same strikes is not a second
 * position). Every leg needs an IV (a time-value bid); a leg sold needs a bid. Fills are
 * executable: buy at the ask, sell at the bid.
 *
 * Each candidate is priced at those fills under the forecast (./scan-pricing) into the scratch
 * candidate (./scan-candidates); the screen filters and scores it and the selection
 * (./scan-selection) keeps the best.
 */
import type { ChainData } from './chain';
import {
  F_ATM_IV,
  F_EDGE,
  F_SEQUENCE,
  F_SORT,
  candidate,
  candidateFeatures,
  candidateLegs,
} from './scan-candidates';
import { FEATURE_INDEX } from './scan-calibration';
import { ScanDiagnosis } from './scan-diagnosis';
import type { ScanFilters, ScanSortKey } from './scan-filters';
import {
  BUTTERFLY,
  CASH_SECURED_PUT,
  COVERED_CALL,
  CandidatePricer,
  IRON_CONDOR,
  LONG_CALL,
  LONG_PUT,
  STRADDLE,
  STRANGLE,
} from './scan-pricing';
import { STRATEGY_CODES } from './scan-results';
import { ATM_BAND, ScanScreen } from './scan-screen';
import { ScanSelection, sortValue } from './scan-selection';
import { ivFitScore } from './scoring';
import type { ExpiryForecast } from './forecast';
import type { ChainWork, UniverseSnapshot } from './snapshot';

const SELLS_VOLATILITY = [false, false, true, true, true, true, false, false];
const STRIKES = 40;

/**
 * A candidate as the scan sees it, for visitCandidates (./scanner): indices into the snapshot, the
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
  /** What the calibration read (CALIBRATION_FEATURES' order, ./scan-calibration). */
  features: Float64Array;
}

/** One scan's state; its methods are the hot loop (class methods, so no closures per call). */
export class ScanRun {
  readonly selection: ScanSelection;
  readonly diagnosis = new ScanDiagnosis();
  private readonly screen: ScanScreen;
  private readonly pricer = new CandidatePricer();
  /** Sees every candidate that passes the filters (the backtest's hook). */
  visitor: ((view: CandidateView) => void) | null = null;
  private readonly view: CandidateView = {
    chain: 0,
    strategy: 0,
    expiration: 0,
    edgeScore: 0,
    legs: candidateLegs,
    fields: candidate,
    features: candidateFeatures,
  };
  private readonly enabled = new Uint8Array(STRATEGY_CODES.length);
  matched = 0;
  candidates = 0;
  underlyings = 0;
  contracts = 0;
  private sequence = 0;
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
  private spot = 0;
  private atmIv = 0;
  private expiry!: ExpiryForecast;
  private ivFitSeller = 0;
  private ivFitBuyer = 0;
  // Strikes of the last strangle and condor of the expiration (a second delta target may pick the same).
  private lastStrangle = -1;
  private lastCondor = -1;

  constructor(
    private readonly snapshot: UniverseSnapshot,
    filters: ScanFilters,
  ) {
    this.selection = new ScanSelection(filters, snapshot.chains.length);
    this.screen = new ScanScreen(filters, this.diagnosis);
    STRATEGY_CODES.forEach((strategy, code) => {
      this.enabled[code] =
        filters.strategy === undefined || filters.strategy === 'all' || filters.strategy === strategy ? 1 : 0;
    });
    this.sortBy = filters.sortBy;
  }

  run(): void {
    const { snapshot, screen } = this;
    for (let c = 0; c < snapshot.chains.length; c += 1) {
      const chain = snapshot.chains[c]!;
      if (!screen.underlying(chain)) continue;
      this.underlyings += 1;
      this.contracts += chain.count;
      this.chainIndex = c;
      this.chain = chain;
      this.work = snapshot.work[c]!;
      // A real chain's unknown IV rank (NaN) sorts as 0: one chain, every candidate alike.
      this.ivRank = Number.isNaN(chain.underlying.ivRank) ? 0 : chain.underlying.ivRank;
      this.tickerRank = snapshot.tickerRank[c]!;
      this.spot = chain.spot;
      for (let e = 0; e < chain.expirations.length; e += 1) {
        const forecast = this.work.expiries[e]!;
        if (!screen.expiration(chain, e, forecast)) continue;
        this.expiration = e;
        this.dte = chain.expirationDte[e]!;
        this.expiry = forecast;
        this.scanExpiration();
      }
      this.selection.closeUnderlying();
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
    this.atmIv = atmIv;
    const pricer = this.pricer;
    pricer.at(chain, work, years, atmIv, this.expiry);
    this.lastStrangle = -1;
    this.lastCondor = -1;
    const premium = this.expiry.impliedAtm / this.expiry.forecastAtm - 1;
    const percentile = chain.underlying.ivPercentile;
    candidateFeatures[FEATURE_INDEX.daysToExpiry] = this.dte;
    candidateFeatures[FEATURE_INDEX.volatilityPremium] = premium;
    candidateFeatures[FEATURE_INDEX.ivRank] = chain.underlying.ivRank;
    candidateFeatures[FEATURE_INDEX.ivPercentile] = percentile;
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
      pricer.startLegs();
      if (pricer.leg(0, atmCall, 1) && pricer.leg(1, atmCall + 1, 1)) this.multi(STRADDLE, atmCall);
    }
    if (enabled[STRANGLE]) {
      for (const target of [0.3, 0.2]) {
        const jc = this.byDelta(true, target);
        const jp = this.byDelta(false, -target);
        if (jc < 0 || jp < 0 || jc * STRIKES + jp === this.lastStrangle) continue;
        this.lastStrangle = jc * STRIKES + jp;
        pricer.startLegs();
        if (pricer.leg(0, start + 2 * jc, 1) && pricer.leg(1, start + 2 * jp + 1, 1)) {
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
        pricer.startLegs();
        if (
          pricer.leg(0, start + 2 * (jp - wing) + 1, 1) &&
          pricer.leg(1, start + 2 * jp + 1, -1) &&
          pricer.leg(2, start + 2 * jc, -1) &&
          pricer.leg(3, start + 2 * (jc + wing), 1)
        ) {
          this.multi(IRON_CONDOR, start + 2 * jc);
        }
      }
    }
    if (enabled[BUTTERFLY] && atm - wing >= 0 && atm + wing < STRIKES) {
      pricer.startLegs();
      if (
        pricer.leg(0, start + 2 * (atm - wing), 1) &&
        pricer.leg(1, atmCall, -2) &&
        pricer.leg(2, start + 2 * (atm + wing), 1)
      ) {
        this.multi(BUTTERFLY, atmCall);
      }
    }
  }

  private single(code: number, i: number): void {
    if (this.pricer.single(code, i)) this.consider(code, this.chain.strike[i]!, this.chain.isCall[i] === 1);
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
    if (this.pricer.multi())
      this.consider(code, this.chain.strike[primary]!, this.chain.isCall[primary] === 1);
  }

  /** Applies the candidate filters, scores what passes and offers it to the selection. */
  private consider(code: number, primaryStrike: number, primaryIsCall: boolean): void {
    this.candidates += 1;
    const ivFit = SELLS_VOLATILITY[code] ? this.ivFitSeller : this.ivFitBuyer;
    candidateFeatures[FEATURE_INDEX.moneyness] = this.chain.strike[candidateLegs[0]!]! / this.spot - 1;
    if (!this.screen.candidate(code, ivFit, primaryStrike, primaryIsCall, this.spot)) return;
    candidate[F_ATM_IV] = this.atmIv;
    candidate[F_SEQUENCE] = this.sequence;
    this.sequence += 1;
    candidate[F_SORT] = sortValue(this.sortBy, this.ivRank, this.dte, this.tickerRank, primaryStrike);
    this.matched += 1;
    if (this.visitor !== null) {
      const { view } = this;
      view.chain = this.chainIndex;
      view.strategy = code;
      view.expiration = this.expiration;
      view.edgeScore = candidate[F_EDGE]!;
      this.visitor(view);
    }
    this.selection.offer(this.chainIndex, code, this.expiration);
  }
}
