/**
 * `npm run chains:check`: the real-chain targets on the recorded CBOE chains in
 * tests/fixtures/providers/cboe (tests/fixtures/SOURCES.md), priced as the chain route prices them:
 *   coverage   contracts with an IV / contracts with a time-value bid and a non-crossed quote (≥ 99 %)
 *   vendor     median |IV - CBOE's IV| over liquid out-of-the-money contracts, in vol points (≤ 0.5)
 *   put-call   median |call IV - put IV| at the same strike, after the parity forward (≤ 0.5)
 * A figure with nothing to measure prints as n/a, with the count.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { underlyingAt } from '@shared/market/quotes';
import { exerciseStyleOfSymbol } from '@shared/market/universe';
import { parseCboeChain } from '@shared/providers/chains/cboe';
import { median } from '@shared/providers/chains/parity';
import { priceRealChain, type PricedContract } from '@shared/providers/chains/price-real-chain';

const dir = new URL('../tests/fixtures/providers/cboe/', import.meta.url);
const points = (values: number[]) =>
  values.length === 0
    ? `n/a (0)`
    : `${(median(values.sort((a, b) => a - b)) * 100).toFixed(2)} (${values.length})`;

for (const file of readdirSync(dir).filter(
  (name) => /\.json(\.gz)?$/.test(name) && !name.includes('.handwritten.'),
)) {
  const raw = readFileSync(new URL(file, dir));
  const snapshot = parseCboeChain(
    JSON.parse((file.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8')),
  );
  const symbol = snapshot.underlying.symbol;
  const asOf = new Date(snapshot.underlying.asOf ?? Date.now());
  const { rate, dividendYield } = underlyingAt(symbol, asOf);
  const exercise = exerciseStyleOfSymbol(symbol);
  const started = performance.now();
  const priced = priceRealChain(snapshot, { rate, dividendYield, exercise }, asOf);
  const pricingMs = performance.now() - started;
  const forwardOf = new Map(priced.expiries.map((e) => [e.expiration, e]));
  const intrinsic = (c: PricedContract) => {
    const f = forwardOf.get(c.contract.expiration);
    if (!f) return Infinity;
    return (
      f.discount *
      Math.max(c.contract.type === 'call' ? f.forward - c.contract.strike : c.contract.strike - f.forward, 0)
    );
  };
  const eligible = priced.contracts.filter(
    (c) =>
      c.noIvReason !== 'expired' &&
      c.contract.bid !== null &&
      c.contract.ask !== null &&
      c.contract.bid <= c.contract.ask &&
      c.contract.bid > intrinsic(c),
  );
  const covered = eligible.filter((c) => c.iv !== null).length;
  const liquidOtm = priced.contracts.filter(
    (c) =>
      c.iv !== null &&
      c.contract.iv &&
      intrinsic(c) === 0 &&
      (c.contract.openInterest ?? 0) >= 100 &&
      c.contract.bid! >= 0.1,
  );
  const bySeries = new Map<string, PricedContract>();
  for (const c of priced.contracts)
    if (c.iv !== null) bySeries.set(`${c.contract.expiration} ${c.contract.strike} ${c.contract.type}`, c);
  const gaps = [...bySeries.values()]
    .filter((c) => c.contract.type === 'call')
    .flatMap((c) => {
      const put = bySeries.get(`${c.contract.expiration} ${c.contract.strike} put`);
      return put ? [Math.abs(c.iv! - put.iv!)] : [];
    });
  const methods = priced.expiries.reduce<Record<string, number>>(
    (m, e) => ({ ...m, [e.method]: (m[e.method] ?? 0) + 1 }),
    {},
  );
  console.log(
    `${file}: ${symbol} as of ${priced.asOf}, ${priced.contracts.length} contracts, ${priced.expiries.length} expiries, ${exercise} exercise, priced in ${pricingMs.toFixed(0)} ms`,
  );
  console.log(
    `  forwards: ${
      Object.entries(methods)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ') || 'none'
    }`,
  );
  console.log(
    `  coverage: ${eligible.length ? ((covered / eligible.length) * 100).toFixed(2) : 'n/a'} % (${covered} of ${eligible.length} with a time-value bid and a non-crossed quote; target ≥ 99 %)`,
  );
  console.log(
    `  median |IV - CBOE IV|, liquid OTM: ${points(liquidOtm.map((c) => Math.abs(c.iv! - c.contract.iv!)))} vol points (target ≤ 0.5)`,
  );
  console.log(`  median |call IV - put IV|, same strike: ${points(gaps)} vol points (target ≤ 0.5)`);
}
