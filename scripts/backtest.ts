/**
 * `npm run backtest`: the edge score's walk-forward backtest in the simulated market
 * (shared/src/options/backtest.ts), printed. Options:
 *   --start 2020-02-10 --end 2026-09-25   the scan days (default: the whole simulated history
 *                                         whose positions have expired)
 *   --every 10                            scan every n-th trading day (default 10)
 *   --symbols AAPL,SPY                    a subset of the universe (default: all 99)
 *   --json                                also print the report as JSON
 *   --write                               write the score bands' figures to
 *                                         shared/src/options/backtest-bands.ts (the position
 *                                         dialog shows them next to the score)
 * It takes a few minutes on two cores: each scan day builds and scans the whole universe.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { runBacktest, type GroupFigures } from '@shared/options/backtest';
import { scannerStrategyLabel, type ScannerStrategy } from '@shared/constants/strategies';
import { CALIBRATION_FIT } from '@shared/options/scan-calibration-table';

const { values } = parseArgs({
  options: {
    start: { type: 'string', default: '2020-02-10' },
    end: { type: 'string', default: '2026-09-25' },
    every: { type: 'string', default: '10' },
    symbols: { type: 'string' },
    json: { type: 'boolean', default: false },
    write: { type: 'boolean', default: false },
  },
});

const started = performance.now();
const report = runBacktest({
  start: values.start,
  end: values.end,
  everySessions: Number(values.every),
  minute: 15 * 60 + 30,
  symbols: values.symbols?.split(',').map((s) => s.trim().toUpperCase()),
  onDay: (date, done, total) => {
    if (done === 1 || done % 10 === 0 || done === total) {
      process.stderr.write(
        `  scanned ${date} (${done}/${total}, ${((performance.now() - started) / 1000).toFixed(0)} s)\n`,
      );
    }
  },
});

const pct = (value: number, digits = 1) =>
  Number.isFinite(value) ? `${value >= 0 ? '+' : ''}${(value * 100).toFixed(digits)}%` : 'n/a';
const num = (value: number, digits = 2) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
const pass = (ok: boolean) => (ok ? 'PASS' : 'MISS');

const row = (g: GroupFigures, spearmanTarget: number) =>
  `${(g.strategy === 'all' ? 'All strategies' : scannerStrategyLabel(g.strategy)).padEnd(18)}` +
  `${g.positions.toLocaleString('en-US').padStart(11)}` +
  `${num(g.spearman).padStart(9)} ${pass(g.spearman >= spearmanTarget)}` +
  `${pct(g.topDecileReturn).padStart(10)}${pct(g.bottomDecileReturn).padStart(10)} ${pass(g.topDecileReturn > g.bottomDecileReturn)}` +
  `${pct(g.meanReturn).padStart(10)}${pct(g.hitRate, 0).padStart(8)}`;

console.log(
  `Edge score backtest: ${report.dates.length} scan days, ${report.dates[0]} to ${report.dates.at(-1)}, at 15:30 New York; held to expiry, filled at the bid/ask`,
);
console.log('');
console.log(
  `${'strategy'.padEnd(18)}${'positions'.padStart(11)}${'Spearman'.padStart(9)}     ${'top 10%'.padStart(10)}${'bottom 10%'.padStart(10)}     ${'mean'.padStart(10)}${'hit'.padStart(8)}`,
);
console.log(row(report.overall, 0.3));
for (const g of report.strategies) console.log(row(g, 0.1));
console.log('');
console.log(
  `By edge score band (${report.bandsOutOfSample ? `scored positions in the years after ${CALIBRATION_FIT.until}, which the calibration did not see` : 'all scored positions'}):`,
);
for (const band of report.bands) {
  console.log(
    `  ${`${band.min}+`.padEnd(4)} ${band.label.padEnd(14)} ${band.positions.toLocaleString('en-US').padStart(10)} positions, hit rate ${pct(band.hitRate, 0).padStart(5)}, mean return ${pct(band.meanReturn)}${band.worst ? `; worst year ${band.worst.year}: hit rate ${pct(band.worst.hitRate, 0)}, mean ${pct(band.worst.meanReturn)}` : ''}`,
  );
}
console.log('');
const d = report.defaultScan;
console.log(
  `Default scan (IV rank 50, all strategies, the caps): ${d.positions.toLocaleString('en-US')} picks, capital $${Math.round(d.capital).toLocaleString('en-US')}, P&L $${Math.round(d.pnl).toLocaleString('en-US')}: aggregate return ${pct(d.aggregateReturn, 2)} ${pass(d.aggregateReturn > 0)}, hit rate ${pct(d.hitRate, 0)}`,
);
for (const s of d.byStrategy.filter((s) => s.positions > 0)) {
  console.log(
    `  ${scannerStrategyLabel(s.strategy).padEnd(18)} ${String(s.positions).padStart(6)} picks, aggregate ${pct(s.aggregateReturn, 2)}`,
  );
}
console.log('');
console.log(
  `Per calendar year (the calibration was fitted on ${CALIBRATION_FIT.from.slice(0, 4)}–${CALIBRATION_FIT.until}; later years are held out). Spearman overall, then within each strategy; the default scan's picks and aggregate return:`,
);
const short = (g: GroupFigures) => num(g.spearman);
console.log(
  `${'year'.padEnd(10)}${'all'.padStart(6)}${report.strategies
    .map((g) =>
      scannerStrategyLabel(g.strategy as ScannerStrategy)
        .slice(0, 9)
        .padStart(10),
    )
    .join('')}${'picks'.padStart(8)}${'default scan'.padStart(14)}`,
);
for (const y of report.years) {
  const tag = y.year > CALIBRATION_FIT.until ? `${y.year} out` : `${y.year} fit`;
  console.log(
    `${tag.padEnd(10)}${short(y.overall).padStart(6)}${y.strategies.map((g) => short(g).padStart(10)).join('')}${String(y.defaultScan.positions).padStart(8)}${pct(y.defaultScan.aggregateReturn, 2).padStart(14)} ${pass(!(y.defaultScan.aggregateReturn < 0))}`,
  );
}
console.log('');
console.log(
  "Per market regime of the scan day (shared/src/options/backtest-regimes.ts: crash = within 42 sessions of a crash regime's start; bear/bull = SPY down/up more than 5% over the 63 sessions before; calm = neither):",
);
for (const r of report.regimes) {
  console.log(
    `${`${r.regime} (${r.scanDays} d)`.padEnd(14)}${short(r.overall).padStart(6)}${r.strategies.map((g) => short(g).padStart(10)).join('')}${String(r.defaultScan.positions).padStart(8)}${pct(r.defaultScan.aggregateReturn, 2).padStart(14)} ${pass(!(r.defaultScan.aggregateReturn < 0))}`,
  );
}
console.log('');
console.log(`(${((performance.now() - started) / 1000).toFixed(0)} s)`);
if (values.json) console.log(JSON.stringify(report, null, 2));

if (values.write) {
  const bands = report.bands.map(({ min, positions, hitRate, meanReturn, worst }) => ({
    min,
    positions,
    hitRate: Number(hitRate.toFixed(4)),
    meanReturn: Number(meanReturn.toFixed(4)),
    worst: worst
      ? `{ year: ${worst.year}, positions: ${worst.positions}, hitRate: ${worst.hitRate.toFixed(4)}, meanReturn: ${worst.meanReturn.toFixed(4)} }`
      : 'null',
  }));
  const file = `/**
 * Written by \`npm run backtest -- --write\` (do not edit by hand): how positions in each edge score
 * band did in the walk-forward backtest of the simulated market (shared/src/options/backtest.ts),
 * held to expiry and filled at the bid/ask. The position dialog shows them next to the score.
 */
export interface BacktestBand {
  /** The band's lowest score. */
  min: number;
  positions: number;
  /** Share of positions with a profit. */
  hitRate: number;
  /** Mean return on capital at risk. */
  meanReturn: number;
  /** The year with the lowest mean return in the band (100 positions or more), or null. */
  worst: { year: number; positions: number; hitRate: number; meanReturn: number } | null;
}

export const BACKTEST_PERIOD = { from: '${report.dates[0]}', to: '${report.dates.at(-1)}', scanDays: ${report.dates.length}, outOfSampleFrom: ${report.bandsOutOfSample ? CALIBRATION_FIT.until + 1 : 'null'} } as const;

export const BACKTEST_BANDS: readonly BacktestBand[] = [
${bands
  .map(
    (b) =>
      `  {\n    min: ${b.min},\n    positions: ${b.positions},\n    hitRate: ${b.hitRate},\n    meanReturn: ${b.meanReturn},\n    worst: ${b.worst},\n  },`,
  )
  .join('\n')}
];
`;
  writeFileSync(new URL('../shared/src/options/backtest-bands.ts', import.meta.url), file);
  console.log('Wrote shared/src/options/backtest-bands.ts');
}
