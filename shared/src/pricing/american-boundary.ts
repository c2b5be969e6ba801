/**
 * The early-exercise boundary of an American put and its early-exercise premium, by the
 * fixed-point method of Andersen, Lake & Offengelder, "High-performance American option pricing"
 * (J. Comput. Finance 20(1), 2016), the method of QuantLib's QdFpAmericanEngine. Strike 1 (prices
 * scale with the strike); calls go through put–call symmetry in ./american. Needs r > 0 (with
 * r ≤ 0 early exercise of a put is worth nothing).
 *
 * Kim's integral equation for the boundary B(τ) (τ the time to expiry), written as the fixed point
 * B = e^{-(r-q)τ}·N/D of ALO's "FP-A" form (from value matching; ALO eq. 30):
 *   N = Φ(d₋(τ, B)) + r∫₀^τ e^{ru} Φ(d₋(τ-u, B/B(u))) du
 *   D = Φ(d₊(τ, B)) + q∫₀^τ e^{qu} Φ(d₊(τ-u, B/B(u))) du
 *   d±(t, z) = (ln z + (r - q)t)/(σ√t) ± σ√t/2
 * The "FP-B" form (from smooth pasting) converges in fewer steps where it converges, but it
 * oscillates without converging at low volatility with a high rate (σ = 5%, r = 8%, T = 2 years),
 * inside the range we price; FP-A converged everywhere we tried.
 * and the price, P = p_European + ∫₀^T [r e^{-r(T-u)} Φ(-d₋(T-u, S/B(u))) - qS e^{-q(T-u)} Φ(-d₊(T-u, S/B(u)))] du.
 *
 * The boundary is held as H(√τ) = ln(B(τ)/X)², X = B(0⁺) = min(1, r/q), on Chebyshev–Lobatto nodes
 * in √τ ∈ [0, √T] (H is smooth there, B is not: B(τ) ≈ X - c·√(τ·ln τ) near expiry). Integrals
 * over u ∈ [0, τ] use u = τ·sin²(θ/2), θ ∈ [0, π], with Gauss–Legendre nodes in θ: the substitution
 * is square-root-like at both ends, removing the 1/√(τ-u) singularity and the √u shape of B near 0.
 * Every node of every integral then sits at a fixed position of the Chebyshev variable, so the
 * boundary at the quadrature nodes is a fixed matrix times the boundary at the Chebyshev nodes.
 * The resolution and step counts are ./american's AMERICAN_SCHEME (10 steps from B = X, 4 from a
 * neighbouring volatility's boundary).
 */
import { normCdf, normCdfQuadrature, normPdf } from './normal';

/** Resolution of the method: Chebyshev intervals, quadrature nodes, fixed-point steps. */
export interface SchemeSize {
  chebyshev: number;
  boundaryNodes: number;
  priceNodes: number;
  iterations: number;
}

export interface Scheme extends SchemeSize {
  /** θ-quadrature of the boundary integrals: sin(θ/2), cos(θ/2), weight. */
  bSin: Float64Array;
  bCos: Float64Array;
  bWeight: Float64Array;
  /** H at u = τ_k·sin²(θ_i/2) from H at the nodes: row (k·boundaryNodes + i), n + 1 columns. */
  bMatrix: Float64Array;
  pSin: Float64Array;
  pCos: Float64Array;
  pWeight: Float64Array;
  /** H at u = T·sin²(θ_i/2) from H at the nodes. */
  pMatrix: Float64Array;
  /** √(τ_k / T) of the Chebyshev nodes, k = 0..n (k = n is τ = 0). */
  nodeRoot: Float64Array;
}

/** Gauss–Legendre nodes and weights on [-1, 1] (Newton's method on P_n from Chebyshev guesses). */
function gaussLegendre(n: number): { x: Float64Array; w: Float64Array } {
  const x = new Float64Array(n);
  const w = new Float64Array(n);
  for (let i = 0; i < n; i += 1) {
    let z = Math.cos((Math.PI * (i + 0.75)) / (n + 0.5));
    let derivative = 1;
    for (let step = 0; step < 100; step += 1) {
      let p0 = 1;
      let p1 = z;
      for (let k = 2; k <= n; k += 1) {
        const p2 = ((2 * k - 1) * z * p1 - (k - 1) * p0) / k;
        p0 = p1;
        p1 = p2;
      }
      derivative = (n * (z * p1 - p0)) / (z * z - 1);
      const dz = p1 / derivative;
      z -= dz;
      if (Math.abs(dz) < 1e-16) break;
    }
    x[i] = z;
    w[i] = 2 / ((1 - z * z) * derivative * derivative);
  }
  return { x, w };
}

