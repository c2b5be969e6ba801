/**
 * The early-exercise boundary tabulated on a grid of volatilities for one (T, r, q, type), the
 * batch's cache (./american-batch): nodes 10% apart in σ, each solved on demand (./american-boundary)
 * from its neighbour's boundary, read by cubic interpolation in ln σ.
 */
import { AMERICAN_SCHEME, SEEDED_ITERATIONS } from './american';
import { boundaryAtPriceNodes, boundaryLimitLog, solvePutBoundary } from './american-boundary';

const SIGMA_BASE = 0.004;
const LN_SIGMA_BASE = Math.log(SIGMA_BASE);
const STEP = Math.log(1.1);
const NODES = 110; // σ from 0.4% to about 14,000%
export const CHEBYSHEV = AMERICAN_SCHEME.chebyshev + 1;
export const PRICE_NODES = AMERICAN_SCHEME.priceNodes;

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
  private readonly h = new Float64Array(NODES * CHEBYSHEV);
  private readonly lnB = new Float64Array(NODES * PRICE_NODES);
  private readonly filled = new Uint8Array(NODES);
  /** Interpolated at the last σ asked for: ln B at the price nodes, its slope in σ, and H. */
  readonly lnBAt = new Float64Array(PRICE_NODES);
  readonly slopeAt = new Float64Array(PRICE_NODES);
  readonly hAt = new Float64Array(CHEBYSHEV);
  constructor(
    readonly years: number,
    readonly rate: number,
    readonly dividendYield: number,
    readonly isCall: boolean,
  ) {
    this.putRate = isCall ? dividendYield : rate;
    this.putDividendYield = isCall ? rate : dividendYield;
    this.lnX = boundaryLimitLog(this.putRate, this.putDividendYield);
  }

  private node(k: number): void {
    if (this.filled[k] === 1) return;
    const sigma = Math.exp(LN_SIGMA_BASE + k * STEP);
    const h = this.h.subarray(k * CHEBYSHEV, (k + 1) * CHEBYSHEV);
    const neighbour =
      k > 0 && this.filled[k - 1] === 1 ? k - 1 : k + 1 < NODES && this.filled[k + 1] === 1 ? k + 1 : -1;
    if (neighbour >= 0) {
      // ln(B/X) grows about in proportion to σ: H in proportion to σ².
      const scale = Math.exp(2 * (k - neighbour) * STEP);
      for (let j = 0; j < CHEBYSHEV; j += 1) h[j] = this.h[neighbour * CHEBYSHEV + j]! * scale;
    }
    solvePutBoundary(
      AMERICAN_SCHEME,
      this.years,
      this.putRate,
      this.putDividendYield,
      sigma,
      h,
      neighbour >= 0,
      neighbour >= 0 ? SEEDED_ITERATIONS : AMERICAN_SCHEME.iterations,
    );
    boundaryAtPriceNodes(
      AMERICAN_SCHEME,
      this.lnX,
      h,
      this.lnB.subarray(k * PRICE_NODES, (k + 1) * PRICE_NODES),
    );
    this.filled[k] = 1;
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
    const a = (k - 1) * PRICE_NODES;
    const b = k * PRICE_NODES;
    const c = (k + 1) * PRICE_NODES;
    const d = (k + 2) * PRICE_NODES;
    const lnB = this.lnB;
    for (let i = 0; i < PRICE_NODES; i += 1) {
      const va = lnB[a + i]!;
      const vb = lnB[b + i]!;
      const vc = lnB[c + i]!;
      const vd = lnB[d + i]!;
      this.lnBAt[i] = wa * va + wb * vb + wc * vc + wd * vd;
      this.slopeAt[i] = da * va + db * vb + dc * vc + dd * vd;
    }
    const h = this.h;
    for (let j = 0; j < CHEBYSHEV; j += 1) {
      this.hAt[j] =
        wa * h[(k - 1) * CHEBYSHEV + j]! +
        wb * h[k * CHEBYSHEV + j]! +
        wc * h[(k + 1) * CHEBYSHEV + j]! +
        wd * h[(k + 2) * CHEBYSHEV + j]!;
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
