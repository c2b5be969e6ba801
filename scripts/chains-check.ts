/**
 * `npm run chains:check`: the real-chain targets on the recorded chains in tests/fixtures/providers
 * (tests/fixtures/SOURCES.md), priced as the chain route prices them:
 *   coverage   contracts with an IV / contracts with a time-value bid and a non-crossed quote (≥ 99 %)
 *   vendor     median |IV - the vendor's IV| over liquid out-of-the-money contracts, in vol points (≤ 0.5)
 *   put-call   median |call IV - put IV| at the same strike, after the parity forward (≤ 0.5)
 * CBOE: each recorded body (vendor IV: CBOE's `iv`). Tradier: PLTR's recorded quote and chains as
 * one chain (vendor IV: ORATS's `mid_iv`, the adapter's; then again against ORATS's smoothed
 * `smv_vol`), and per expiry. A figure with nothing to measure prints as n/a, with the count.
 * Each chain is priced with the recorded Treasury par curve of its quote day (providers/treasury;
 * the fixed rate where none is recorded), and the rate each expiry used is printed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { isoDateOf, newYorkTime } from '@shared/market/calendar';
import { underlyingAt } from '@shared/market/quotes';
import { exerciseStyleOfSymbol } from '@shared/market/universe';
import type { ChainSnapshot } from '@shared/providers/chains/chain';
import { parseCboeChain } from '@shared/providers/chains/cboe';
import { formatOcc, parseOcc } from '@shared/providers/chains/occ';
import { median } from '@shared/providers/chains/parity';
import {
  americanFloor,
  priceRealChain,
  type PricedContract,
} from '@shared/providers/chains/price-real-chain';
import { parseTradierChain } from '@shared/providers/chains/tradier';
import { curveOn, parseTreasuryCsv, pricingCurve } from '@shared/providers/rates/treasury';

const fixtures = new URL('../tests/fixtures/providers/', import.meta.url);
const points = (values: number[]) =>
  values.length === 0
    ? `n/a (0)`
    : `${(median(values.sort((a, b) => a - b)) * 100).toFixed(2)} (${values.length})`;
const recorded = (name: string) => !name.includes('.handwritten.');
const treasury = new URL('treasury/', fixtures);
const curves = readdirSync(treasury)
  .filter((name) => name.endsWith('.csv') && recorded(name))
  .flatMap((name) => parseTreasuryCsv(readFileSync(new URL(name, treasury), 'utf8')));

/** The three figures of one priced chain, printed under `title`; `vendor` names the vendor IV(s) compared. */
function report(title: string, snapshot: ChainSnapshot, vendors: [string, (occ: string) => number | null][]) {
  const symbol = snapshot.underlying.symbol;
  const asOf = new Date(snapshot.underlying.asOf ?? Date.now());
  const { rate, dividendYield } = underlyingAt(symbol, asOf);
  const exercise = exerciseStyleOfSymbol(symbol);
  const started = performance.now();
  const curve = pricingCurve(curveOn(curves, isoDateOf(newYorkTime(asOf).dayNumber)), rate);
  const priced = priceRealChain(snapshot, { rate, dividendYield, exercise, curve }, asOf);
  const pricingMs = performance.now() - started;
  const forwardOf = new Map(priced.expiries.map((e) => [e.expiration, e]));
  const payoff = (c: PricedContract, underlying: number) =>
    Math.max(c.contract.type === 'call' ? underlying - c.contract.strike : c.contract.strike - underlying, 0);
  /**
   * What a bid must beat to pay time value: D·(F - K)⁺ on the parity forward; for American exercise
   * the contract's zero-volatility value under the expiry's rate and fitted carry (americanFloor).
   */
  const intrinsic = (c: PricedContract) => {
    const f = forwardOf.get(c.contract.expiration);
    if (!f) return Infinity;
    if (exercise !== 'american') return f.discount * payoff(c, f.forward);
    return americanFloor(c.contract, priced.spot, f.years, -Math.log(f.discount) / f.years, f.impliedYield);
  };
  const eligible = priced.contracts.filter(
    (c) =>
      c.noIvReason !== 'expired' &&
      c.contract.bid !== null &&
      c.contract.ask !== null &&
      c.contract.bid <= c.contract.ask &&
      c.contract.bid > intrinsic(c),
  );
  const covered = eligible.filter((c) => c.iv !== null);
  /** Traded enough to quote tightly: open interest of 100 or more and a bid of 10 cents or more. */
  const liquid = (c: PricedContract) => (c.contract.openInterest ?? 0) >= 100 && c.contract.bid! >= 0.1;
  const liquidOtm = priced.contracts.filter((c) => c.iv !== null && intrinsic(c) === 0 && liquid(c));
  const bySeries = new Map<string, PricedContract>();
  for (const c of priced.contracts)
    if (c.iv !== null) bySeries.set(`${c.contract.expiration} ${c.contract.strike} ${c.contract.type}`, c);
  /** Call and put with an IV at the same strike and expiry. */
  const pairs = [...bySeries.values()]
    .filter((c) => c.contract.type === 'call')
    .flatMap((call) => {
      const put = bySeries.get(`${call.contract.expiration} ${call.contract.strike} put`);
      return put ? [{ call, put }] : [];
    });
  const liquidPairs = pairs.filter(({ call, put }) => liquid(call) && liquid(put));
  const gap = ({ call, put }: { call: PricedContract; put: PricedContract }) => Math.abs(call.iv! - put.iv!);
  /** The vendor's own IVs split the same way where the quotes do: the floor a mid-based IV can reach. */
  const vendorGap = (vendorIv: (occ: string) => number | null) =>
    pairs.flatMap(({ call, put }) => {
      const c = vendorIv(call.contract.occ);
      const p = vendorIv(put.contract.occ);
      return c && p ? [Math.abs(c - p)] : [];
    });
  const methods = priced.expiries
    .map(
      (e) =>
        `${e.expiration} ${e.method} r ${((-Math.log(e.discount) / e.years) * 100).toFixed(2)} % (${
          e.rateSource?.source ?? 'carry'
        }${e.rateSource?.day ? ` ${e.rateSource.day}` : ''}) F ${e.forward.toFixed(3)} q ${(e.impliedYield * 100).toFixed(2)} %`,
    )
    .join('; ');
  console.log(
    `${title}: ${symbol} as of ${priced.asOf}, ${priced.contracts.length} contracts, ${priced.expiries.length} expiries, ${exercise} exercise, priced in ${pricingMs.toFixed(0)} ms`,
  );
  console.log(`  forwards: ${methods || 'none'}`);
  const uncovered = eligible.filter((c) => c.iv === null);
  console.log(
    `  coverage: ${eligible.length ? ((covered.length / eligible.length) * 100).toFixed(2) : 'n/a'} % (${covered.length} of ${eligible.length} with a time-value bid and a non-crossed quote; target ≥ 99 %)${
      uncovered.length
        ? `; without: ${uncovered.map((c) => `${c.contract.occ.replace(/ +/, ' ')} ${c.noIvReason}`).join(', ')}`
        : ''
    }`,
  );
  for (const [name, vendorIv] of vendors)
    console.log(
      `  median |IV - ${name}|, liquid OTM: ${points(
        liquidOtm.flatMap((c) => {
          const v = vendorIv(c.contract.occ);
          return v ? [Math.abs(c.iv! - v)] : [];
        }),
      )} vol points (target ≤ 0.5)`,
    );
  console.log(
    `  median |call IV - put IV|, same strike, both liquid: ${points(liquidPairs.map(gap))} vol points (target ≤ 0.5)`,
  );
  console.log(`  median |call IV - put IV|, same strike, every pair: ${points(pairs.map(gap))} vol points`);
  // The first vendor IV is per contract (a smoothed one, as ORATS's smv_vol, is one per strike).
  const [name, vendorIv] = vendors[0]!;
  console.log(`    the same pairs in ${name}: ${points(vendorGap(vendorIv))} vol points`);
  // How wide the quotes are in volatility: a mid can sit anywhere in half of it.
  const widths = covered.flatMap((c) => {
    const vega = c.contract.greeks?.vega;
    return vega && vega > 0 ? [(c.contract.ask! - c.contract.bid!) / vega / 100] : [];
  });
  console.log(`  median bid-ask width in volatility (vendor vega): ${points(widths)} vol points`);
}

