import { describe, expect, it } from 'vitest';
import {
  EDGE_WEIGHTS,
  OPEN_INTEREST_FLOOR,
  VOLUME_FLOOR,
  combineEdgeScore,
  edgeScoreBreakdown,
  expectedReturnScore,
  ivFitScore,
  liquidityScore,
  probabilityScore,
  thetaEfficiency,
  thetaEfficiencyScore,
} from '@shared/options/scoring';

describe('edge score components', () => {
  it('weights add to 100, most of it on the expected return', () => {
    expect(Object.values(EDGE_WEIGHTS).reduce((a, b) => a + b, 0)).toBe(100);
    expect(EDGE_WEIGHTS['expected-return']).toBeGreaterThan(50);
  });

  it('maps the expected return on capital without saturating: 0% is 50, +5% is 75, -5% is 25', () => {
    expect(expectedReturnScore(0)).toBe(50);
    expect(expectedReturnScore(0.05)).toBeCloseTo(75, 10);
    expect(expectedReturnScore(-0.05)).toBeCloseTo(25, 10);
    // Strictly increasing, and never pinned at the ends: a better trade always scores higher.
    const returns = [-0.9, -0.3, -0.05, 0, 0.01, 0.05, 0.2, 1, 5];
    const scores = returns.map(expectedReturnScore);
    for (let i = 1; i < scores.length; i += 1) expect(scores[i]!).toBeGreaterThan(scores[i - 1]!);
    expect(scores.at(-1)!).toBeLessThan(100);
    expect(scores[0]!).toBeGreaterThan(0);
    expect(expectedReturnScore(Number.NaN)).toBe(0);
  });

  it('scores liquidity from the round-trip spread over the premium, scaled below the floors', () => {
    expect(liquidityScore(0, 10_000, 5_000)).toBe(100);
    expect(liquidityScore(0.2, 10_000, 5_000)).toBeCloseTo(80, 10);
    expect(liquidityScore(1.5, 10_000, 5_000)).toBe(0);
    expect(liquidityScore(0.2, OPEN_INTEREST_FLOOR / 2, 5_000)).toBeCloseTo(40, 10);
    expect(liquidityScore(0.2, 10_000, VOLUME_FLOOR / 4)).toBeCloseTo(20, 10);
    expect(liquidityScore(Infinity, 10_000, 5_000)).toBe(0);
  });

  it('fits IV to the side: sellers like IV above the forecast and a high percentile, buyers the opposite', () => {
    expect(ivFitScore(true, 0.3, 80)).toBeGreaterThan(ivFitScore(true, 0, 80));
    expect(ivFitScore(true, 0.1, 90)).toBeGreaterThan(ivFitScore(true, 0.1, 10));
    expect(ivFitScore(false, -0.2, 10)).toBeCloseTo(ivFitScore(true, 0.2, 90), 10);
    expect(ivFitScore(true, 0, 50)).toBeCloseTo(50, 10);
  });

  it('measures theta efficiency as theta over |vega|, mapped without saturating', () => {
    expect(thetaEfficiency(0.05, -0.1)).toBeCloseTo(0.5, 12);
    expect(thetaEfficiency(-0.05, 0.1)).toBeCloseTo(-0.5, 12);
    expect(thetaEfficiency(0.01, 0)).toBe(Infinity);
    expect(thetaEfficiencyScore(0)).toBe(50);
    expect(thetaEfficiencyScore(1)).toBeCloseTo(75, 10);
    expect(thetaEfficiencyScore(3)).toBeGreaterThan(thetaEfficiencyScore(2));
    expect(thetaEfficiencyScore(3)).toBeLessThan(100);
    expect(probabilityScore(0.634)).toBeCloseTo(63.4, 10);
  });

  it('combines to a whole number in 0-100 and explains every component with its raw value', () => {
    expect(combineEdgeScore(100, 100, 100, 100, 100)).toBe(100);
    expect(combineEdgeScore(80, 60, 40, 20, 0)).toBe(
      Math.round((60 * 80 + 15 * 60 + 15 * 40 + 5 * 20) / 100),
    );
    const { score, breakdown } = edgeScoreBreakdown({
      strategy: 'cash-secured-put',
      expectedReturn: 0.012,
      expectedProfit: 112,
      capitalAtRisk: 9350,
      probabilityOfProfit: 0.68,
      spreadCost: 0.08,
      netPremium: -1.5,
      openInterest: 5678,
      volume: 1234,
      impliedVolatility: 0.32,
      forecastVolatility: 0.27,
      ivPercentile: 72,
      theta: 0.05,
      vega: -0.12,
    });
    expect(breakdown.map((c) => c.component)).toEqual([
      'expected-return',
      'probability',
      'liquidity',
      'iv-fit',
      'theta-efficiency',
    ]);
    expect(breakdown[0]!.value).toBe(0.012);
    expect(breakdown[0]!.explanation).toContain('$112 on $9,350 at risk (+1.2%)');
    expect(breakdown[1]!.explanation).toContain('68.0%');
    expect(breakdown[2]!.explanation).toContain('8.0% of the $1.50 premium');
    expect(breakdown[3]!.value).toBeCloseTo(0.32 / 0.27 - 1, 12);
    expect(breakdown[3]!.explanation).toContain('IV 32.0% against 27.0% forecast');
    expect(breakdown[4]!.value).toBeCloseTo(0.05 / 0.12, 12);
    expect(score).toBe(Math.round(breakdown.reduce((sum, c) => sum + (c.weight * c.score) / 100, 0)));
  });
});
