/**
 * The edge score (0-100) of a scanned position: a weighted sum of five component scores, each
 * 0-100, every one computed at executable prices (buy at the ask, sell at the bid) under the
 * forecast of ./forecast. Bands and colours come from shared/src/ui/colour-bands.ts (80+
 * excellent, 60+ good, 40+ average, 20+ below average, else poor).
 *
 *   expected return   60  expected P&L at expiry per dollar of capital at risk, R = E[P&L] / max
 *                         loss, fills at bid/ask: what positions like this one realised in the
 *                         backtest, per strategy, from the forecast's figure and the rest of what
 *                         the scan minute knows (./scan-calibration): 50 + (100/π)·atan(R / 5%)
 *                         (0% → 50, +5% → 75, +15% → 90, -5% → 25); it never saturates
 *   probability       15  probability of profit at expiry under the forecast (the surface's skew,
 *                         not one ATM volatility), × 100
 *   liquidity         15  100 × (1 - round-trip spread / |net premium|), the round trip being
 *                         Σ|quantity|·(ask - bid) over the option legs, scaled down linearly below
 *                         the floors: 100 contracts of open interest and 10 traded today on the
 *                         weakest leg
 *   iv fit             5  whether the position is long or short volatility when it should be:
 *                         70% from the volatility risk premium x = IV / forecast - 1 of its expiry
 *                         (50 + (100/π)·atan(x / 15%)), 30% from the IV percentile; a buyer of
 *                         volatility scores -x and 100 - percentile
 *   theta efficiency   5  net theta per day over |net vega| per volatility point (days of decay
 *                         that a one-point move in IV is worth): 50 + (100/π)·atan(θ / |ν|)
 * The weights add to 100. Edge is the expected value, so it carries most of the weight; the
 * volatility premium and the decay are already in it, and show separately to explain it. The
 * weights were chosen on scans of June 2020 to December 2021 (each component's and each
 * candidate mix's rank correlation with the realised return, per strategy); the backtest reported
 * in docs/features/scanner.md is 2022-2023, which that choice never saw.
 */
import type { ScannerStrategy } from '../constants/strategies';
import { EDGE_SCORE_RANGE, clampToRange } from '../constants/ranges';

export type EdgeComponent = 'expected-return' | 'probability' | 'liquidity' | 'iv-fit' | 'theta-efficiency';

export interface EdgeScoreComponent {
  component: EdgeComponent;
  /** Percent of the total; the weights add to 100. */
  weight: number;
  /** 0-100. */
  score: number;
  /** The component's raw figure in its own unit (see `unit`), e.g. 0.032 for +3.2%. */
  value: number;
  unit: 'fraction' | 'ratio' | 'percent';
  explanation: string;
}

export const EDGE_WEIGHTS: Record<EdgeComponent, number> = {
  'expected-return': 60,
  probability: 15,
  liquidity: 15,
  'iv-fit': 5,
  'theta-efficiency': 5,
};

/** Open interest and volume (weakest leg) at and above which liquidity is not scaled down. */
export const OPEN_INTEREST_FLOOR = 100;
export const VOLUME_FLOOR = 10;
const RETURN_SCALE = 0.05;
const PREMIUM_SCALE = 0.15;

const PREMIUM_SELLERS: ReadonlySet<ScannerStrategy> = new Set([
  'covered-call',
  'cash-secured-put',
  'iron-condor',
  'butterfly',
]);

/** Short volatility: the strategies that collect time value (a long butterfly is short vega). */
export function sellsPremium(strategy: ScannerStrategy): boolean {
  return PREMIUM_SELLERS.has(strategy);
}

const clamp100 = (value: number): number => Math.min(100, Math.max(0, value));
const arcScore = (x: number): number => clamp100(50 + (100 / Math.PI) * Math.atan(x));

export function expectedReturnScore(expectedReturn: number): number {
  return expectedReturn === expectedReturn ? arcScore(expectedReturn / RETURN_SCALE) : 0;
}

export function probabilityScore(probabilityOfProfit: number): number {
  return clamp100(probabilityOfProfit * 100);
}

/** `spreadCost` = round-trip spread / |net premium| (Infinity when the premium is 0). */
export function liquidityScore(spreadCost: number, openInterest: number, volume: number): number {
  const floors = Math.min(1, openInterest / OPEN_INTEREST_FLOOR) * Math.min(1, volume / VOLUME_FLOOR);
  return clamp100(100 * Math.max(0, 1 - spreadCost) * floors);
}

