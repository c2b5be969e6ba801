/**
 * The early-exercise boundary tabulated on a grid of volatilities for one (T, r, q, type), the
 * batch's cache (./american-batch): nodes 10% apart in σ, each solved on demand (./american-boundary)
 * from its neighbour's boundary, read by cubic interpolation in ln σ.
 */
import { AMERICAN_SCHEME, SEEDED_ITERATIONS } from './american';
import {
  boundaryAtPriceNodes,
  boundaryLimitLog,
  interpolationRow,
  PREMIUM,
  PREMIUM_DELTA,
  PREMIUM_GAMMA,
  PREMIUM_VEGA,
  solvePutBoundary,
} from './american-boundary';
import { DAYS_PER_YEAR } from './bsm';
import { normCdfQuadrature, normPdf } from './normal';

const SIGMA_BASE = 0.004;
const LN_SIGMA_BASE = Math.log(SIGMA_BASE);
const STEP = Math.log(1.1);
const NODES = 110; // σ from 0.4% to about 14,000%
export const CHEBYSHEV = AMERICAN_SCHEME.chebyshev + 1;
export const PRICE_NODES = AMERICAN_SCHEME.priceNodes;
const ONE_DAY = 1 / DAYS_PER_YEAR;

/**
 * The price integral's constants at its nodes for one expiry (they depend on T, r and q only):
 * s = T·cos²(θ/2) the time from now to the boundary point, √s, (r - q)·s, and the weights with
 * their discount factors, r·w·e^{-rs} and q·w·e^{-qs}.
 */
export class PriceGrid {
  readonly rootS = new Float64Array(PRICE_NODES);
  readonly driftS = new Float64Array(PRICE_NODES);
  readonly rateWeight = new Float64Array(PRICE_NODES);
  readonly yieldWeight = new Float64Array(PRICE_NODES);
  /** w·e^{-rs}. */
  readonly discountWeight = new Float64Array(PRICE_NODES);
  constructor(
    readonly years: number,
    readonly rate: number,
    readonly dividendYield: number,
  ) {
    const { pSin, pCos, pWeight } = AMERICAN_SCHEME;
    for (let i = 0; i < PRICE_NODES; i += 1) {
      const s = years * pCos[i]! * pCos[i]!;
      const weight = pWeight[i]! * years * pSin[i]! * pCos[i]!;
      this.rootS[i] = Math.sqrt(s);
      this.driftS[i] = (rate - dividendYield) * s;
      this.discountWeight[i] = weight * Math.exp(-rate * s);
      this.rateWeight[i] = rate * this.discountWeight[i]!;
      this.yieldWeight[i] = dividendYield * weight * Math.exp(-dividendYield * s);
    }
  }

  /**
   * The put's early-exercise premium (strike 1) at spot ratio `spot` from ln B at the nodes, as
   * ./american-boundary's putPremium (same output slots) with the node constants precomputed.
   */
  premium(
    spot: number,
    volatility: number,
    lnBoundary: Float64Array,
    lnBoundarySlope: Float64Array | null,
    greeks: boolean,
    out: Float64Array,
  ): void {
    const { rootS, driftS, rateWeight, yieldWeight, discountWeight } = this;
    const rate = this.rate;
    const q = this.dividendYield;
    const lnSpot = Math.log(spot);
    let premium = 0;
    let delta = 0;
    let gamma = 0;
    let vega = 0;
    for (let i = 0; i < PRICE_NODES; i += 1) {
      const sd = volatility * rootS[i]!;
      const lnB = lnBoundary[i]!;
      const dPlus = (lnSpot - lnB + driftS[i]!) / sd + 0.5 * sd;
      const dMinus = dPlus - sd;
      const tailPlus = normCdfQuadrature(-dPlus);
      premium += rateWeight[i]! * normCdfQuadrature(-dMinus) - spot * yieldWeight[i]! * tailPlus;
      if (!greeks) continue;
      // S·e^{-qs}·φ(d₊) = B·e^{-rs}·φ(d₋)
      const density = discountWeight[i]! * normPdf(dMinus);
      const boundary = Math.exp(lnB);
      const net = q * boundary - rate;
      delta += (density * net) / (spot * sd) - yieldWeight[i]! * tailPlus;
      gamma += (density * (net * (-dMinus / sd - 1) + q * boundary)) / (spot * spot * sd);
      const slope = lnBoundarySlope === null ? 0 : -lnBoundarySlope[i]! / sd; // ∂d±/∂lnB · dlnB/dσ
      const dPlusDv = -dPlus / volatility + rootS[i]! + slope;
      const dMinusDv = -dMinus / volatility - rootS[i]! + slope;
      vega += density * (q * boundary * dPlusDv - rate * dMinusDv);
    }
    out[PREMIUM] = premium;
    out[PREMIUM_DELTA] = delta;
    out[PREMIUM_GAMMA] = gamma;
    out[PREMIUM_VEGA] = vega;
  }
}

