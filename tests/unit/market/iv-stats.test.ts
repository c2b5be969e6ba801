import { describe, expect, it } from 'vitest';
import { ivPercentile, ivRank } from '@shared/market/iv-stats';

describe('IV rank and percentile', () => {
  // A hand-made history: min 0.20, max 0.40.
  const history = [0.2, 0.25, 0.3, 0.35, 0.4, 0.22, 0.28, 0.33, 0.38, 0.24];

  it('ranks the current IV within the range: (cur - min) / (max - min) × 100', () => {
    expect(ivRank(history, 0.3)).toBeCloseTo(50, 12);
    expect(ivRank(history, 0.35)).toBeCloseTo(75, 12);
    expect(ivRank(history, 0.2)).toBe(0);
    expect(ivRank(history, 0.5)).toBe(100);
    expect(ivRank(history, 0.1)).toBe(0);
    expect(ivRank([0.3, 0.3], 0.3)).toBe(50);
  });

  it('counts the share of days below the current IV', () => {
    expect(ivPercentile(history, 0.3)).toBe(50); // 0.2, 0.25, 0.22, 0.28, 0.24
    expect(ivPercentile(history, 0.41)).toBe(100);
    expect(ivPercentile(history, 0.2)).toBe(0);
  });
});