const cboe = new URL('cboe/', fixtures);
for (const file of readdirSync(cboe).filter((name) => /\.json(\.gz)?$/.test(name) && recorded(name))) {
  const raw = readFileSync(new URL(file, cboe));
  const snapshot = parseCboeChain(
    JSON.parse((file.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8')),
  );
  const iv = new Map(snapshot.contracts.map((c) => [c.occ, c.iv]));
  report(file, snapshot, [['CBOE IV', (occ) => iv.get(occ) ?? null]]);
}

const tradier = new URL('tradier/', fixtures);
const tradierFiles = readdirSync(tradier).filter(recorded);
const tradierBody = (name: string) => JSON.parse(readFileSync(new URL(name, tradier), 'utf8')) as unknown;
for (const symbol of new Set(tradierFiles.flatMap((f) => /^(\w+)-quote\./.exec(f)?.[1] ?? []))) {
  const chainFiles = tradierFiles.filter((f) => f.startsWith(`${symbol}-chain-`)).sort();
  const bodies = chainFiles.map(tradierBody);
  const smv = new Map<string, number>();
  for (const body of bodies)
    for (const o of (body as { options: { option: { symbol: string; greeks?: { smv_vol?: number } }[] } })
      .options.option) {
      const terms = parseOcc(o.symbol);
      if (terms && o.greeks?.smv_vol) smv.set(formatOcc(terms), o.greeks.smv_vol);
    }
  const quote = tradierBody(tradierFiles.find((f) => f.startsWith(`${symbol}-quote.`))!);
  const snapshot = parseTradierChain(symbol, { quote, chains: bodies }, true);
  const midIv = new Map(snapshot.contracts.map((c) => [c.occ, c.iv]));
  const vendors: [string, (occ: string) => number | null][] = [
    ['Tradier mid_iv', (occ) => midIv.get(occ) ?? null],
    ['Tradier smv_vol', (occ) => smv.get(occ) ?? null],
  ];
  report(`tradier/${symbol} (${chainFiles.length} recorded chains)`, snapshot, vendors);
  for (const [i, file] of chainFiles.entries())
    report(`  ${file}`, parseTradierChain(symbol, { quote, chains: [bodies[i]] }, true), vendors);
}
