/**
 * The scan's filters as the hot loop applies them: the underlying filters (ticker, sector, price,
 * IV rank and percentile), the expiration filters (latest expiration, days to expiry, earnings)
 * and the candidate filters (IV, delta, liquidity, premium, moneyness, probability, capital,
 * greeks, edge score, expected return) with their open ends and defaults filled in (the default
 * DTE window, the liquidity floors and an expected return above its margin: ./scan-filters). Every rejection is recorded in the scan's
 * diagnosis (./scan-diagnosis), so an empty scan can say which filter removed everything.
 */
import type { ChainData } from './chain';
import {
  F_DELTA,
  F_EDGE,
  F_EXPECTED,
  F_EXPECTED_RETURN,
  F_IV,
  F_MAX_LOSS,
  F_NET_PREMIUM,
  F_OPEN_INTEREST,
  F_POP,
  F_SPREAD,
  F_SPREAD_COST,
  F_THETA,
  F_VEGA,
  F_VOLUME,
  candidate,
  candidateFeatures,
} from './scan-candidates';
import type { CandidateFilter, ScanDiagnosis } from './scan-diagnosis';
import {
  excludesEarnings,
  maximumDte,
  minimumDte,
  minimumLegOpenInterest,
  minimumLegVolume,
  requiredExpectedReturn,
  screeningIvRank,
  type Moneyness,
  type ScanFilters,
} from './scan-filters';
import {
  combineEdgeScore,
  expectedReturnScore,
  liquidityScore,
  probabilityScore,
  thetaEfficiency,
  thetaEfficiencyScore,
} from './scoring';
import type { ExpiryForecast } from './forecast';
import { FEATURE_INDEX, calibratedReturnOf, type StrategyCalibration } from './scan-calibration';
import { CALIBRATION } from './scan-calibration-table';
import { STRATEGY_CODES } from './scan-results';
import { CONTRACT_MULTIPLIER } from './strategies';

/** The calibration by strategy code (./scan-results STRATEGY_CODES). */
const CALIBRATION_BY_CODE: readonly StrategyCalibration[] = STRATEGY_CODES.map((s) => CALIBRATION[s]);

/** |strike / spot - 1| within this is at the money. */
export const ATM_BAND = 0.02;
const MONEYNESS_CODE: Record<Moneyness, number> = { itm: 0, atm: 1, otm: 2 };

export function moneynessOf(isCall: boolean, strike: number, spot: number): Moneyness {
  if (Math.abs(strike / spot - 1) <= ATM_BAND) return 'atm';
  return (isCall ? strike < spot : strike > spot) ? 'itm' : 'otm';
}

export class ScanScreen {
  private readonly ivRankMin: number;
  private readonly ivRankMax: number;
  private readonly dteMin: number;
  private readonly dteMax: number;
  private readonly excludeEarnings: boolean;
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
  private readonly minExpected = new Float64Array(STRATEGY_CODES.length);
  private readonly strictExpected: boolean[] = [];
  private readonly maxCapital: number;
  private readonly minTheta: number;
  private readonly maxVega: number;
  /**
   * Whether the chain being screened is the simulated market's, whose backtest the calibration was
   * fitted on. A real chain's expected return is its forecast's own: the calibration learnt what
   * the simulated market's positions realised, which says nothing of a real one.
   */
  private calibrated = true;

