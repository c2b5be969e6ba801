/**
 * The edge score (0-100) of a scanned position: a weighted sum of five component scores, each
 * 0-100. Bands and colours come from shared/src/ui/colour-bands.ts (80+ excellent, 60+ good, ...).
 *
 *   iv-fit        25  premium sellers (covered call, cash-secured put, iron condor, butterfly)
 *                     score the IV rank; buyers (long call/put, straddle, strangle) 100 - IV rank
 *   liquidity     20  the weakest leg's mean of: volume (log scale, 2,000+ = 100), open interest
 *                     (log scale, 10,000+ = 100) and bid-ask spread (0% = 100, 15%+ of mid = 0)
 *   probability   20  probability of profit × 100 (./payoff)
 *   reward-risk   20  100·R/(1 + R), R = reward / max loss; reward as ./scanner defines it (a
 *                     buyer's profit at a one-standard-deviation move, a seller's max profit)
 *   theta         15  50 + 2 × annualised theta yield in % (net theta × 365 / capital), clamped:
 *                     collecting 25% a year scores 100, paying 25% a year scores 0
 */
import type { ScannerStrategy } from '../constants/strategies';
import { EDGE_SCORE_RANGE, clampToRange } from '../constants/ranges';

export type EdgeComponent = 'iv-fit' | 'liquidity' | 'probability' | 'reward-risk' | 'theta';

export interface EdgeScoreComponent {
  component: EdgeComponent;
  /** Percent of the total; the weights add to 100. */
  weight: number;
  /** 0-100. */
  score: number;
  explanation: string;
}

export const EDGE_WEIGHTS: Record<EdgeComponent, number> = {
  'iv-fit': 25,
  liquidity: 20,
  probability: 20,
  'reward-risk': 20,
  theta: 15,
};

const PREMIUM_SELLERS: ReadonlySet<ScannerStrategy> = new Set([
  'covered-call',
  'cash-secured-put',
  'iron-condor',
  'butterfly',
]);

export function sellsPremium(strategy: ScannerStrategy): boolean {
  return PREMIUM_SELLERS.has(strategy);
}

const clamp100 = (value: number): number => Math.min(100, Math.max(0, value));
const LOG_VOLUME_FULL = Math.log10(2001);
const LOG_OPEN_INTEREST_FULL = Math.log10(10_001);

export function ivFitScore(sellsPremiumStrategy: boolean, ivRank: number): number {
  return clamp100(sellsPremiumStrategy ? ivRank : 100 - ivRank);
}

/** One leg's liquidity; a position takes its weakest leg's. */
export function legLiquidityScore(volume: number, openInterest: number, spreadPercent: number): number {
  const volumeScore = clamp100((100 * Math.log10(1 + volume)) / LOG_VOLUME_FULL);
  const openInterestScore = clamp100((100 * Math.log10(1 + openInterest)) / LOG_OPEN_INTEREST_FULL);
  const spreadScore = clamp100(100 * (1 - spreadPercent / 15));
  return (volumeScore + openInterestScore + spreadScore) / 3;
}

export function rewardRiskScore(ratio: number): number {
  return ratio > 0 ? clamp100((100 * ratio) / (1 + ratio)) : 0;
}

/** `thetaPerShare` per day, `capitalPerShare` the capital required / 100. */
export function thetaScore(thetaPerShare: number, capitalPerShare: number): number {
  if (!(capitalPerShare > 0)) return 50;
  return clamp100(50 + (2 * 100 * thetaPerShare * 365) / capitalPerShare);
}

/** The weighted total, rounded to a whole number and clamped to 0-100. */
export function combineEdgeScore(
  ivFit: number,
  liquidity: number,
  probability: number,
  rewardRisk: number,
  theta: number,
): number {
  const total =
    (EDGE_WEIGHTS['iv-fit'] * ivFit +
      EDGE_WEIGHTS.liquidity * liquidity +
      EDGE_WEIGHTS.probability * probability +
      EDGE_WEIGHTS['reward-risk'] * rewardRisk +
      EDGE_WEIGHTS.theta * theta) /
    100;
  return clampToRange(Math.round(total), EDGE_SCORE_RANGE);
}

export interface EdgeScoreInputs {
  strategy: ScannerStrategy;
  ivRank: number;
  /** Weakest leg's figures. */
  volume: number;
  openInterest: number;
  spreadPercent: number;
  liquidity: number;
  probabilityOfProfit: number;
  rewardRisk: number;
  /** Dollars (unbounded profits already replaced by the one-sigma profit). */
  reward: number;
  maxLoss: number;
  thetaPerShare: number;
  capitalRequired: number;
}

const dollars = (value: number): string =>
  `$${Math.abs(value).toLocaleString('en-US', { maximumFractionDigits: 0 })}`;

/** The score with its breakdown (built only for the results a scan returns). */
export function edgeScoreBreakdown(inputs: EdgeScoreInputs): {
  score: number;
  breakdown: EdgeScoreComponent[];
} {
  const seller = sellsPremium(inputs.strategy);
  const ivFit = ivFitScore(seller, inputs.ivRank);
  const probability = clamp100(inputs.probabilityOfProfit * 100);
  const rewardRisk = rewardRiskScore(inputs.rewardRisk);
  const theta = thetaScore(inputs.thetaPerShare, inputs.capitalRequired / 100);
  const annualYield =
    inputs.capitalRequired > 0 ? (inputs.thetaPerShare * 100 * 365 * 100) / inputs.capitalRequired : 0;
  const breakdown: EdgeScoreComponent[] = [
    {
      component: 'iv-fit',
      weight: EDGE_WEIGHTS['iv-fit'],
      score: ivFit,
      explanation: `IV rank ${inputs.ivRank.toFixed(0)}: ${seller ? 'selling' : 'buying'} premium is favoured when IV is ${seller ? 'rich' : 'cheap'}`,
    },
    {
      component: 'liquidity',
      weight: EDGE_WEIGHTS.liquidity,
      score: inputs.liquidity,
      explanation: `Weakest leg: volume ${inputs.volume.toLocaleString('en-US')}, open interest ${inputs.openInterest.toLocaleString('en-US')}, spread ${inputs.spreadPercent.toFixed(1)}% of mid`,
    },
    {
      component: 'probability',
      weight: EDGE_WEIGHTS.probability,
      score: probability,
      explanation: `Probability of profit ${(inputs.probabilityOfProfit * 100).toFixed(1)}% (lognormal at the ATM IV)`,
    },
    {
      component: 'reward-risk',
      weight: EDGE_WEIGHTS['reward-risk'],
      score: rewardRisk,
      explanation: `Reward/risk ${inputs.rewardRisk.toFixed(2)}: ${dollars(inputs.reward)} against a max loss of ${dollars(inputs.maxLoss)}`,
    },
    {
      component: 'theta',
      weight: EDGE_WEIGHTS.theta,
      score: theta,
      explanation: `Theta ${inputs.thetaPerShare >= 0 ? '+' : '-'}$${Math.abs(inputs.thetaPerShare * 100).toFixed(2)}/day on ${dollars(inputs.capitalRequired)} of capital (${annualYield.toFixed(0)}% a year)`,
    },
  ];
  return { score: combineEdgeScore(ivFit, inputs.liquidity, probability, rewardRisk, theta), breakdown };
}
