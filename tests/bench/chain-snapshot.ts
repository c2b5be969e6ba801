/**
 * The shared chain snapshot (docs/decisions/shared-chain-snapshot.md), measured:
 *   - the job's build per symbol (fetch answered at once, price, encode, write) for a stock-sized
 *     and an SPY-sized chain, and per universe (every symbol of the universe at the stock size);
 *   - a cold container's first scan reading the snapshot (manifest, chain object, parse, validate,
 *     forecast, scan) against building the chain itself (price the provider's chain, then scan);
 *   - for the simulated market, building the minute's universe against reading a stored copy.
 * The chains are SYNTHETIC, in CBOE's layout: American prices on a volatility smile around QQQ's
 * recorded close (tests/helpers/cboe-chains.ts's hand-written chain, widened to full size); no
 * recorded chain of this size is kept in the repository.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { UNIVERSE } from '@shared/market/universe';
import { scanFiltersSchema } from '@shared/options/scan-filters';
import { scan } from '@shared/options/scanner';
import { universeSnapshot } from '@shared/options/snapshot';
import { americanPrice } from '@shared/pricing/american';
import { parseCboeChain } from '@shared/providers/chains/cboe';
import type { ChainProvider } from '@shared/providers/chains/chain';
import { priceRealChain } from '@shared/providers/chains/price-real-chain';
import { LastGoodChains } from '../../lambdas/market/chain-source';
import { carryOf, scanOptions } from '../../lambdas/market/service';
import { SnapshotChains } from '../../lambdas/market/snapshot-chains';
import { writeChainSnapshot } from '../../lambdas/market/snapshot-job';
import { fileSnapshotStore } from '../../lambdas/market/snapshot-store';
import { cboeChainBody, cboeContractRow } from '../helpers/cboe-chains';

const QUOTED_AT = new Date('2023-05-19T19:59:59Z');
const SPOT = 336.46;

/** Expiries from the Monday after the quote: `weeklies` Fridays, then quarterlies up to two years. */
function expiries(weeklies: number, quarterlies: number): Date[] {
  const out: Date[] = [];
  const friday = Date.parse('2023-05-26T00:00:00Z');
  for (let w = 0; w < weeklies; w += 1) out.push(new Date(friday + w * 7 * 86_400_000));
  for (let q = 1; q <= quarterlies; q += 1)
    out.push(new Date(Date.UTC(2023 + Math.floor((5 + 3 * q) / 12), (5 + 3 * q) % 12, 15)));
  return out;
}

/** A synthetic CBOE body: `strikes` strikes a dollar apart around the money on each expiry, call and put. */
export function syntheticCboeChain(strikes: number, weeklies: number, quarterlies: number): string {
  const options = [];
  for (const expiry of expiries(weeklies, quarterlies)) {
    const years = (expiry.getTime() + 20 * 3_600_000 - QUOTED_AT.getTime()) / (365 * 86_400_000);
    const ymd = expiry.toISOString().slice(2, 10).replaceAll('-', '');
    for (let s = 0; s < strikes; s += 1) {
      const strike = Math.round(SPOT - strikes / 2 + s);
      const vol = 0.2 + 0.4 * Math.log(strike / SPOT) ** 2;
      for (const type of ['call', 'put'] as const) {
        const price = americanPrice(SPOT, strike, years, 0.05, 0.006, vol, type === 'call');
        options.push(
          cboeContractRow({
            symbol: 'QQQ',
            expiry: ymd,
            type,
            strike,
            price,
            halfSpread: 0.03,
            iv: vol,
            openInterest: 1000,
            volume: 100,
          }),
        );
      }
    }
  }
  return cboeChainBody(options, '2023-05-19 19:59:59');
}

const time = async (run: () => unknown) => {
  const started = performance.now();
  await run();
  return performance.now() - started;
};

/** A CBOE provider answering every symbol with `body` at once (no network: the build alone is measured). */
const instant = (body: string): ChainProvider => ({
  name: 'cboe',
  chain: async () => parseCboeChain(JSON.parse(body)),
});