  constructor(
    private readonly filters: ScanFilters,
    private readonly diagnosis: ScanDiagnosis,
  ) {
    this.ivRankMin = screeningIvRank(filters);
    this.ivRankMax = filters.ivRankMax ?? 100;
    this.dteMin = minimumDte(filters);
    this.dteMax = maximumDte(filters);
    this.excludeEarnings = excludesEarnings(filters);
    this.ivMin = filters.ivMin ?? 0;
    this.ivMax = filters.ivMax ?? Infinity;
    this.deltaMin = filters.deltaMin ?? -Infinity;
    this.deltaMax = filters.deltaMax ?? Infinity;
    this.minVolume = minimumLegVolume(filters);
    this.minOpenInterest = minimumLegOpenInterest(filters);
    this.maxSpreadPct = filters.maxSpreadPct ?? Infinity;
    this.premiumMin = filters.premiumMin ?? 0;
    this.premiumMax = filters.premiumMax ?? Infinity;
    this.moneyness = filters.moneyness === undefined ? -1 : MONEYNESS_CODE[filters.moneyness];
    this.minPop = filters.minProbabilityOfProfit ?? 0;
    this.minEdge = filters.minEdgeScore ?? 0;
    // Per strategy (STRATEGY_CODES' order): the default margin depends on the strategy.
    for (const [code, strategy] of STRATEGY_CODES.entries()) {
      [this.minExpected[code], this.strictExpected[code]] = requiredExpectedReturn(filters, strategy);
    }
    this.maxCapital = filters.maxCapital ?? Infinity;
    this.minTheta = filters.minTheta ?? -Infinity;
    this.maxVega = filters.maxVega ?? Infinity;
  }

  /** Whether the chain's underlying passes the underlying filters (a chain of another ticker is skipped unrecorded). */
  underlying(chain: ChainData): boolean {
    const { filters, diagnosis } = this;
    const u = chain.underlying;
    if (filters.ticker !== undefined && chain.symbol !== filters.ticker) return false;
    diagnosis.tickerFound = true;
    this.calibrated = !chain.realIv;
    if (filters.sector !== undefined && u.sector !== filters.sector) {
      diagnosis.rejectUnderlying('sector', chain.symbol, 0);
      return false;
    }
    if (filters.priceMin !== undefined && u.spot < filters.priceMin) {
      diagnosis.rejectUnderlying('priceMin', chain.symbol, u.spot);
      return false;
    }
    if (filters.priceMax !== undefined && u.spot > filters.priceMax) {
      diagnosis.rejectUnderlying('priceMax', chain.symbol, u.spot);
      return false;
    }
    // A real chain without enough recorded IVs has no rank: the IV filters are not applied, and
    // the scan says so (./scan-notes realIvNote), rather than passing or failing it silently.
    if (chain.realIv && chain.realIv.ivRank === null) return true;
    if (u.ivRank < this.ivRankMin) {
      diagnosis.rejectUnderlying('ivRankMin', chain.symbol, u.ivRank);
      return false;
    }
    if (u.ivRank > this.ivRankMax) {
      diagnosis.rejectUnderlying('ivRankMax', chain.symbol, u.ivRank);
      return false;
    }
    if (filters.ivPercentileMin !== undefined && u.ivPercentile < filters.ivPercentileMin) {
      diagnosis.rejectUnderlying('ivPercentileMin', chain.symbol, u.ivPercentile);
      return false;
    }
    return true;
  }

  /** Whether the chain's expiration `e` (its forecast `expiry`) passes the expiration filters. */
  expiration(chain: ChainData, e: number, expiry: ExpiryForecast): boolean {
    const { filters, diagnosis } = this;
    const expiration = chain.expirations[e]!;
    const dte = chain.expirationDte[e]!;
    if (filters.expiration !== undefined && expiration > filters.expiration) {
      diagnosis.rejectExpiration('expiration', chain.symbol, dte, expiration);
      return false;
    }
    if (dte < this.dteMin) {
      diagnosis.rejectExpiration('dteMin', chain.symbol, dte, expiration);
      return false;
    }
    if (dte > this.dteMax) {
      diagnosis.rejectExpiration('dteMax', chain.symbol, dte, expiration);
      return false;
    }
    if (this.excludeEarnings && expiry.spansEarnings) {
      diagnosis.rejectExpiration(
        'excludeEarnings',
        chain.symbol,
        dte,
        chain.underlying.nextEarnings ?? expiration,
      );
      return false;
    }
    diagnosis.expirations += 1;
    return true;
  }

