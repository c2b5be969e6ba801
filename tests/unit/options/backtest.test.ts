/** A smoke test of `npm run backtest` (two scan days, a few symbols): the command itself prints the figures. */
import { describe, expect, it } from 'vitest';
import { runBacktest, scanDays, spearman } from '@shared/options/backtest';
import { regimeAt } from '@shared/options/backtest-regimes';
import { dayNumberOfIso } from '@shared/market/calendar';
import { tradingIndexOnOrBefore } from '@shared/market/price-model';

const regimeOn = (date: string) => regimeAt(tradingIndexOnOrBefore(dayNumberOfIso(date)));

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

  it('classifies scan days by the market regime: the scheduled 2020 crash is a crash, the index down (up) 5% over three months a bear (bull)', () => {
    // The crash regime starts on 2020-02-24 (../market/volatility); its window is 42 sessions.
    expect(regimeOn('2020-02-21')).not.toBe('crash');
    expect(regimeOn('2020-02-24')).toBe('crash');
    expect(regimeOn('2020-03-16')).toBe('crash');
    expect(regimeOn('2020-04-21')).toBe('crash');
    expect(regimeOn('2020-04-23')).not.toBe('crash');
    // A bear on the decline's heels, a bull, and a calm stretch, as the model's SPY closes have them.
    expect(regimeOn('2020-05-06')).toBe('bear');
    expect(regimeOn('2020-02-10')).toBe('calm');
    expect(regimeOn('2020-07-02')).toBe('bull');
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
    // Per regime: both days are one regime here, so its figures are the whole run's.
    expect(report.regimes).toHaveLength(1);
    expect(report.regimes[0]!.scanDays).toBe(2);
    expect(report.regimes[0]!.overall.positions).toBe(report.overall.positions);
    expect(report.regimes[0]!.defaultScan.positions).toBe(report.defaultScan.positions);
  });
});
