/**
 * `npm run market-figures`: the simulated market's stylised facts over its history
 * (shared/src/market/stylised-facts.ts), the figures docs/market-model.md puts next to a real
 * market's. Options: --from 2019-01-03 --to 2026-10-30 (the default: the history the unit tests
 * measure), --json.
 */
import { parseArgs } from 'node:util';
import { stylisedFacts } from '@shared/market/stylised-facts';

const { values } = parseArgs({
  options: {
    from: { type: 'string', default: '2019-01-03' },
    to: { type: 'string', default: '2026-10-30' },
    json: { type: 'boolean', default: false },
  },
});

const f = stylisedFacts(values.from, values.to);
const fixed = (value: number, digits = 2) => value.toFixed(digits);
const pct = (value: number, digits = 1) => `${(value * 100).toFixed(digits)}%`;
const premium = (p: typeof f.spyPremium) =>
  `mean ${p.meanPoints >= 0 ? '+' : ''}${fixed(p.meanPoints)} points, negative ${pct(p.negativeShare, 0)} of closes, from ${fixed(p.minPoints, 1)} to +${fixed(p.maxPoints, 1)}`;

console.log(`Simulated market, ${f.from} to ${f.to} (${f.sessions} daily returns)`);
console.log(
  `SPY daily log returns: annualised volatility ${pct(f.spy.annualisedVol)}, skew ${fixed(f.spy.skew)}, excess kurtosis ${fixed(f.spy.excessKurtosis, 1)}`,
);
console.log(
  `  autocorrelation at one day: returns ${fixed(f.spy.acfReturns)}, |returns| ${fixed(f.spy.acfAbsolute)}, squared ${fixed(f.spy.acfSquared)}`,
);
console.log(
  `Correlation of SPY's return with the VIX's change: ${fixed(f.returnVixCorrelation)} in points, ${fixed(f.returnVixPercentCorrelation)} in percent`,
);
console.log(
  `VIX: ${fixed(f.vix.min, 1)} (${f.vix.minDate}) to ${fixed(f.vix.max, 1)} (${f.vix.maxDate}), mean ${fixed(f.vix.mean, 1)}`,
);
console.log(`Worst 21 sessions of SPY: ${pct(f.worstMonth.return)} (to ${f.worstMonth.endDate})`);
for (const crash of f.crashes) {
  console.log(
    `Crash regime from ${crash.start}: the VIX up to ${fixed(crash.vixPeak, 1)}, SPY's worst 21 sessions ${pct(crash.worstMonth)}`,
  );
}
const s = f.stocks;
console.log(
  `${s.count} stocks' daily log returns (medians): skew ${fixed(s.medianSkew)}, excess kurtosis ${fixed(s.medianExcessKurtosis, 1)}, |returns| autocorrelation ${fixed(s.medianAcfAbsolute)}`,
);
console.log(
  `Volatility premium, SPY's 30-day IV minus the next 21 sessions' realised: ${premium(f.spyPremium)}`,
);
console.log(`  the VIX minus SPY's next 21 sessions' realised: ${premium(f.vixPremium)}`);
if (values.json) console.log(JSON.stringify(f, null, 2));
