/**
 * The high-resolution reference for American prices (scripts and tests only, never shipped): a
 * Crank–Nicolson finite-difference solve of the Black–Scholes PDE in x = ln S, with a Rannacher
 * start (four implicit Euler quarter-steps, which damp the payoff kink's oscillations) and the early
 * exercise constraint applied exactly by Brennan–Schwartz elimination (the exercise region is one
 * interval: below the boundary for a put, above it for a call). Calls are solved as calls, not
 * through put–call symmetry, so the reference does not share that step with ./../../shared/src/pricing.
 *
 *   V_τ = ½σ²V_xx + (r − q − ½σ²)V_x − rV,  V(0, x) = max(±(eˣ − K), 0),  V ≥ payoff
 *
 * The grid spans ln S and ln K and `width` standard deviations σ√T beyond both; the spot lies on
 * a node. Space and time errors are second order; scripts/pricing/american-reference.ts measures
 * the error by doubling both.
 */

export interface GridSize {
  /** Space intervals. */
  space: number;
  /** Time steps. */
  time: number;
  /** Standard deviations (σ√T) of the grid beyond the spot and the strike on each side. */
  width?: number;
}

export function crankNicolsonAmerican(
  spot: number,
  strike: number,
  years: number,
  rate: number,
  dividendYield: number,
  volatility: number,
  isCall: boolean,
  { space, time, width = 8 }: GridSize,
): number {
  const payoffAt = (s: number) => Math.max(isCall ? s - strike : strike - s, 0);
  if (!(years > 0) || !(volatility > 0)) return payoffAt(spot);
  const lnSpot = Math.log(spot);
  const lnStrike = Math.log(strike);
  const halfWidth = width * volatility * Math.sqrt(years);
  const lo0 = Math.min(lnSpot, lnStrike) - halfWidth;
  const hi0 = Math.max(lnSpot, lnStrike) + halfWidth;
  const dx = (hi0 - lo0) / space;
  const spotIndex = Math.round((lnSpot - lo0) / dx);
  const lo = lnSpot - spotIndex * dx;
  const n = space;
  const x = new Float64Array(n + 1);
  const payoff = new Float64Array(n + 1);
  for (let j = 0; j <= n; j += 1) {
    x[j] = lo + j * dx;
    payoff[j] = payoffAt(Math.exp(x[j]!));
  }
  let v = Float64Array.from(payoff);
  let next = new Float64Array(n + 1);
  const rhs = new Float64Array(n + 1);
  const diag = new Float64Array(n + 1);
  const a = (0.5 * volatility * volatility) / (dx * dx);
  const b = (rate - dividendYield - 0.5 * volatility * volatility) / (2 * dx);
  const lower = a - b; // coefficient of V[j-1] in L
  const centre = -2 * a - rate;
  const upper = a + b;
  // Time steps τ_k = T·(k / time)², dense near expiry where the exercise boundary moves like √τ;
  // Rannacher: four implicit Euler quarter-steps replace the first step, the rest are Crank–Nicolson.
  const at = (k: number) => years * (k / time) ** 2;
  const schedule = Array.from({ length: 4 }, () => ({ dt: 0.25 * at(1), theta: 1 }));
  for (let k = 2; k <= time; k += 1) schedule.push({ dt: at(k) - at(k - 1), theta: 0.5 });
  let elapsed = 0;
  for (const { dt: h, theta } of schedule) {
    elapsed += h;
    const explicit = (1 - theta) * h;
    const implicit = theta * h;
    // Boundary values at the new time: the far side is worthless, the near side worth the larger
    // of exercise and the European forward value (exact deep in the money).
    const disc = Math.exp(-rate * elapsed);
    const carry = Math.exp(-dividendYield * elapsed);
    const sLo = Math.exp(x[0]!);
    const sHi = Math.exp(x[n]!);
    next[0] = isCall ? 0 : Math.max(strike - sLo, strike * disc - sLo * carry);
    next[n] = isCall ? Math.max(sHi - strike, sHi * carry - strike * disc) : 0;
    for (let j = 1; j < n; j += 1) {
      rhs[j] = v[j]! + explicit * (lower * v[j - 1]! + centre * v[j]! + upper * v[j + 1]!);
    }
    const l = -implicit * lower;
    const d = 1 - implicit * centre;
    const u = -implicit * upper;
    if (isCall) {
      // Exercise region at the top: eliminate upward, substitute downward with the constraint.
      diag[1] = d;
      rhs[1] = rhs[1]! - l * next[0]!;
      for (let j = 2; j < n; j += 1) {
        const m = l / diag[j - 1]!;
        diag[j] = d - m * u;
        rhs[j] = rhs[j]! - m * rhs[j - 1]!;
      }
      let above = next[n]!;
      for (let j = n - 1; j >= 1; j -= 1) {
        const value = Math.max(payoff[j]!, (rhs[j]! - u * above) / diag[j]!);
        next[j] = value;
        above = value;
      }
    } else {
      // Exercise region at the bottom: eliminate downward, substitute upward with the constraint.
      diag[n - 1] = d;
      rhs[n - 1] = rhs[n - 1]! - u * next[n]!;
      for (let j = n - 2; j >= 1; j -= 1) {
        const m = u / diag[j + 1]!;
        diag[j] = d - m * l;
        rhs[j] = rhs[j]! - m * rhs[j + 1]!;
      }
      let below = next[0]!;
      for (let j = 1; j < n; j += 1) {
        const value = Math.max(payoff[j]!, (rhs[j]! - l * below) / diag[j]!);
        next[j] = value;
        below = value;
      }
    }
    const swap = v;
    v = next;
    next = swap;
  }
  return v[spotIndex]!;
}