/**
 * The boundary of one (T, r, q, type) on a grid of ln σ, filled on demand: per node, H at the
 * Chebyshev nodes and ln B at the price nodes, for the put the option is priced as (a call's
 * table holds the put with r and q exchanged).
 */
export class BoundaryTable {
  /** The put's rate and dividend yield, and ln X. */
  readonly putRate: number;
  readonly putDividendYield: number;
  readonly lnX: number;
  /** Per σ node once solved: H at the Chebyshev nodes, then ln B at the price nodes. */
  private readonly solved: (Float64Array | null)[] = new Array<Float64Array | null>(NODES).fill(null);
  /** Interpolated at the last σ asked for: ln B at the price nodes, its slope in σ, and H. */
  readonly lnBAt = new Float64Array(PRICE_NODES);
  readonly slopeAt = new Float64Array(PRICE_NODES);
  readonly hAt = new Float64Array(CHEBYSHEV);
  /** The price integral's constants at T. */
  readonly grid: PriceGrid;
  /** Tomorrow (T - 1 calendar day, when positive): its grid, and the rows reading ln B at its nodes. */
  private tomorrowGrid: PriceGrid | null = null;
  private tomorrowRows: Float64Array | null = null;
  private readonly todayRowTomorrow = new Float64Array(CHEBYSHEV);
  /** ln B at tomorrow's price nodes, filled by {@link tomorrow}. */
  readonly lnBTomorrow = new Float64Array(PRICE_NODES);
  lnBoundaryTomorrow = 0;
  constructor(
    readonly years: number,
    readonly rate: number,
    readonly dividendYield: number,
    readonly isCall: boolean,
  ) {
    this.putRate = isCall ? dividendYield : rate;
    this.putDividendYield = isCall ? rate : dividendYield;
    this.lnX = boundaryLimitLog(this.putRate, this.putDividendYield);
    this.grid = new PriceGrid(years, this.putRate, this.putDividendYield);
  }

  /**
   * Tomorrow's price grid, with ln B at its nodes (into lnBTomorrow) and ln B tomorrow (into
   * lnBoundaryTomorrow), from the
   * boundary interpolated by the last {@link at} (B does not depend on the expiry it was solved
   * for); null when T is a day or less.
   */
  tomorrow(): PriceGrid | null {
    const tomorrowYears = this.years - ONE_DAY;
    if (!(tomorrowYears > 0)) return null;
    if (this.tomorrowGrid === null || this.tomorrowRows === null) {
      this.tomorrowGrid = new PriceGrid(tomorrowYears, this.putRate, this.putDividendYield);
      const fraction = Math.sqrt(tomorrowYears / this.years);
      const n = AMERICAN_SCHEME.chebyshev;
      this.tomorrowRows = new Float64Array(PRICE_NODES * CHEBYSHEV);
      for (let i = 0; i < PRICE_NODES; i += 1) {
        interpolationRow(2 * fraction * AMERICAN_SCHEME.pSin[i]! - 1, n, this.tomorrowRows, i * CHEBYSHEV);
      }
      interpolationRow(2 * fraction - 1, n, this.todayRowTomorrow, 0);
    }
    const rows = this.tomorrowRows;
    const h = this.hAt;
    for (let i = 0; i < PRICE_NODES; i += 1) {
      let hu = 0;
      for (let j = 0; j < CHEBYSHEV; j += 1) hu += rows[i * CHEBYSHEV + j]! * h[j]!;
      this.lnBTomorrow[i] = this.lnX - (hu > 0 ? Math.sqrt(hu) : 0);
    }
    let h0 = 0;
    for (let j = 0; j < CHEBYSHEV; j += 1) h0 += this.todayRowTomorrow[j]! * h[j]!;
    this.lnBoundaryTomorrow = this.lnX - (h0 > 0 ? Math.sqrt(h0) : 0);
    return this.tomorrowGrid;
  }

