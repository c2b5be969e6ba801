/**
 * `npm run calibrate-score`: collects every scored position's forecast expected return, probability
 * of profit and realised return (shared/src/options/backtest.ts visitRealised) on scan days over
 * the whole simulated history, fits the expected-return calibration on the fit years and writes
 * shared/src/options/scan-calibration-table.ts; prints promised against realised by decile for the
 * fit years and each held-out year. Options:
 *   --start 2020-02-10 --end 2026-09-25 --every 10   the scan days
 *   --fit-until 2022                                 fit on years up to this one, hold out the rest
 *   --cache /tmp/calibration.bin                     reuse (or write) the collected positions
 *   --write                                          write the table
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { isoDateOf, newYorkInstant } from '@shared/market/calendar';
import { EVERY_SCORED, scanDays, visitRealised } from '@shared/options/backtest';
import { F_EXPECTED, F_MAX_LOSS, F_POP } from '@shared/options/scan-candidates';
import { scanFiltersSchema } from '@shared/options/scan-filters';
import { STRATEGY_CODES } from '@shared/options/scan-results';
import { buildUniverseSnapshot } from '@shared/options/snapshot';
import {
  fitCalibration,
  calibrate,
  decileTable,
  type CalibrationKnots,
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

const COLS = 5; // year, strategy, forecast expected return, probability of profit, realised return
let data: Float32Array;
if (values.cache && existsSync(values.cache)) {
  const buffer = readFileSync(values.cache);
  data = new Float32Array(buffer.buffer, buffer.byteOffset, buffer.byteLength / 4);
} else {
  const started = performance.now();
  const days = scanDays(values.start, values.end, Number(values.every));
  const filters = scanFiltersSchema.parse(EVERY_SCORED);
  const rows: number[] = [];
  days.forEach((day, d) => {
    const snapshot = buildUniverseSnapshot(newYorkInstant(day, 15 * 60 + 30));
    const year = Number(isoDateOf(day).slice(0, 4));
    visitRealised(snapshot, filters, (view, realised) => {
      rows.push(
        year,
        view.strategy,
        view.fields[F_EXPECTED]! / view.fields[F_MAX_LOSS]!,
        view.fields[F_POP]!,
        realised,
      );
    });
    if (d % 10 === 0 || d === days.length - 1)
      process.stderr.write(
        `  ${isoDateOf(day)} (${d + 1}/${days.length}, ${((performance.now() - started) / 1000).toFixed(0)} s)\n`,
      );
  });
  data = Float32Array.from(rows);
  if (values.cache) writeFileSync(values.cache, Buffer.from(data.buffer));
}

const fitUntil = Number(values['fit-until']);
const n = data.length / COLS;
const knots: CalibrationKnots[] = STRATEGY_CODES.map((_, code) => {
  const raw: number[] = [];
  const realised: number[] = [];
  for (let i = 0; i < n; i += 1) {
    if (data[i * COLS]! <= fitUntil && data[i * COLS + 1] === code) {
      raw.push(data[i * COLS + 2]!);
      realised.push(data[i * COLS + 4]!);
    }
  }
  return fitCalibration(raw, realised);
});

const pct = (x: number) =>
  Number.isFinite(x) ? `${x >= 0 ? '+' : '−'}${Math.abs(x * 100).toFixed(1)}%` : 'n/a';
const years = [...new Set(Array.from({ length: n }, (_, i) => data[i * COLS]!))].sort();
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
    const code = data[i * COLS + 1]!;
    forecast.push(data[i * COLS + 2]!);
    promised.push(calibrate(knots[code]!, data[i * COLS + 2]!));
    pop.push(data[i * COLS + 3]!);
    realised.push(data[i * COLS + 4]!);
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
  const table = STRATEGY_CODES.map(
    (strategy, code) =>
      `  '${strategy}': { x: [${knots[code]!.x.map((v) => v.toFixed(4)).join(', ')}], y: [${knots[code]!.y.map((v) => v.toFixed(4)).join(', ')}] },`,
  ).join('\n');
  writeFileSync(
    new URL('../shared/src/options/scan-calibration-table.ts', import.meta.url),
    `/**
 * Written by \`npm run calibrate-score -- --write\` (do not edit by hand): per strategy, the knots
 * of the expected-return calibration (./scan-calibration): x the forecast's expected return at the
 * bid/ask, y what positions with that forecast realised, by decile, in the walk-forward backtest
 * of ${years[0]}–${fitUntil} (scan days every ${values.every} sessions from ${values.start}).
 */
import type { ScannerStrategy } from '../constants/strategies';
import type { CalibrationKnots } from './scan-calibration';

export const CALIBRATION_FIT = { from: '${values.start}', until: ${fitUntil}, everySessions: ${values.every} } as const;

export const CALIBRATION_KNOTS: Record<ScannerStrategy, CalibrationKnots> = {
${table}
};
`,
  );
  console.log('\nWrote shared/src/options/scan-calibration-table.ts');
}