/**
 * `premium` = IV / forecast volatility - 1 of the expiry; `ivPercentile` 0-100, NaN when unknown (a
 * real chain before enough recorded sessions): the fit then rests on the premium alone.
 */
export function ivFitScore(sellsVolatility: boolean, premium: number, ivPercentile: number): number {
  const x = sellsVolatility ? premium : -premium;
  if (Number.isNaN(ivPercentile)) return clamp100(arcScore(x / PREMIUM_SCALE));
  const percentile = sellsVolatility ? ivPercentile : 100 - ivPercentile;
  return clamp100(0.7 * arcScore(x / PREMIUM_SCALE) + 0.3 * percentile);
}

/** Net theta per day over |net vega| per vol point (both per share). */
export function thetaEfficiency(theta: number, vega: number): number {
  const v = Math.abs(vega);
  if (v > 0) return theta / v;
  return theta > 0 ? Infinity : theta < 0 ? -Infinity : 0;
}

export function thetaEfficiencyScore(efficiency: number): number {
  if (efficiency === Infinity) return 100;
  if (efficiency === -Infinity) return 0;
  return arcScore(efficiency);
}

/**
 * One leg's liquidity on the old 0-100 scale (volume 2,000+ and open interest 10,000+ on log
 * scales, spread 0-15% of mid), kept for the chain work arrays; the edge score uses liquidityScore.
 */
export function legLiquidityScore(volume: number, openInterest: number, spreadPercent: number): number {
  const volumeScore = clamp100((100 * Math.log10(1 + volume)) / Math.log10(2001));
  const openInterestScore = clamp100((100 * Math.log10(1 + openInterest)) / Math.log10(10_001));
  const spreadScore = clamp100(100 * (1 - spreadPercent / 15));
  return (volumeScore + openInterestScore + spreadScore) / 3;
}

/** The weighted total of the component scores, rounded to a whole number and clamped to 0-100. */
export function combineEdgeScore(
  expectedReturn: number,
  probability: number,
  liquidity: number,
  ivFit: number,
  thetaEff: number,
): number {
  const total =
    (EDGE_WEIGHTS['expected-return'] * expectedReturn +
      EDGE_WEIGHTS.probability * probability +
      EDGE_WEIGHTS.liquidity * liquidity +
      EDGE_WEIGHTS['iv-fit'] * ivFit +
      EDGE_WEIGHTS['theta-efficiency'] * thetaEff) /
    100;
  return clampToRange(Math.round(total), EDGE_SCORE_RANGE);
}

export interface EdgeScoreInputs {
  strategy: ScannerStrategy;
  /** Expected P&L over capital at risk (the scanner's per-share figures, so the score is the scan's), calibrated. */
  expectedReturn: number;
  /** The forecast's expected return before the calibration, when it differs (for the explanation). */
  forecastExpectedReturn?: number;
  /** Dollars per position, for the explanation. */
  expectedProfit: number;
  capitalAtRisk: number;
  probabilityOfProfit: number;
  /** Round-trip spread / |net premium|, and that premium per share. */
  spreadCost: number;
  netPremium: number;
  /** Weakest leg's figures. */
  openInterest: number;
  volume: number;
  /** The expiry's at-the-money IV and the forecast volatility, fractions. */
  impliedVolatility: number;
  forecastVolatility: number;
  ivPercentile: number;
  /** Net, per share: theta per day, vega per vol point. */
  theta: number;
  vega: number;
}

/**
 * A number as `toLocaleString('en-US', { maximumFractionDigits: 0 })` writes it: rounded half away
 * from zero, thousands grouped with commas. From +0 to 2^52 without Intl, where Math.round rounds
 * the same way: a process's first Intl number format loads ICU's data, about 15 ms of the
 * scanner's first request after a cold start. Anything else is left to toLocaleString.
 */
