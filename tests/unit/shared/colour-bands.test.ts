import { describe, expect, it } from 'vitest';
import {
  confidenceTone,
  credibilityTone,
  darkPoolEdgeLabel,
  edgeScoreBand,
  edgeScoreTone,
  pnlTone,
  riskTone,
  severityTone,
  vixTone,
  winRateTone,
} from '@shared/ui/colour-bands';

describe('edgeScoreBand', () => {
  it.each([
    [100, 'excellent', 'Excellent'],
    [80, 'excellent', 'Excellent'],
    [79.9, 'good', 'Good'],
    [60, 'good', 'Good'],
    [59, 'average', 'Average'],
    [40, 'average', 'Average'],
    [39, 'below-average', 'Below Average'],
    [20, 'below-average', 'Below Average'],
    [19.99, 'poor', 'Poor'],
    [0, 'poor', 'Poor'],
  ])('%d is %s', (score, band, label) => {
    expect(edgeScoreBand(score)).toMatchObject({ band, label });
  });

  it('gives each band its own tone', () => {
    const tones = [90, 70, 50, 30, 10].map((score) => edgeScoreBand(score).tone);
    expect(new Set(tones).size).toBe(5);
  });
});

describe('edgeScoreTone', () => {
  it('uses the 80/60 thresholds', () => {
    expect([80, 79, 60, 59].map(edgeScoreTone)).toEqual(['green', 'yellow', 'yellow', 'red']);
  });
});

describe('darkPoolEdgeLabel', () => {
  it.each([
    [100, 'Exceptional'],
    [90, 'Exceptional'],
    [89, 'Excellent'],
    [80, 'Excellent'],
    [79, 'Good'],
    [70, 'Good'],
    [69, 'Average'],
    [60, 'Average'],
    [59.5, 'Below Average'],
    [0, 'Below Average'],
  ])('%d is %s', (score, label) => {
    expect(darkPoolEdgeLabel(score)).toBe(label);
  });
});

describe('winRateTone and pnlTone', () => {
  it('is positive at 50 or more, neutral above 0, negative at 0', () => {
    expect([100, 50, 49.9, 0.1, 0].map(winRateTone)).toEqual([
      'positive',
      'positive',
      'neutral',
      'neutral',
      'negative',
    ]);
  });

  it('colours P&L by sign', () => {
    expect([125, 0, -90].map(pnlTone)).toEqual(['positive', 'neutral', 'negative']);
  });
});

describe('vixTone', () => {
  it('is red above 25, yellow above 20, else green', () => {
    expect([30, 25.01, 25, 20.01, 20, 12].map(vixTone)).toEqual([
      'red',
      'red',
      'yellow',
      'yellow',
      'green',
      'green',
    ]);
  });
});

describe('confidenceTone and credibilityTone', () => {
  it('use 70/40', () => {
    expect([95, 70, 69, 40, 39, 0].map(confidenceTone)).toEqual([
      'green',
      'green',
      'yellow',
      'yellow',
      'red',
      'red',
    ]);
    expect([70, 69.9, 40, 39.9].map(credibilityTone)).toEqual(['green', 'yellow', 'yellow', 'red']);
  });
});

describe('riskTone and severityTone', () => {
  it('colour risk low green, medium yellow, high red', () => {
    expect(riskTone('low')).toBe('green');
    expect(riskTone('medium')).toBe('yellow');
    expect(riskTone('high')).toBe('red');
    expect(riskTone('extreme')).toBe('purple');
  });

  it('colour severity from blue to purple', () => {
    expect(['low', 'medium', 'high', 'critical'].map((s) => severityTone(s as 'low'))).toEqual([
      'blue',
      'yellow',
      'red',
      'purple',
    ]);
  });
});
