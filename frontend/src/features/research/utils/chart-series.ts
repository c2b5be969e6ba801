/** A chart card's points as lightweight-charts data, and the text that describes them. */
export interface ChartPoint {
  time: string;
  price: number;
}

/** Seconds since the epoch (lightweight-charts' UTCTimestamp), ascending, one point per second. */
export function toSeries(points: readonly ChartPoint[]): { time: number; value: number }[] {
  const series: { time: number; value: number }[] = [];
  for (const point of points) {
    const time = Math.floor(Date.parse(point.time) / 1000);
    const last = series.at(-1);
    if (last && time <= last.time) continue;
    series.push({ time, value: point.price });
  }
  return series;
}

export interface ChartSummary {
  first: ChartPoint;
  last: ChartPoint;
  high: number;
  low: number;
  /** Percent change to the last point from `reference` (the close before the range), else from the first point. */
  change: number;
}

export function summarize(points: readonly ChartPoint[], reference?: number): ChartSummary | null {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return null;
  const prices = points.map((p) => p.price);
  const base = reference ?? first.price;
  return {
    first,
    last,
    high: Math.max(...prices),
    low: Math.min(...prices),
    change: base > 0 ? ((last.price - base) / base) * 100 : 0,
  };
}