  private node(k: number): void {
    if (this.solved[k] !== null) return;
    const sigma = Math.exp(LN_SIGMA_BASE + k * STEP);
    const values = new Float64Array(CHEBYSHEV + PRICE_NODES);
    const h = values.subarray(0, CHEBYSHEV);
    const below = k > 0 ? this.solved[k - 1]! : null;
    const above = k + 1 < NODES ? this.solved[k + 1]! : null;
    const neighbour = below ?? above;
    if (neighbour !== null) {
      // ln(B/X) grows about in proportion to σ: H in proportion to σ².
      const scale = Math.exp(2 * (below !== null ? 1 : -1) * STEP);
      for (let j = 0; j < CHEBYSHEV; j += 1) h[j] = neighbour[j]! * scale;
    }
    solvePutBoundary(
      AMERICAN_SCHEME,
      this.years,
      this.putRate,
      this.putDividendYield,
      sigma,
      h,
      neighbour !== null,
      neighbour !== null ? SEEDED_ITERATIONS : AMERICAN_SCHEME.iterations,
    );
    boundaryAtPriceNodes(AMERICAN_SCHEME, this.lnX, h, values.subarray(CHEBYSHEV));
    this.solved[k] = values;
  }

  /**
   * Interpolates at σ (cubic Lagrange through the four nearest nodes in ln σ) into lnBAt, slopeAt
   * (d ln B / dσ) and hAt; returns ln B(T), the boundary today.
   */
  at(sigma: number): number {
    let position = (Math.log(sigma) - LN_SIGMA_BASE) / STEP;
    if (position < 1) position = 1;
    if (position > NODES - 3) position = NODES - 3;
    const k = Math.floor(position);
    const t = position - k;
    // Fill from the middle outward so each node starts from a solved neighbour.
    this.node(k);
    this.node(k + 1);
    this.node(k - 1);
    this.node(k + 2);
    const tm1 = t - 1;
    const tm2 = t - 2;
    const tp1 = t + 1;
    const wa = (-t * tm1 * tm2) / 6;
    const wb = (tp1 * tm1 * tm2) / 2;
    const wc = (-tp1 * t * tm2) / 2;
    const wd = (tp1 * t * tm1) / 6;
    // d/dt of the weights, then dt/dσ = 1 / (σ·STEP).
    const perSigma = 1 / (sigma * STEP);
    const da = (-(3 * t * t - 6 * t + 2) / 6) * perSigma;
    const db = ((3 * t * t - 4 * t - 1) / 2) * perSigma;
    const dc = (-(3 * t * t - 2 * t - 2) / 2) * perSigma;
    const dd = ((3 * t * t - 1) / 6) * perSigma;
    const a = this.solved[k - 1]!;
    const b = this.solved[k]!;
    const c = this.solved[k + 1]!;
    const d = this.solved[k + 2]!;
    for (let i = 0; i < PRICE_NODES; i += 1) {
      const va = a[CHEBYSHEV + i]!;
      const vb = b[CHEBYSHEV + i]!;
      const vc = c[CHEBYSHEV + i]!;
      const vd = d[CHEBYSHEV + i]!;
      this.lnBAt[i] = wa * va + wb * vb + wc * vc + wd * vd;
      this.slopeAt[i] = da * va + db * vb + dc * vc + dd * vd;
    }
    for (let j = 0; j < CHEBYSHEV; j += 1) {
      this.hAt[j] = wa * a[j]! + wb * b[j]! + wc * c[j]! + wd * d[j]!;
    }
    const h0 = this.hAt[0]!;
    return this.lnX - (h0 > 0 ? Math.sqrt(h0) : 0);
  }
}

/** Boundary tables by (T, r, q, type); keep one per universe snapshot (T moves with the clock). */
export class BoundaryCache {
  private readonly tables = new Map<string, BoundaryTable>();
  table(years: number, rate: number, dividendYield: number, isCall: boolean): BoundaryTable {
    const key = `${years}|${rate}|${dividendYield}|${isCall ? 1 : 0}`;
    let table = this.tables.get(key);
    if (!table) {
      table = new BoundaryTable(years, rate, dividendYield, isCall);
      this.tables.set(key, table);
    }
    return table;
  }
  get size(): number {
    return this.tables.size;
  }
}