export async function runChainSnapshotBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'edge-bench-snapshot-'));
  try {
    const stock = syntheticCboeChain(60, 8, 8); // 16 expiries x 60 strikes x 2 = 1,920 contracts
    const spy = syntheticCboeChain(250, 12, 8); // 20 expiries x 250 strikes x 2 = 10,000 contracts
    let minute = Date.parse('2023-05-19T20:00:00Z');
    const nextMinute = () => new Date((minute += 60_000));
    const build = async (body: string, symbols: string[]) => {
      const at = nextMinute();
      return time(() =>
        writeChainSnapshot({
          provider: instant(body),
          store: fileSnapshotStore(dir),
          symbols,
          now: () => at,
        }),
      );
    };
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const runs = async (n: number, run: () => Promise<number>) => {
      const values: number[] = [];
      for (let i = 0; i < n; i += 1) values.push(await run());
      return median(values);
    };
    await build(stock, ['QQQ']); // warm-up: module compilation, boundary tables
    const stockMs = await runs(3, () => build(stock, ['QQQ']));
    const spyMs = await runs(3, () => build(spy, ['QQQ']));
    const universe = UNIVERSE.map((e) => e.symbol);
    const universeMs = await build(stock, universe);

    // A cold container's first scan: a reader with nothing kept (a new SnapshotChains, a new
    // LastGoodChains), the scan code itself already compiled by a warm-up scan of each path.
    const filters = scanFiltersSchema.parse({ ticker: 'QQQ', ivRank: 0 });
    const store = fileSnapshotStore(dir);
    await scanOptions('pro', filters, new SnapshotChains('cboe', store, () => new Date(minute)));
    await scanOptions('pro', filters, new LastGoodChains(instant(stock), () => new Date(minute)));
    await build(spy, ['QQQ']);
    const readChainMs = await runs(3, () =>
      time(() => new SnapshotChains('cboe', store, () => new Date(minute)).chain('QQQ')),
    );
    const priceChainMs = await runs(3, () =>
      time(() =>
        new LastGoodChains(instant(spy), () => new Date(minute))
          .chain('QQQ')
          .then((served) =>
            priceRealChain(served.snapshot, carryOf('QQQ', served.fetchedAt), served.fetchedAt),
          ),
      ),
    );
    const readScanMs = await runs(3, () =>
      time(() => scanOptions('pro', filters, new SnapshotChains('cboe', store, () => new Date(minute)))),
    );
    const buildScanMs = await runs(3, () =>
      time(() => scanOptions('pro', filters, new LastGoodChains(instant(spy), () => new Date(minute)))),
    );

    const at = new Date('2024-03-12T15:00:00Z');
    const simulatedBuildMs = await time(() => universeSnapshot(at));
    const simulated = universeSnapshot(at);
    const stored = JSON.stringify(
      simulated.chains.map((chain) =>
        Object.fromEntries(
          Object.entries(chain).map(([k, v]) => [
            k,
            ArrayBuffer.isView(v) ? Array.from(v as Float64Array) : v,
          ]),
        ),
      ),
    );
    const simulatedReadMs = await time(() => JSON.parse(stored));
    scan(simulated, scanFiltersSchema.parse({ ivRank: 0 }));

    const ms = (value: number) => `${value.toFixed(0)} ms`;
    const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}x`;
    const rows: [string, string][] = [
      ['build, one stock-sized chain (1,920 contracts), median of 3', ms(stockMs)],
      ['build, one SPY-sized chain (10,000 contracts), median of 3', ms(spyMs)],
      [`build, the universe (${universe.length} chains of 1,920 contracts)`, ms(universeMs)],
      ['SPY-sized chain, read from the snapshot (parse, validate)', ms(readChainMs)],
      [
        'SPY-sized chain, priced by the container itself',
        `${ms(priceChainMs)} (${ratio(priceChainMs, readChainMs)})`,
      ],
      ['cold first scan (SPY-sized), reading the snapshot', ms(readScanMs)],
      [
        'cold first scan (SPY-sized), building its own chain',
        `${ms(buildScanMs)} (${ratio(buildScanMs, readScanMs)})`,
      ],
      ['simulated universe, the minute built in a cold process', ms(simulatedBuildMs)],
      [
        `simulated universe, a stored copy parsed (${(stored.length / 1e6).toFixed(1)} MB)`,
        ms(simulatedReadMs),
      ],
    ];
    console.log('Shared chain snapshot (synthetic chains in CBOE layout; no network; file store):');
    for (const [label, value] of rows) console.log(`  ${label.padEnd(60)}: ${value}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
