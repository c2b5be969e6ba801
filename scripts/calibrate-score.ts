/**
 * `npm run calibrate-score`: collects every scored position's calibration features
 * (shared/src/options/scan-calibration.ts CALIBRATION_FEATURES), probability of profit and
 * realised return (shared/src/options/backtest.ts visitRealised) on scan days over the whole
 * simulated history, fits each strategy's calibration on the fit years and writes
 * shared/src/options/scan-calibration-table.ts; prints promised against realised by decile and the
 * calibrated figure's rank correlation with the realised return within each strategy, for the fit
 * years and each held-out year. Options:
 *   --start 2020-02-10 --end 2026-09-25 --every 10   the scan days
 *   --fit-until 2022                                 fit on years up to this one, hold out the rest
 *   --cache /tmp/calibration.bin                     reuse (or write) the collected positions
 *   --write                                          write the table
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { isoDateOf, newYorkInstant } from '@shared/market/calendar';
import { EVERY_SCORED, scanDays, spearman, visitRealised } from '@shared/options/backtest';
import { F_POP } from '@shared/options/scan-candidates';
import { scanFiltersSchema } from '@shared/options/scan-filters';
import { STRATEGY_CODES } from '@shared/options/scan-results';
import { buildUniverseSnapshot } from '@shared/options/snapshot';
import {
  CALIBRATION_FEATURES,
  FEATURE_COUNT,
  FEATURE_INDEX,
  calibratedReturnOf,
  decileTable,
  fitStrategyCalibration,
  type StrategyCalibration,
} from '@shared/options/scan-calibration';

const { values } = parseArgs({
  options: {
    start: { type: 'string', default: '2020-02-10' },
    end: { type: 'string', default: '2026-09-25' },
    every: { type: 'string', default: '10' },
    'fit-until': { type: 'string', default: '2022' },
    cache: { type: 'string' },
    write: { type: 'boolean', default: false },
  },
});

// year, strategy, probability of profit, realised return, then the features.
const HEAD = 4;
const COLS = HEAD + FEATURE_COUNT;
let data: Float32Array;
if (values.cache && existsSync(values.cache)) {
  const buffer = readFileSync(values.cache);
  data = new Float32Array(buffer.buffer, buffer.byteOffset, buffer.byteLength / 4);
} else {
  const started = performance.now();
  const days = scanDays(values.start, values.end, Number(values.every));
  const filters = scanFiltersSchema.parse(EVERY_SCORED);
  let rows = new Float32Array(1 << 24);
  let size = 0;
  days.forEach((day, d) => {
    const snapshot = buildUniverseSnapshot(newYorkInstant(day, 15 * 60 + 30));
    const year = Number(isoDateOf(day).slice(0, 4));
    visitRealised(snapshot, filters, (view, realised) => {
      if (size + COLS > rows.length) {
        const bigger = new Float32Array(rows.length * 2);
        bigger.set(rows);
        rows = bigger;
      }
      rows[size] = year;
      rows[size + 1] = view.strategy;
      rows[size + 2] = view.fields[F_POP]!;
      rows[size + 3] = realised;
      rows.set(view.features, size + HEAD);
      size += COLS;
    });
    if (d % 10 === 0 || d === days.length - 1)
      process.stderr.write(
        `  ${isoDateOf(day)} (${d + 1}/${days.length}, ${((performance.now() - started) / 1000).toFixed(0)} s)\n`,
      );
  });
  data = rows.slice(0, size);
  if (values.cache) writeFileSync(values.cache, Buffer.from(data.buffer));
}

const fitUntil = Number(values['fit-until']);
const n = data.length / COLS;
const featuresOf = (i: number) => data.subarray(i * COLS + HEAD, (i + 1) * COLS);
const calibrations: StrategyCalibration[] = STRATEGY_CODES.map((_, code) => {
  const rows: number[] = [];
  for (let i = 0; i < n; i += 1) if (data[i * COLS]! <= fitUntil && data[i * COLS + 1] === code) rows.push(i);
  const features = new Float64Array(rows.length * FEATURE_COUNT);
  rows.forEach((i, r) => features.set(featuresOf(i), r * FEATURE_COUNT));
  return fitStrategyCalibration(
    features,
    Float64Array.from(rows, (i) => data[i * COLS + 3]!),
  );
});
const promisedOf = new Float64Array(n);
for (let i = 0; i < n; i += 1)
  promisedOf[i] = calibratedReturnOf(calibrations[data[i * COLS + 1]!]!, featuresOf(i));

const pct = (x: number) =>
  Number.isFinite(x) ? `${x >= 0 ? '+' : '−'}${Math.abs(x * 100).toFixed(1)}%` : 'n/a';
const years = [...new Set(Array.from({ length: n }, (_, i) => data[i * COLS]!))].sort();
for (const [code, c] of calibrations.entries()) {
  console.log(
    `${STRATEGY_CODES[code]}: weights ${CALIBRATION_FEATURES.map((f, i) => `${f} ${c.weight[i]!.toFixed(3)}`).join(', ')}\n  knots ${c.knots.y.map(pct).join(' ')}`,
  );
}
const within = (keep: (year: number) => boolean) =>
  STRATEGY_CODES.map((_, code) => {
    const promised: number[] = [];
    const realised: number[] = [];
    for (let i = 0; i < n; i += 1) {
      if (!keep(data[i * COLS]!) || data[i * COLS + 1] !== code) continue;
      promised.push(promisedOf[i]!);
      realised.push(data[i * COLS + 3]!);
    }
    return spearman(Float32Array.from(promised), Float32Array.from(realised), promised.length);
  });
console.log(
  `\nSpearman of the calibrated return with the realised, within each strategy (${STRATEGY_CODES.join(', ')}):`,
);
for (const y of years)
  console.log(
    `  ${y} ${y <= fitUntil ? 'fit' : 'out'} ${within((x) => x === y)
      .map((r) => r.toFixed(3).padStart(7))
      .join('')}`,
  );
console.log(
  `  all      ${within(() => true)
    .map((r) => r.toFixed(3).padStart(7))
    .join('')}`,
);

const groups: { label: string; keep: (year: number) => boolean }[] = [
  { label: `fit ${years[0]}–${fitUntil}`, keep: (y) => y <= fitUntil },
  { label: `held out ${fitUntil + 1}–${years.at(-1)}`, keep: (y) => y > fitUntil },
  ...years.filter((y) => y > fitUntil).map((y) => ({ label: `held out ${y}`, keep: (x: number) => x === y })),
];
for (const group of groups) {
  const promised: number[] = [];
  const forecast: number[] = [];
  const realised: number[] = [];
  const pop: number[] = [];
  for (let i = 0; i < n; i += 1) {
    if (!group.keep(data[i * COLS]!)) continue;
    forecast.push(data[i * COLS + HEAD + FEATURE_INDEX.forecastReturn]!);
    promised.push(promisedOf[i]!);
    pop.push(data[i * COLS + 2]!);
    realised.push(data[i * COLS + 3]!);
  }
  console.log(`\n${group.label}: ${promised.length.toLocaleString('en-US')} positions`);
  console.log('  decile  forecast  calibrated  realised   gap (calibrated − realised)');
  for (const row of decileTable(promised, realised, forecast)) {
    console.log(
      `  ${String(row.decile).padStart(6)}  ${pct(row.forecast).padStart(8)}  ${pct(row.promised).padStart(10)}  ${pct(row.realised).padStart(8)}   ${pct(row.promised - row.realised)}`,
    );
  }
  const hits = realised.map((r) => (r > 0 ? 1 : 0));
  console.log('  probability of profit by decile: promised against realised hit rate');
  for (const row of decileTable(pop, hits)) {
    console.log(
      `  ${String(row.decile).padStart(6)}  ${pct(row.promised).padStart(8)}  ${pct(row.realised).padStart(8)}`,
    );
  }
}

if (values.write) {
  const list = (xs: readonly number[]) => `[${xs.map((v) => Number(v.toPrecision(6))).join(', ')}]`;
  const table = STRATEGY_CODES.map((strategy, code) => {
    const c = calibrations[code]!;
    return `  '${strategy}': {\n    lo: ${list(c.lo)},\n    hi: ${list(c.hi)},\n    mean: ${list(c.mean)},\n    sd: ${list(c.sd)},\n    weight: ${list(c.weight)},\n    knots: { x: ${list(c.knots.x)}, y: ${list(c.knots.y)} },\n  },`;
  }).join('\n');
  writeFileSync(
    new URL('../shared/src/options/scan-calibration-table.ts', import.meta.url),
    `/**
 * Written by \`npm run calibrate-score -- --write\` (do not edit by hand): per strategy, the
 * expected-return calibration (./scan-calibration): per feature of CALIBRATION_FEATURES its clip
 * bounds, mean, sd and weight in the index, and the knots (x the index, y what positions with that
 * index realised, by decile, shrunk and non-decreasing), fitted on the walk-forward backtest of
 * ${years[0]}–${fitUntil} (scan days every ${values.every} sessions from ${values.start}).
 */
import type { ScannerStrategy } from '../constants/strategies';
import type { StrategyCalibration } from './scan-calibration';

export const CALIBRATION_FIT = { from: '${values.start}', until: ${fitUntil}, everySessions: ${values.every} } as const;

export const CALIBRATION: Record<ScannerStrategy, StrategyCalibration> = {
${table}
};
`,
  );
  console.log('\nWrote shared/src/options/scan-calibration-table.ts');
}
