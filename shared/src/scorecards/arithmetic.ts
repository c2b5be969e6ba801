/**
 * Scorecard arithmetic: a valued signal's move (percent, in the signal's direction) and whether it
 * hit, a day's sums per type, severity and horizon, and a window's rows from those sums.
 */
import {
  horizons,
  SCORECARD_MIN_SAMPLE,
  type Horizon,
  type ScorecardRow,
  type SignalRecord,
} from './schemas';

/**
 * The move of a valued signal, percent: a directional signal's price change in its direction, a
 * signal of no direction the size of the change either way, a scan pick its P&L on the capital at
 * risk (`entry` its opening cost, `value` its closing value, both per share at executable prices).
 */
export function moveOf(record: Pick<SignalRecord, 'direction' | 'entry' | 'scale' | 'legs'>, value: number) {
  const change = ((value - record.entry) / record.scale) * 100;
  if (record.legs) return change;
  return record.direction === 0 ? Math.abs(change) : record.direction * change;
}

/** Whether the signal paid: moved its way (a pick: made money); null when it has no direction. */
export function hitOf(record: Pick<SignalRecord, 'direction' | 'entry' | 'scale' | 'legs'>, value: number) {
  if (!record.legs && record.direction === 0) return null;
  return moveOf(record, value) > 0;
}

/** A bucket's sums: signals valued, hits, and the sum of their moves. */
export interface BucketSums {
  type: string;
  severity: string;
  horizon: Horizon;
  directional: boolean;
  n: number;
  hits: number;
  sumMove: number;
}

const bucketKey = (type: string, severity: string, horizon: Horizon) => `${type}|${severity}|${horizon}`;

/** The sums of a set of records (a day's), and how many of their horizons are still to be valued. */
export function sumRecords(records: readonly SignalRecord[]): { buckets: BucketSums[]; pending: number } {
  const buckets = new Map<string, BucketSums>();
  let pending = 0;
  for (const record of records) {
    for (const horizon of horizons) {
      if (!(horizon in record.values)) {
        pending += 1;
        continue;
      }
      const value = record.values[horizon];
      if (value === null || value === undefined) continue; // could not be priced: not counted
      const key = bucketKey(record.type, record.severity, horizon);
      const hit = hitOf(record, value);
      const bucket = buckets.get(key) ?? {
        type: record.type,
        severity: record.severity,
        horizon,
        directional: hit !== null,
        n: 0,
        hits: 0,
        sumMove: 0,
      };
      bucket.n += 1;
      bucket.hits += hit ? 1 : 0;
      bucket.sumMove += moveOf(record, value);
      buckets.set(key, bucket);
    }
  }
  return { buckets: [...buckets.values()], pending };
}

/** A window's rows: the days' sums added per type, severity and horizon, in a stable order. */
export function scorecardRows(days: readonly (readonly BucketSums[])[]): ScorecardRow[] {
  const merged = new Map<string, BucketSums>();
  for (const buckets of days) {
    for (const bucket of buckets) {
      const key = bucketKey(bucket.type, bucket.severity, bucket.horizon);
      const into = merged.get(key);
      if (!into) merged.set(key, { ...bucket });
      else {
        into.n += bucket.n;
        into.hits += bucket.hits;
        into.sumMove += bucket.sumMove;
      }
    }
  }
  return [...merged.values()]
    .filter((bucket) => bucket.n > 0)
    .sort(
      (a, b) =>
        a.type.localeCompare(b.type) ||
        a.severity.localeCompare(b.severity) ||
        horizons.indexOf(a.horizon) - horizons.indexOf(b.horizon),
    )
    .map((bucket) => ({
      type: bucket.type,
      severity: bucket.severity,
      horizon: bucket.horizon,
      n: bucket.n,
      hitRate: bucket.directional ? bucket.hits / bucket.n : null,
      meanMove: bucket.sumMove / bucket.n,
      directional: bucket.directional,
      tooFew: bucket.n < SCORECARD_MIN_SAMPLE,
    }));
}
