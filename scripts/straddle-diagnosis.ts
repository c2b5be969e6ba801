/**
 * `npx tsx scripts/straddle-diagnosis.ts`: why the forecast's expected return ranks straddles
 * barely better than chance (issue 22; docs/features/scanner.md "What the score can and cannot
 * tell you"). Scans the calibration's fit years only (2020-02-10 to 2022-12, every 10th session at
 * 15:30, as the backtest) for straddles (the default DTE window and floors, expected losers
 * included; about 2–3 minutes) and compares, for each, what it realised held to expiry at the ask
 * with:
 *   forecast   the scanner's expected return (./shared/src/options/forecast: its variance to the
 *              expiry against the implied variance it pays, at the ask)
 *   oracle     the same payoff under the variance the market model itself expects to the expiry
 *              (its variance state and every report's m²: what the surface prices, before the
 *              premium (1 + p)²). No trader has it; it bounds what any variance forecast can rank
 *   reversion  the oracle with the forward moved by the price model's pull toward its reference
 *              price over the life (a hidden state too)
 * Prints the rank correlations with the realised return, the spread of each figure across
 * straddles, and realised squared log moves over each variance by year, days to expiry and
 * whether a report is spanned. Options: --start --end --every; --cache FILE reuses (or writes) the
 * collected rows.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { dayNumberOfIso, isoDateOf, newYorkInstant } from '@shared/market/calendar';
import { extendSymbolTo, symbolModel, tradingIndexOnOrBefore } from '@shared/market/price-model';
import { universeEntry } from '@shared/market/universe';
import { expectedVariance } from '@shared/market/volatility';
import { scanDays, spearman, visitRealised } from '@shared/options/backtest';
import {
  expectedPayoff,
  sessionsUntil,
  varianceRatioAt,
  type ExpiryForecast,
} from '@shared/options/forecast';
import { F_EXPECTED_RETURN, F_MAX_LOSS } from '@shared/options/scan-candidates';
import { FEATURE_INDEX } from '@shared/options/scan-calibration';
import { scanFiltersSchema } from '@shared/options/scan-filters';
import { buildUniverseSnapshot } from '@shared/options/snapshot';
import { earningsVariance } from '@shared/options/surface';

const { values } = parseArgs({
  options: {
    start: { type: 'string', default: '2020-02-10' },
    end: { type: 'string', default: '2022-12-30' },
    every: { type: 'string', default: '10' },
    cache: { type: 'string' },
  },
});
// The held-out years choose nothing, so this diagnosis does not read them.
if (values.end > '2022-12-31') throw new Error('--end: the fit years only (2020–2022)');

/** The price model's pull toward its reference price a session (κ = ln 2 / 126, docs/market-model.md). */
const PRICE_REVERSION = Math.LN2 / 126;

const C = {
  year: 0,
  days: 1,
  realised: 2,
  forecast: 3,
  calibrated: 4,
  oracle: 5,
  reversion: 6,
  forecastVariance: 7,
  forecastVarianceWithoutRatio: 8,
  impliedVariance: 9,
  oracleVariance: 10,
  moveSquared: 11,
  spread: 12,
  reportsVariance: 13,
} as const;
const COLS = Object.keys(C).length;

/** The straddle's expected return at the ask under `f`: E[call + put payoff] less the debit, over the debit. */
function straddleReturn(f: ExpiryForecast, strikes: [number, number], debit: number): number {
  return (expectedPayoff(f, strikes[0], true) + expectedPayoff(f, strikes[1], false) - debit) / debit;
}

