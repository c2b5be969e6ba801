/**
 * The standard normal distribution to double precision, tails included.
 *
 * erf / erfc / erfcx follow W. J. Cody, "Rational Chebyshev approximations for the error
 * function", Math. Comp. 23 (1969), with the coefficients of his CALERF routine (netlib specfun):
 * three rational approximations on |x| <= 0.46875, <= 4 and > 4, each accurate to about 1e-18
 * before rounding. The scaled form erfcx(x) = exp(x²)·erfc(x) is what keeps the tails exact: the
 * factor exp(-x²) is taken apart as exp(-xr²)·exp(-(x-xr)(x+xr)) with xr = x rounded to 1/16, so
 * no precision is lost squaring a large argument. normCdf(-38) is 2.9e-316 (a subnormal), not 0.
 */

const A = [3.1611237438705655, 113.86415415105016, 377.485237685302, 3209.3775891384694, 0.18577770618460315];
const B = [23.601290952344122, 244.02463793444417, 1282.6165260773723, 2844.236833439171];
const C = [
  0.5641884969886701, 8.883149794388375, 66.11919063714163, 298.6351381974001, 881.952221241769,
  1712.0476126340707, 2051.0783778260716, 1230.3393547979972, 2.1531153547440383e-8,
];
const D = [
  15.744926110709835, 117.6939508913125, 537.1811018620099, 1621.3895745666903, 3290.7992357334597,
  4362.619090143247, 3439.3676741437216, 1230.3393548037493,
];
const P = [
  0.30532663496123236, 0.36034489994980445, 0.12578172611122926, 0.01608378514874228, 0.0006587491615298378,
  0.016315387137302097,
];
const Q = [
  2.568520192289822, 1.8729528499234604, 0.5279051029514285, 0.06051834131244132, 0.0023352049762686918,
];

const [A0, A1, A2, A3, A4] = A as [number, number, number, number, number];
const [B0, B1, B2, B3] = B as [number, number, number, number];
const [C0, C1, C2, C3, C4, C5, C6, C7, C8] = C as [
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
];
const [D0, D1, D2, D3, D4, D5, D6, D7] = D as [
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
];
const [P0, P1, P2, P3, P4, P5] = P as [number, number, number, number, number, number];
const [Q0, Q1, Q2, Q3, Q4] = Q as [number, number, number, number, number];

const ONE_OVER_SQRT_PI = 0.5641895835477563;
const ONE_OVER_SQRT_TWO = 0.7071067811865476;
export const ONE_OVER_SQRT_TWO_PI = 0.3989422804014327;
const SMALL = 0.46875;

/** erf(y) for 0 <= y <= 0.46875. */
function erfSmall(y: number): number {
  const z = y * y;
  const num = (((A4 * z + A0) * z + A1) * z + A2) * z + A3;
  const den = (((z + B0) * z + B1) * z + B2) * z + B3;
  return (y * num) / den;
}

/** erfcx(y) = exp(y²)·erfc(y) for y > 0.46875 (Cody's second and third intervals). */
function erfcxLarge(y: number): number {
  if (y <= 4) {
    const num = (((((((C8 * y + C0) * y + C1) * y + C2) * y + C3) * y + C4) * y + C5) * y + C6) * y + C7;
    const den = (((((((y + D0) * y + D1) * y + D2) * y + D3) * y + D4) * y + D5) * y + D6) * y + D7;
    return num / den;
  }
  const z = 1 / (y * y);
  const num = z * ((((P5 * z + P0) * z + P1) * z + P2) * z + P3) * z + z * P4;
  const den = ((((z + Q0) * z + Q1) * z + Q2) * z + Q3) * z + Q4;
  return (ONE_OVER_SQRT_PI - num / den) / y;
}

/** exp(-y²) without the cancellation of squaring y: Cody's split at y rounded down to 1/16. */
function expMinusSquare(y: number): number {
  const yr = Math.trunc(y * 16) / 16;
  return Math.exp(-yr * yr) * Math.exp(-(y - yr) * (y + yr));
}

export function erf(x: number): number {
  const y = Math.abs(x);
  if (y <= SMALL) return erfSmall(x);
  const tail = expMinusSquare(y) * erfcxLarge(y);
  return x < 0 ? tail - 1 : 1 - tail;
}

