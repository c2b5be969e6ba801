import { describe, expect, it } from 'vitest';
import {
  EDGE_WEIGHTS,
  combineEdgeScore,
  edgeScoreBreakdown,
  ivFitScore,
  legLiquidityScore,
  rewardRiskScore,
  thetaScore,
} from '@shared/options/scoring';

describe('edge score components', () => {
  it('weights add to 100', () => {
    expect(Object.values(EDGE_WEIGHTS).reduce((a, b) => a + b, 0)).toBe(100);
  });

  it('favours selling premium when IV is rich and buying when cheap', () => {
    expect(ivFitScore(true, 80)).toBe(80);
    expect(ivFitScore(false, 80)).toBe(20);
  });

  it('scores liquidity from volume, open interest and spread', () => {
    expect(legLiquidityScore(2000, 10_000, 0)).toBeCloseTo(100, 10);
    expect(legLiquidityScore(0, 0, 15)).toBe(0);
    expect(legLiquidityScore(500, 1000, 5)).toBeLessThan(legLiquidityScore(5000, 1000, 5));
  });

  it('maps reward/risk and theta yield onto 0-100', () => {
    expect(rewardRiskScore(1)).toBe(50);
    expect(rewardRiskScore(3)).toBe(75);
    expect(rewardRiskScore(0)).toBe(0);
    expect(thetaScore(0, 10)).toBe(50);
    expect(thetaScore((10 * 0.25) / 365, 10)).toBeCloseTo(100, 10); // +25% a year
    expect(thetaScore((-10 * 0.25) / 365, 10)).toBeCloseTo(0, 10);
  });

  it('combines to a whole number in 0-100 and explains every component', () => {
    expect(combineEdgeScore(100, 100, 100, 100, 100)).toBe(100);
    expect(combineEdgeScore(80, 60, 40, 20, 0)).toBe(
      Math.round((25 * 80 + 20 * 60 + 20 * 40 + 20 * 20) / 100),
    );
    const { score, breakdown } = edgeScoreBreakdown({
      strategy: 'cash-secured-put',
      ivRank: 72,
      volume: 1234,
      openInterest: 5678,
      spreadPercent: 3.2,
      liquidity: 70,
      probabilityOfProfit: 0.68,
      rewardRisk: 0.02,
      reward: 150,
      maxLoss: 9350,
      thetaPerShare: 0.05,
      capitalRequired: 9350,
    });
    expect(breakdown.map((c) => c.component)).toEqual([
      'iv-fit',
      'liquidity',
      'probability',
      'reward-risk',
      'theta',
    ]);
    expect(breakdown[0]!.explanation).toContain('IV rank 72');
    expect(score).toBe(Math.round(breakdown.reduce((sum, c) => sum + (c.weight * c.score) / 100, 0)));
  });
});
