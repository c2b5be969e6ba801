/** The equity curve as the chart draws it, and the numbers its text summary states. */
import { type TradeAnalytics } from '@shared/trades/schemas';

type EquityPoint = TradeAnalytics['equity_curve'][number];

/** 'YYYY-MM-DD' of the day before. */
export function previousDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date - 1)).toISOString().slice(0, 10);
}

/**
 * `{time, value}` per close day, starting from 0 the day before the first close so a single
 * closed trade still draws a line (and the curve visibly starts at zero).
 */
export function equityCurveSeries(points: readonly EquityPoint[]): { time: string; value: number }[] {
  if (points.length === 0) return [];
  return [
    { time: previousDay(points[0]!.date), value: 0 },
    ...points.map((point) => ({ time: point.date, value: point.equity })),
  ];
}

export function equitySummary(points: readonly EquityPoint[]) {
  if (points.length === 0) return null;
  const equities = points.map((point) => point.equity);
  return {
    first: points[0]!.date,
    last: points.at(-1)!.date,
    days: points.length,
    final: equities.at(-1)!,
    peak: Math.max(0, ...equities),
    trough: Math.min(0, ...equities),
  };
}
