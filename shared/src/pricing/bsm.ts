/**
 * Black-Scholes-Merton with a continuous dividend yield q: the price and greeks of a European
 * option on one share.
 *
 * Units (what a trader reads off a chain):
 *   price  per share, in the spot's currency
 *   delta  ∂V/∂S, per $1 of spot (call 0..e^{-qT}, put -e^{-qT}..0)
 *   gamma  ∂²V/∂S², per $1 of spot
 *   theta  ∂V/∂t PER CALENDAR DAY (the annual figure / 365); negative for a long option as time passes
 *   vega   ∂V/∂σ PER VOLATILITY POINT (the figure per 1.00 of σ / 100)
 *   rho    ∂V/∂r PER 1% OF RATE (the figure per 1.00 of r / 100)
 *
 * The price goes through the normalised Black function (./normalized-black), so an
 * out-of-the-money price keeps its relative precision and put-call parity
 * C - P = S·e^{-qT} - K·e^{-rT} holds to rounding by construction.
 */
import type { OptionType } from './implied-volatility';
import { normalizedOtmCall } from './normalized-black';
import { normCdf, normPdf } from './normal';

export interface BsmInput {
  spot: number;
  strike: number;
  /** Years to expiry (ACT/365). */
  years: number;
  /** Continuously compounded, e.g. 0.0425. */
  rate: number;
  /** Continuous, e.g. 0.005. */
  dividendYield: number;
  /** Annualised, e.g. 0.25. */
  volatility: number;
  type: OptionType;
}

export interface BsmResult {
  price: number;
  delta: number;
  gamma: number;
  theta: number;
  vega: number;
  rho: number;
}

export const DAYS_PER_YEAR = 365;

/** The price alone, as the chain generator and the solver's tests need it. */
export function bsmPrice(
  spot: number,
  strike: number,
  years: number,
  rate: number,
  dividendYield: number,
  volatility: number,
  isCall: boolean,
): number {
  if (!(years > 0)) return Math.max(isCall ? spot - strike : strike - spot, 0);
  const discount = Math.exp(-rate * years);
  const forwardSpot = spot * Math.exp(-dividendYield * years);
  const discountedStrike = strike * discount;
  const intrinsic = Math.max(isCall ? forwardSpot - discountedStrike : discountedStrike - forwardSpot, 0);
  const s = volatility * Math.sqrt(years);
  if (!(s > 0)) return intrinsic;
  const forward = forwardSpot / discount;
  const x = -Math.abs(Math.log(forward / strike));
  return intrinsic + discount * Math.sqrt(forward * strike) * normalizedOtmCall(x, s);
}

export function bsm(input: BsmInput): BsmResult {
  const { spot, strike, years, rate, dividendYield, volatility, type } = input;
  if (
    ![spot, strike, years, rate, dividendYield, volatility].every(Number.isFinite) ||
    spot <= 0 ||
    strike <= 0
  ) {
    throw new RangeError('bsm needs finite inputs and a positive spot and strike');
  }
  if (volatility < 0) throw new RangeError('bsm needs a non-negative volatility');
  const isCall = type === 'call';
  const sign = isCall ? 1 : -1;
  const price = bsmPrice(spot, strike, years, rate, dividendYield, volatility, isCall);
  if (!(years > 0)) {
    const inTheMoney = sign * (spot - strike) > 0;
    return { price, delta: inTheMoney ? sign : 0, gamma: 0, theta: 0, vega: 0, rho: 0 };
  }
  const carry = Math.exp(-dividendYield * years);
  const discount = Math.exp(-rate * years);
  const sqrtYears = Math.sqrt(years);
  const s = volatility * sqrtYears;
  const x = Math.log(spot / strike) + (rate - dividendYield) * years;
  if (!(s > 0)) {
    // Zero volatility: the discounted forward intrinsic value and its sensitivities.
    const inTheMoney = sign * x > 0;
    const theta = inTheMoney ? sign * (dividendYield * spot * carry - rate * strike * discount) : 0;
    const rho = inTheMoney ? (sign * strike * years * discount) / 100 : 0;
    return {
      price,
      delta: inTheMoney ? sign * carry : 0,
      gamma: 0,
      theta: theta / DAYS_PER_YEAR,
      vega: 0,
      rho,
    };
  }
  const d1 = x / s + 0.5 * s;
  const d2 = d1 - s;
  const pdf = normPdf(d1);
  const nd1 = normCdf(sign * d1);
  const nd2 = normCdf(sign * d2);
  const thetaYear =
    (-spot * carry * pdf * volatility) / (2 * sqrtYears) -
    sign * rate * strike * discount * nd2 +
    sign * dividendYield * spot * carry * nd1;
  return {
    price,
    delta: sign * carry * nd1,
    gamma: (carry * pdf) / (spot * s),
    theta: thetaYear / DAYS_PER_YEAR,
    vega: (spot * carry * pdf * sqrtYears) / 100,
    rho: (sign * strike * years * discount * nd2) / 100,
  };
}