  /**
   * Applies the candidate filters to the scratch candidate (./scan-candidates) and scores what
   * passes, writing its edge score to F_EDGE and its expected return to F_EXPECTED_RETURN
   * (calibrated on the simulated market, the forecast's own on a real chain). `code` is the strategy's index in STRATEGY_CODES; `ivFit` the IV-fit score
   * for its side; the primary leg's strike and type give the position's moneyness against `spot`.
   */
  candidate(
    code: number,
    ivFit: number,
    primaryStrike: number,
    primaryIsCall: boolean,
    spot: number,
  ): boolean {
    const iv = candidate[F_IV]!;
    if (iv < this.ivMin) return this.reject('ivMin', iv);
    if (iv > this.ivMax) return this.reject('ivMax', iv);
    const delta = candidate[F_DELTA]!;
    if (delta < this.deltaMin) return this.reject('deltaMin', delta);
    if (delta > this.deltaMax) return this.reject('deltaMax', delta);
    if (candidate[F_VOLUME]! < this.minVolume) return this.reject('minVolume', candidate[F_VOLUME]!);
    if (candidate[F_OPEN_INTEREST]! < this.minOpenInterest) {
      return this.reject('minOpenInterest', candidate[F_OPEN_INTEREST]!);
    }
    if (candidate[F_SPREAD]! > this.maxSpreadPct) return this.reject('maxSpreadPct', candidate[F_SPREAD]!);
    const premium = Math.abs(candidate[F_NET_PREMIUM]!);
    if (premium < this.premiumMin) return this.reject('premiumMin', premium);
    if (premium > this.premiumMax) return this.reject('premiumMax', premium);
    if (
      this.moneyness >= 0 &&
      MONEYNESS_CODE[moneynessOf(primaryIsCall, primaryStrike, spot)] !== this.moneyness
    ) {
      return this.reject('moneyness', 0);
    }
    if (candidate[F_POP]! < this.minPop) return this.reject('minProbabilityOfProfit', candidate[F_POP]!);
    const capital = candidate[F_MAX_LOSS]! * CONTRACT_MULTIPLIER;
    if (capital > this.maxCapital) return this.reject('maxCapital', capital);
    if (candidate[F_THETA]! < this.minTheta) return this.reject('minTheta', candidate[F_THETA]!);
    if (candidate[F_VEGA]! > this.maxVega) return this.reject('maxVega', candidate[F_VEGA]!);
    const liquidity = liquidityScore(
      candidate[F_SPREAD_COST]!,
      candidate[F_OPEN_INTEREST]!,
      candidate[F_VOLUME]!,
    );
    const theta = thetaEfficiencyScore(thetaEfficiency(candidate[F_THETA]!, candidate[F_VEGA]!));
    // The rest of the calibration's features (the expiration's and the first leg's) are set by the
    // hot loop (./scan-run) before the screen.
    const features = candidateFeatures;
    features[FEATURE_INDEX.forecastReturn] = candidate[F_EXPECTED]! / candidate[F_MAX_LOSS]!;
    features[FEATURE_INDEX.probability] = candidate[F_POP]!;
    features[FEATURE_INDEX.absDelta] = Math.abs(delta);
    features[FEATURE_INDEX.liquidity] = liquidity;
    features[FEATURE_INDEX.thetaEfficiency] = theta;
    features[FEATURE_INDEX.iv] = iv;
    features[FEATURE_INDEX.premiumYield] = premium / candidate[F_MAX_LOSS]!;
    const expectedReturn = this.calibrated
      ? calibratedReturnOf(CALIBRATION_BY_CODE[code]!, features)
      : features[FEATURE_INDEX.forecastReturn]!;
    const edge = combineEdgeScore(
      expectedReturnScore(expectedReturn),
      probabilityScore(candidate[F_POP]!),
      liquidity,
      ivFit,
      theta,
    );
    if (edge < this.minEdge) return this.reject('minEdgeScore', edge);
    const minExpected = this.minExpected[code]!;
    if (this.strictExpected[code] ? !(expectedReturn > minExpected) : !(expectedReturn >= minExpected)) {
      return this.reject('minExpectedReturn', expectedReturn);
    }
    candidate[F_EDGE] = edge;
    candidate[F_EXPECTED_RETURN] = expectedReturn;
    return true;
  }

  private reject(name: CandidateFilter, value: number): false {
    this.diagnosis.rejectCandidate(name, value);
    return false;
  }
}