export function wholeNumberText(value: number): string {
  if (!(value >= 0 && value < 2 ** 52) || Object.is(value, -0))
    return value.toLocaleString('en-US', { maximumFractionDigits: 0 });
  return String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A count as `toLocaleString('en-US')` writes it (see wholeNumberText). */
const countText = (value: number): string =>
  Number.isInteger(value) ? wholeNumberText(value) : value.toLocaleString('en-US');
const dollars = (value: number): string => `${value < 0 ? '-' : ''}$${wholeNumberText(Math.abs(value))}`;
const signedPercent = (fraction: number, digits = 1): string =>
  `${fraction >= 0 ? '+' : '-'}${Math.abs(fraction * 100).toFixed(digits)}%`;

/** The score with its breakdown: each component's raw figure, score and why. */
export function edgeScoreBreakdown(inputs: EdgeScoreInputs): {
  score: number;
  breakdown: EdgeScoreComponent[];
} {
  const seller = sellsPremium(inputs.strategy);
  const { expectedReturn } = inputs;
  const premium = inputs.impliedVolatility / inputs.forecastVolatility - 1;
  const efficiency = thetaEfficiency(inputs.theta, inputs.vega);
  const scores = {
    'expected-return': expectedReturnScore(expectedReturn),
    probability: probabilityScore(inputs.probabilityOfProfit),
    liquidity: liquidityScore(inputs.spreadCost, inputs.openInterest, inputs.volume),
    'iv-fit': ivFitScore(seller, premium, inputs.ivPercentile),
    'theta-efficiency': thetaEfficiencyScore(efficiency),
  } satisfies Record<EdgeComponent, number>;
  const thin =
    inputs.openInterest < OPEN_INTEREST_FLOOR || inputs.volume < VOLUME_FLOOR
      ? ` (below the floors of ${OPEN_INTEREST_FLOOR} open interest and ${VOLUME_FLOOR} traded: scaled down)`
      : '';
  const breakdown: EdgeScoreComponent[] = [
    {
      component: 'expected-return',
      weight: EDGE_WEIGHTS['expected-return'],
      score: scores['expected-return'],
      value: expectedReturn,
      unit: 'fraction',
      explanation: `Expected P&L ${dollars(inputs.expectedProfit)} on ${dollars(inputs.capitalAtRisk)} at risk (${signedPercent(expectedReturn)}), filled at the bid/ask and held to expiry, under a forecast of ${(inputs.forecastVolatility * 100).toFixed(1)}% volatility${inputs.forecastExpectedReturn !== undefined && inputs.forecastExpectedReturn !== expectedReturn ? `; the forecast alone says ${signedPercent(inputs.forecastExpectedReturn)}; what positions like this one (its strategy, that forecast, its probability, delta, premium, days and IV) realised in the backtest` : ''}`,
    },
    {
      component: 'probability',
      weight: EDGE_WEIGHTS.probability,
      score: scores.probability,
      value: inputs.probabilityOfProfit,
      unit: 'fraction',
      explanation: `Probability of profit ${(inputs.probabilityOfProfit * 100).toFixed(1)}% at expiry under the forecast, with the surface's skew`,
    },
    {
      component: 'liquidity',
      weight: EDGE_WEIGHTS.liquidity,
      score: scores.liquidity,
      value: inputs.spreadCost,
      unit: 'fraction',
      explanation: `A round trip across the bid/ask costs ${Number.isFinite(inputs.spreadCost) ? `${(inputs.spreadCost * 100).toFixed(1)}%` : 'more than all'} of the $${Math.abs(inputs.netPremium).toFixed(2)} premium; weakest leg: open interest ${countText(inputs.openInterest)}, volume ${countText(inputs.volume)}${thin}`,
    },
    {
      component: 'iv-fit',
      weight: EDGE_WEIGHTS['iv-fit'],
      score: scores['iv-fit'],
      value: premium,
      unit: 'fraction',
      explanation: `IV ${(inputs.impliedVolatility * 100).toFixed(1)}% against ${(inputs.forecastVolatility * 100).toFixed(1)}% forecast (${signedPercent(premium, 0)}), ${Number.isNaN(inputs.ivPercentile) ? 'no IV percentile yet' : `IV percentile ${inputs.ivPercentile.toFixed(0)}`}: ${seller ? 'selling' : 'buying'} volatility is favoured when it is ${seller ? 'rich' : 'cheap'}`,
    },
    {
      component: 'theta-efficiency',
      weight: EDGE_WEIGHTS['theta-efficiency'],
      score: scores['theta-efficiency'],
      value: efficiency,
      unit: 'ratio',
      explanation: `Theta ${inputs.theta >= 0 ? '+' : '-'}$${Math.abs(inputs.theta * 100).toFixed(2)}/day against vega $${Math.abs(inputs.vega * 100).toFixed(2)} per IV point: ${Number.isFinite(efficiency) ? `${efficiency >= 0 ? '+' : ''}${efficiency.toFixed(2)}` : efficiency > 0 ? 'no vega' : 'no vega'} days of decay per point`,
    },
  ];
  return {
    score: combineEdgeScore(
      scores['expected-return'],
      scores.probability,
      scores.liquidity,
      scores['iv-fit'],
      scores['theta-efficiency'],
    ),
    breakdown,
  };
}