/** Row of the Lobatto interpolation weights: H(z) = Σ_j row[j]·H_j, nodes z_j = cos(jπ/n). */
export function interpolationRow(z: number, n: number, out: Float64Array, offset: number): void {
  // Barycentric form for Chebyshev points of the second kind: weights (-1)^j, halved at the ends.
  for (let j = 0; j <= n; j += 1) {
    const zj = Math.cos((j * Math.PI) / n);
    if (Math.abs(z - zj) < 1e-15) {
      for (let k = 0; k <= n; k += 1) out[offset + k] = k === j ? 1 : 0;
      return;
    }
  }
  let total = 0;
  for (let j = 0; j <= n; j += 1) {
    const weight = (j % 2 === 0 ? 1 : -1) * (j === 0 || j === n ? 0.5 : 1);
    const term = weight / (z - Math.cos((j * Math.PI) / n));
    out[offset + j] = term;
    total += term;
  }
  for (let j = 0; j <= n; j += 1) out[offset + j] = out[offset + j]! / total;
}

export function createScheme(size: SchemeSize): Scheme {
  const n = size.chebyshev;
  const quadrature = (count: number) => {
    const { x, w } = gaussLegendre(count);
    const sin = new Float64Array(count);
    const cos = new Float64Array(count);
    const weight = new Float64Array(count);
    for (let i = 0; i < count; i += 1) {
      const half = (Math.PI * (1 + x[i]!)) / 4; // θ/2
      sin[i] = Math.sin(half);
      cos[i] = Math.cos(half);
      weight[i] = (Math.PI / 2) * w[i]!;
    }
    return { sin, cos, weight };
  };
  const b = quadrature(size.boundaryNodes);
  const p = quadrature(size.priceNodes);
  const nodeRoot = new Float64Array(n + 1);
  for (let k = 0; k <= n; k += 1) nodeRoot[k] = 0.5 * (1 + Math.cos((k * Math.PI) / n));
  const bMatrix = new Float64Array(n * size.boundaryNodes * (n + 1));
  for (let k = 0; k < n; k += 1) {
    for (let i = 0; i < size.boundaryNodes; i += 1) {
      // √(u/T) = √(τ_k/T)·sin(θ/2)
      const z = 2 * nodeRoot[k]! * b.sin[i]! - 1;
      interpolationRow(z, n, bMatrix, (k * size.boundaryNodes + i) * (n + 1));
    }
  }
  const pMatrix = new Float64Array(size.priceNodes * (n + 1));
  for (let i = 0; i < size.priceNodes; i += 1) interpolationRow(2 * p.sin[i]! - 1, n, pMatrix, i * (n + 1));
  return {
    ...size,
    bSin: b.sin,
    bCos: b.cos,
    bWeight: b.weight,
    bMatrix,
    pSin: p.sin,
    pCos: p.cos,
    pWeight: p.weight,
    pMatrix,
    nodeRoot,
  };
}

/** ln X, the boundary's limit at expiry: X = min(1, r/q). */
export const boundaryLimitLog = (rate: number, dividendYield: number): number =>
  dividendYield > rate ? Math.log(rate / dividendYield) : 0;

/**
 * Solves the put's boundary (strike 1) for expiry `years`: writes H = ln(B/X)² at the Chebyshev
 * nodes into `h` (n + 1 values, h[n] = 0 at τ = 0). `h` is the starting point when `seeded`
 * (e.g. a neighbouring volatility's solution), else the iteration starts from B = X.
 */