export function erfc(x: number): number {
  const y = Math.abs(x);
  if (y <= SMALL) return 1 - erfSmall(x);
  const tail = expMinusSquare(y) * erfcxLarge(y);
  return x < 0 ? 2 - tail : tail;
}

/** The scaled complementary error function exp(x²)·erfc(x); overflows only for x < -26.6. */
export function erfcx(x: number): number {
  const y = Math.abs(x);
  if (y <= SMALL) {
    return Math.exp(x * x) * (1 - erfSmall(x));
  }
  const scaled = erfcxLarge(y);
  if (x > 0) return scaled;
  const yr = Math.trunc(y * 16) / 16;
  return 2 * Math.exp(yr * yr) * Math.exp((y - yr) * (y + yr)) - scaled;
}

export function normPdf(z: number): number {
  return ONE_OVER_SQRT_TWO_PI * Math.exp(-0.5 * z * z);
}

/**
 * Φ(z). Below the central interval, Φ(z) = ½·erfcx(-z/√2)·exp(-z²/2): erfcx is insensitive to the
 * rounding of -z/√2, and exp(-z²/2) is split like Cody's so the relative error stays a few ulps
 * all the way to the subnormal range. Φ(z) for z > 0 is 1 - Φ(-z).
 */
export function normCdf(z: number): number {
  const y = Math.abs(z) * ONE_OVER_SQRT_TWO;
  if (y <= SMALL) return 0.5 + 0.5 * erfSmall(z * ONE_OVER_SQRT_TWO);
  const zAbs = Math.abs(z);
  const zr = Math.trunc(zAbs * 16) / 16;
  const lower = 0.5 * erfcxLarge(y) * Math.exp(-0.5 * zr * zr) * Math.exp(-0.5 * (zAbs - zr) * (zAbs + zr));
  return z < 0 ? lower : 1 - lower;
}

/**
 * Φ(z) for quadrature integrands, where absolute accuracy is what counts: Cody's approximation as
 * in {@link normCdf} but exp(-z²/2) in one call (relative error about z²·1e-16 in the lower tail,
 * absolute error a few 1e-16), 0 below z = -38.5 and 1 above z = 8.5 (where 1 - Φ rounds to 1).
 */
export function normCdfQuadrature(z: number): number {
  if (z < -38.5) return 0;
  if (z > 8.5) return 1;
  const y = Math.abs(z) * ONE_OVER_SQRT_TWO;
  if (y <= SMALL) return 0.5 + 0.5 * erfSmall(z * ONE_OVER_SQRT_TWO);
  const lower = 0.5 * erfcxLarge(y) * Math.exp(-0.5 * z * z);
  return z < 0 ? lower : 1 - lower;
}

// P. J. Acklam's rational approximation of the inverse normal CDF (relative error < 1.2e-9).
// Used only for initial guesses, where that accuracy is ample.
const IA = [
  -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716,
  2.506628277459239,
];
const IB = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
const IC = [
  -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
  2.938163982698783,
];
const ID = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
const [IA0, IA1, IA2, IA3, IA4, IA5] = IA as [number, number, number, number, number, number];
const [IB0, IB1, IB2, IB3, IB4] = IB as [number, number, number, number, number];
const [IC0, IC1, IC2, IC3, IC4, IC5] = IC as [number, number, number, number, number, number];
const [ID0, ID1, ID2, ID3] = ID as [number, number, number, number];
const P_LOW = 0.02425;

/** Φ⁻¹(p) to about 1e-9 relative; -Infinity at 0, Infinity at 1. */
export function inverseNormCdfApprox(p: number): number {
  if (p <= 0) return -Infinity;
  if (p >= 1) return Infinity;
  if (p < P_LOW || p > 1 - P_LOW) {
    const q = Math.sqrt(-2 * Math.log(p < P_LOW ? p : 1 - p));
    const value =
      (((((IC0 * q + IC1) * q + IC2) * q + IC3) * q + IC4) * q + IC5) /
      ((((ID0 * q + ID1) * q + ID2) * q + ID3) * q + 1);
    return p < P_LOW ? value : -value;
  }
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((IA0 * r + IA1) * r + IA2) * r + IA3) * r + IA4) * r + IA5) * q) /
    (((((IB0 * r + IB1) * r + IB2) * r + IB3) * r + IB4) * r + 1)
  );
}
