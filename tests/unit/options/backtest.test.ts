/** A smoke test of `npm run backtest` (two scan days, a few symbols): the command itself prints the figures. */
import { describe, expect, it } from 'vitest';
import { runBacktest, scanDays, spearman } from '@shared/options/backtest';

describe('the edge score backtest', () => {
  it("ranks with Spearman's correlation (ties share their mean rank)", () => {
    const a = Float32Array.from([1, 2, 3, 4, 5]);
    expect(spearman(a, Float32Array.from([10, 20, 30, 40, 50]), 5)).toBeCloseTo(1, 12);
    expect(spearman(a, Float32Array.from([5, 4, 3, 2, 1]), 5)).toBeCloseTo(-1, 12);
    // Ranks 1, 2.5, 2.5, 4 against 1..4: Pearson of the ranks.
    expect(spearman(Float32Array.from([1, 2, 2, 3]), Float32Array.from([1, 2, 3, 4]), 4)).toBeCloseTo(
      4.5 / Math.sqrt(4.5 * 5),
      6,
    );
  });

  it('scans walk-forward days, holds every scored position to expiry at the bid/ask and reports the figures', () => {
    expect(scanDays('2024-03-01', '2024-03-15', 5)).toHaveLength(3);
    // Days on which some of these symbols' IV ranks are 50 or more (XOM's about 70), so that the
    // default scan, which screens for that, picks positions too.
    const report = runBacktest({
      start: '2024-06-03',
      end: '2024-06-04',
      everySessions: 1,
      minute: 15 * 60 + 30,
      symbols: ['AAPL', 'SPY', 'XOM', 'MARA', 'KO', 'IWM'],
    });
    expect(report.dates).toEqual(['2024-06-03', '2024-06-04']);
    expect(report.overall.positions).toBeGreaterThan(1000);
    expect(report.strategies.reduce((n, s) => n + s.positions, 0)).toBe(report.overall.positions);
    expect(report.bands.reduce((n, b) => n + b.positions, 0)).toBe(report.overall.positions);
    for (const figures of [report.overall, ...report.strategies]) {
      expect(figures.positions).toBeGreaterThan(0);
      expect(Math.abs(figures.spearman)).toBeLessThanOrEqual(1);
      expect(Number.isFinite(figures.topDecileReturn)).toBe(true);
      expect(figures.meanReturn).toBeGreaterThanOrEqual(-1);
      expect(figures.hitRate).toBeGreaterThanOrEqual(0);
    }
    expect(report.defaultScan.positions).toBeGreaterThan(0);
    expect(Number.isFinite(report.defaultScan.aggregateReturn)).toBe(true);
    // Per calendar year; 2024 is after the calibration's fit, so the bands are out of sample.
    expect(report.years.map((y) => y.year)).toEqual([2024]);
    expect(report.years[0]!.overall.positions).toBe(report.overall.positions);
    expect(report.years[0]!.defaultScan.positions).toBe(report.defaultScan.positions);
    expect(report.bandsOutOfSample).toBe(true);
  });
});