function collect(): Float64Array {
  const started = performance.now();
  const filters = scanFiltersSchema.parse({
    strategy: 'straddle',
    ivRank: 0,
    excludeEarnings: false,
    minExpectedReturn: -1,
    limit: 1,
  });
  const rows: number[] = [];
  const days = scanDays(values.start, values.end, Number(values.every));
  days.forEach((day, d) => {
    const snapshot = buildUniverseSnapshot(newYorkInstant(day, 15 * 60 + 30));
    visitRealised(snapshot, filters, (view, realised) => {
      const chain = snapshot.chains[view.chain]!;
      const work = snapshot.work[view.chain]!;
      const f = work.expiries[view.expiration]!;
      const p = chain.surface;
      const expiryDay = dayNumberOfIso(chain.expirations[view.expiration]!);
      const expiryIndex = tradingIndexOnOrBefore(expiryDay);
      const reports = earningsVariance(p, expiryDay);
      const oracleVariance = expectedVariance(p.variance, expiryIndex - p.stateIndex, p.firstShare) + reports;
      const oracleAtm = Math.sqrt(oracleVariance / f.years);
      const oracle: ExpiryForecast = { ...f, forecastAtm: oracleAtm, scale: oracleAtm / f.impliedAtm };
      const model = symbolModel(universeEntry(chain.symbol)!);
      extendSymbolTo(model, expiryIndex);
      const pull = Math.pow(1 - PRICE_REVERSION, expiryIndex - p.stateIndex) - 1;
      const reverting = {
        ...oracle,
        forward: f.forward * Math.exp(pull * model.logDeviation[p.stateIndex]!),
      };
      const [call, put] = [view.legs[0]!, view.legs[1]!];
      const strikes: [number, number] = [chain.strike[call]!, chain.strike[put]!];
      const debit = view.fields[F_MAX_LOSS]!;
      const forecastVariance = f.forecastAtm * f.forecastAtm * f.years;
      const ratio = varianceRatioAt(work.forecast!.varianceRatios, sessionsUntil(work.forecast!, expiryDay));
      const move = Math.log(model.close[expiryIndex]! / f.forward);
      const row = new Array<number>(COLS);
      row[C.year] = Number(isoDateOf(day).slice(0, 4));
      row[C.days] = view.features[FEATURE_INDEX.daysToExpiry]!;
      row[C.realised] = realised;
      row[C.forecast] = view.features[FEATURE_INDEX.forecastReturn]!;
      row[C.calibrated] = view.fields[F_EXPECTED_RETURN]!;
      row[C.oracle] = straddleReturn(oracle, strikes, debit);
      row[C.reversion] = straddleReturn(reverting, strikes, debit);
      row[C.forecastVariance] = forecastVariance;
      row[C.forecastVarianceWithoutRatio] = (forecastVariance - reports) / ratio + reports;
      row[C.impliedVariance] = f.impliedAtm * f.impliedAtm * f.years;
      row[C.oracleVariance] = oracleVariance;
      row[C.moveSquared] = move * move;
      row[C.spread] = debit / (chain.mid[call]! + chain.mid[put]!) - 1;
      row[C.reportsVariance] = reports;
      rows.push(...row);
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    process.stderr.write(`  ${isoDateOf(day)} (${d + 1}/${days.length}, ${seconds} s)\n`);
  });
  return Float64Array.from(rows);
}

let data: Float64Array;
if (values.cache && existsSync(values.cache)) {
  const buffer = readFileSync(values.cache);
  data = new Float64Array(buffer.buffer, buffer.byteOffset, buffer.byteLength / 8);
} else {
  data = collect();
  if (values.cache) writeFileSync(values.cache, Buffer.from(data.buffer));
}

const n = data.length / COLS;
type Keep = (i: number) => boolean;
const at = (i: number, c: number) => data[i * COLS + c]!;
const column = (c: number, keep: Keep) => {
  const out: number[] = [];
  for (let i = 0; i < n; i += 1) if (keep(i)) out.push(at(i, c));
  return Float32Array.from(out);
};
const mean = (a: ArrayLike<number>) => Array.from(a).reduce((s, x) => s + x, 0) / a.length;
const sd = (a: Float32Array) => {
  const m = mean(a);
  return Math.sqrt(mean(a.map((x) => (x - m) ** 2)));
};
const edge = (implied: Float32Array, forecast: Float32Array) =>
  implied.map((x, i) => -Math.log(x / forecast[i]!));

const groups: [string, Keep][] = [
  ['fit 2020–22', () => true],
  ...[2020, 2021, 2022].map((y): [string, Keep] => [String(y), (i) => at(i, C.year) === y]),
  ...[
    [1, 14],
    [15, 30],
    [31, 45],
    [46, 60],
  ].map(([lo, hi]): [string, Keep] => [`${lo}–${hi} d`, (i) => at(i, C.days) >= lo! && at(i, C.days) <= hi!]),
  ['spans a report', (i) => at(i, C.reportsVariance) > 0],
  ['spans none', (i) => at(i, C.reportsVariance) === 0],
];

console.log(`${n} straddles\n\nSpearman with the realised return (held to expiry, bought at the ask):`);
console.log(
  'group | n | forecast | calibrated | −ln(implied/forecast var) | same without VR | oracle | oracle with reversion | −spread',
);
for (const [name, keep] of groups) {
  const realised = column(C.realised, keep);
  const rho = (a: Float32Array) => spearman(a, realised, a.length).toFixed(3);
  const implied = column(C.impliedVariance, keep);
  console.log(
    [
      name,
      realised.length,
      rho(column(C.forecast, keep)),
      rho(column(C.calibrated, keep)),
      rho(edge(implied, column(C.forecastVariance, keep))),
      rho(edge(implied, column(C.forecastVarianceWithoutRatio, keep))),
      rho(column(C.oracle, keep)),
      rho(column(C.reversion, keep)),
      rho(column(C.spread, keep).map((x) => -x)),
    ].join(' | '),
  );
}
console.log(
  '\nMeans and spreads (sd across straddles), and realised squared log moves over each variance (ratio of means):',
);
console.log(
  'group | realised | forecast | oracle | sd realised | sd forecast | sd oracle | sd oracle with reversion | ln(forecast/oracle var) | move²/forecast | move²/without VR | move²/oracle | move²/implied',
);
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
for (const [name, keep] of groups) {
  const moves = mean(column(C.moveSquared, keep));
  const forecastVariance = column(C.forecastVariance, keep);
  const oracleVariance = column(C.oracleVariance, keep);
  console.log(
    [
      name,
      pct(mean(column(C.realised, keep))),
      pct(mean(column(C.forecast, keep))),
      pct(mean(column(C.oracle, keep))),
      pct(sd(column(C.realised, keep))),
      pct(sd(column(C.forecast, keep))),
      pct(sd(column(C.oracle, keep))),
      pct(sd(column(C.reversion, keep))),
      mean(forecastVariance.map((x, i) => Math.log(x / oracleVariance[i]!))).toFixed(3),
      (moves / mean(forecastVariance)).toFixed(3),
      (moves / mean(column(C.forecastVarianceWithoutRatio, keep))).toFixed(3),
      (moves / mean(oracleVariance)).toFixed(3),
      (moves / mean(column(C.impliedVariance, keep))).toFixed(3),
    ].join(' | '),
  );
}