export function solvePutBoundary(
  scheme: Scheme,
  years: number,
  rate: number,
  dividendYield: number,
  volatility: number,
  h: Float64Array,
  seeded = false,
  iterations = scheme.iterations,
): void {
  const n = scheme.chebyshev;
  const l = scheme.boundaryNodes;
  const { bSin, bCos, bWeight, bMatrix, nodeRoot } = scheme;
  const lnX = boundaryLimitLog(rate, dividendYield);
  const drift = rate - dividendYield;
  const size = n * l;
  const work = workspace(size, n);
  const { next, rootH, growthR, growthQ, perDu, sdS, driftTerm } = work;
  for (let k = 0; k < n; k += 1) {
    const tau = years * nodeRoot[k]! * nodeRoot[k]!;
    const rootTau = Math.sqrt(tau);
    for (let i = 0; i < l; i += 1) {
      const at = k * l + i;
      const sinHalf = bSin[i]!;
      const cosHalf = bCos[i]!;
      const u = tau * sinHalf * sinHalf;
      const rootS = rootTau * cosHalf;
      // du = τ·sin(θ/2)cos(θ/2)·dθ
      growthR[at] = rate * Math.exp(rate * u);
      growthQ[at] = dividendYield * Math.exp(dividendYield * u);
      perDu[at] = bWeight[i]! * tau * sinHalf * cosHalf;
      sdS[at] = volatility * rootS;
      driftTerm[at] = (drift * rootS) / volatility + 0.5 * volatility * rootS;
    }
  }
  if (!seeded) h.fill(0);
  h[n] = 0;
  for (let step = 0; step < iterations; step += 1) {
    for (let j = 0; j <= n; j += 1) rootH[j] = Math.sqrt(h[j]!);
    for (let k = 0; k < n; k += 1) {
      const tau = years * nodeRoot[k]! * nodeRoot[k]!;
      const lnB = lnX - rootH[k]!;
      const sd = volatility * Math.sqrt(tau);
      const dPlus = (lnB + drift * tau) / sd + 0.5 * sd;
      const dMinus = dPlus - sd;
      let numerator = normCdfQuadrature(dMinus);
      let denominator = normCdfQuadrature(dPlus);
      for (let i = 0; i < l; i += 1) {
        const at = k * l + i;
        const row = at * (n + 1);
        let hu = 0;
        for (let j = 0; j <= n; j += 1) hu += bMatrix[row + j]! * h[j]!;
        // ln(B(τ)/B(u)) = √H(u) - √H(τ)
        const logRatio = (hu > 0 ? Math.sqrt(hu) : 0) - rootH[k]!;
        const dp = logRatio / sdS[at]! + driftTerm[at]!;
        numerator += growthR[at]! * normCdfQuadrature(dp - sdS[at]!) * perDu[at]!;
        if (dividendYield > 0) denominator += growthQ[at]! * normCdfQuadrature(dp) * perDu[at]!;
      }
      const lnNext = -drift * tau + Math.log(numerator / denominator);
      const gap = lnX - lnNext;
      next[k] = gap > 0 ? gap * gap : 0;
    }
    for (let k = 0; k < n; k += 1) h[k] = next[k]!;
  }
}

interface Workspace {
  next: Float64Array;
  rootH: Float64Array;
  growthR: Float64Array;
  growthQ: Float64Array;
  perDu: Float64Array;
  sdS: Float64Array;
  driftTerm: Float64Array;
}
let shared: Workspace | null = null;
/** Scratch arrays, reused between solves (they are filled before they are read). */
function workspace(size: number, n: number): Workspace {
  if (shared === null || shared.sdS.length < size || shared.next.length < n + 1) {
    const array = () => new Float64Array(size);
    shared = {
      next: new Float64Array(n + 1),
      rootH: new Float64Array(n + 1),
      growthR: array(),
      growthQ: array(),
      perDu: array(),
      sdS: array(),
      driftTerm: array(),
    };
  }
  return shared;
}

/** ln B at the price quadrature's nodes (u = T·sin²(θ_i/2)) from H at the Chebyshev nodes. */
export function boundaryAtPriceNodes(scheme: Scheme, lnX: number, h: Float64Array, out: Float64Array): void {
  const n = scheme.chebyshev;
  for (let i = 0; i < scheme.priceNodes; i += 1) {
    let hu = 0;
    for (let j = 0; j <= n; j += 1) hu += scheme.pMatrix[i * (n + 1) + j]! * h[j]!;
    out[i] = lnX - (hu > 0 ? Math.sqrt(hu) : 0);
  }
}

/** Output slots of {@link putPremium}. */
export const PREMIUM = 0;
export const PREMIUM_DELTA = 1;
export const PREMIUM_GAMMA = 2;
/** dPremium/dσ, the boundary moving with σ as `lnBoundarySlope` says (held fixed when null). */
export const PREMIUM_VEGA = 3;

/**
 * The early-exercise premium of the put (strike 1) at spot ratio `spot`, outside the exercise
 * region, from ln B at the price nodes; with `greeks`, also its first two derivatives in the spot
 * (exact: the boundary does not depend on the spot) and in σ.
 */
export function putPremium(
  scheme: Scheme,
  spot: number,
  years: number,
  rate: number,
  dividendYield: number,
  volatility: number,
  lnBoundary: Float64Array,
  lnBoundarySlope: Float64Array | null,
  greeks: boolean,
  out: Float64Array,
): void {
  const { pSin, pCos, pWeight } = scheme;
  const lnSpot = Math.log(spot);
  const drift = rate - dividendYield;
  let premium = 0;
  let delta = 0;
  let gamma = 0;
  let vega = 0;
  for (let i = 0; i < scheme.priceNodes; i += 1) {
    const sinHalf = pSin[i]!;
    const cosHalf = pCos[i]!;
    const s = years * cosHalf * cosHalf; // time from now to the boundary point
    const rootS = Math.sqrt(s);
    const sd = volatility * rootS;
    const lnB = lnBoundary[i]!;
    const dPlus = (lnSpot - lnB + drift * s) / sd + 0.5 * sd;
    const dMinus = dPlus - sd;
    const weight = pWeight[i]! * years * sinHalf * cosHalf;
    const discount = Math.exp(-rate * s);
    const carry = Math.exp(-dividendYield * s);
    const tailPlus = normCdfQuadrature(-dPlus);
    premium +=
      weight * (rate * discount * normCdfQuadrature(-dMinus) - dividendYield * spot * carry * tailPlus);
    if (!greeks) continue;
    // S·e^{-qs}·φ(d₊) = B·e^{-rs}·φ(d₋)
    const density = discount * normPdf(dMinus);
    const boundary = Math.exp(lnB);
    const net = dividendYield * boundary - rate;
    delta += weight * ((density * net) / (spot * sd) - dividendYield * carry * tailPlus);
    gamma += (weight * density * (net * (-dMinus / sd - 1) + dividendYield * boundary)) / (spot * spot * sd);
    const slope = lnBoundarySlope === null ? 0 : -lnBoundarySlope[i]! / sd; // ∂d±/∂lnB · dlnB/dσ
    const dPlusDv = -dPlus / volatility + rootS + slope;
    const dMinusDv = -dMinus / volatility - rootS + slope;
    vega += weight * density * (dividendYield * boundary * dPlusDv - rate * dMinusDv);
  }
  out[PREMIUM] = premium;
  out[PREMIUM_DELTA] = delta;
  out[PREMIUM_GAMMA] = gamma;
  out[PREMIUM_VEGA] = vega;
}

/**
 * ln B at the price nodes of an earlier expiry `years·fraction²` (fraction ≤ 1) from the same
 * solved boundary: B(u) does not depend on the expiry it was solved for.
 */
export function boundaryAtShorterNodes(
  scheme: Scheme,
  lnX: number,
  h: Float64Array,
  fraction: number,
  out: Float64Array,
): void {
  const n = scheme.chebyshev;
  const row = new Float64Array(n + 1);
  for (let i = 0; i < scheme.priceNodes; i += 1) {
    interpolationRow(2 * fraction * scheme.pSin[i]! - 1, n, row, 0);
    let hu = 0;
    for (let j = 0; j <= n; j += 1) hu += row[j]! * h[j]!;
    out[i] = lnX - (hu > 0 ? Math.sqrt(hu) : 0);
  }
}

/** ln B(years·fraction²) from the solved boundary (fraction 1: the boundary today). */
export function boundaryLogAt(scheme: Scheme, lnX: number, h: Float64Array, fraction: number): number {
  const n = scheme.chebyshev;
  const row = new Float64Array(n + 1);
  interpolationRow(2 * fraction - 1, n, row, 0);
  let hu = 0;
  for (let j = 0; j <= n; j += 1) hu += row[j]! * h[j]!;
  return lnX - (hu > 0 ? Math.sqrt(hu) : 0);
}

/**
 * Whether the put's early-exercise premium (strike 1) is below `tolerance` without solving the
 * boundary: B(u) ≤ X, so the premium is at most r·T·max_s Φ(-d₋(s, S/X)).
 */
export function premiumNegligible(
  spot: number,
  years: number,
  rate: number,
  dividendYield: number,
  volatility: number,
  tolerance: number,
): boolean {
  const distance = Math.log(spot) - boundaryLimitLog(rate, dividendYield);
  if (!(distance > 0)) return false;
  const drift = rate - dividendYield - 0.5 * volatility * volatility;
  const turning = drift > 0 ? distance / drift : Infinity;
  const d =
    turning < years
      ? (2 * Math.sqrt(distance * drift)) / volatility
      : (distance + drift * years) / (volatility * Math.sqrt(years));
  return rate * years * normCdf(-d) < tolerance;
}
