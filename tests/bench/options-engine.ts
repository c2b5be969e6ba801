/**
 * Options-engine figures (a benchmark, not a test), all from one run so they can be read as
 * ratios (absolute times on these shared machines vary about 2× from day to day):
 *   - the universe snapshot: chains quoted at American prices, then every contract's IV solved from
 *     its mid under its exercise style with greeks (American: Andersen–Lake–Offengelder), then the
 *     forecast's expected payoffs;
 *   - the whole-universe scan on it (strategies at the bid/ask, expected value, probability, edge
 *     score, filters, caps, sort): the first scan of a just-built snapshot and warm scans;
 *   - @uqee/black-scholes' IV + greeks (European, from the same mids) side by side.
 * One core, wall clock. Run alone with `npx tsx tests/bench/options-engine.ts`.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { BlackScholes } from '@uqee/black-scholes';
import { impliedVolatilityKernel } from '@shared/pricing/implied-volatility';
import { greeksBatch, impliedVolatilityBatch, type OptionBatch } from '@shared/pricing/batch';
import { scanFiltersSchema } from '@shared/options/scan-filters';
import { scan } from '@shared/options/scanner';
import {
  buildUniverseSnapshot,
  forecastChain,
  priceChain,
  workFor,
  type UniverseSnapshot,
} from '@shared/options/snapshot';
import { chainBatch } from '@shared/options/chain';
import { marketClock } from '@shared/market/price-model';
import { BoundaryCache } from '@shared/pricing/american-batch';

const AT = new Date('2026-03-10T15:45:00Z');
const WARM_RUNS = 25;

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function time(run: () => void): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

function timeRuns(runs: number, run: () => void): number {
  return median(Array.from({ length: runs }, () => time(run)));
}

const batchOf = (snapshot: UniverseSnapshot, c: number): OptionBatch => chainBatch(snapshot.chains[c]!);

interface UqeeFigures {
  ms: number;
  failures: number;
  maxError: number;
  wrong: number;
}

/** @uqee/black-scholes over every contract: sigma() from the mid, then option() at that sigma. */
/** Our European IVs of the same mids, for the comparison. */
const europeanIvs = new Map<UniverseSnapshot, Float64Array[]>();
function europeanIv(snapshot: UniverseSnapshot): Float64Array[] {
  let ivs = europeanIvs.get(snapshot);
  if (!ivs) {
    ivs = snapshot.chains.map((chain, c) => {
      const iv = new Float64Array(chain.count);
      impliedVolatilityBatch(batchOf(snapshot, c), iv);
      return iv;
    });
    europeanIvs.set(snapshot, ivs);
  }
  return ivs;
}

function uqeeUniverse(snapshot: UniverseSnapshot, engine: BlackScholes): UqeeFigures {
  const ours = europeanIv(snapshot);
  let failures = 0;
  let maxError = 0;
  let wrong = 0;
  let sink = 0;
  const started = performance.now();
  for (let c = 0; c < snapshot.chains.length; c += 1) {
    const chain = snapshot.chains[c]!;
    for (let i = 0; i < chain.count; i += 1) {
      const time = chain.years[i]!;
      // The library has no dividend yield: S·e^{-qT} in its place is the same model.
      const underlying = chain.spot * Math.exp(-chain.dividendYield * time);
      const type = chain.isCall[i] === 1 ? 'call' : 'put';
      const args = {
        price: chain.mid[i]!,
        rate: chain.rate,
        strike: chain.strike[i]!,
        time,
        type,
        underlying,
      } as const;
      const sigma = engine.sigma(args);
      if (!(sigma > 0) || !Number.isFinite(sigma)) {
        failures += 1;
        continue;
      }
      sink += engine.option({ ...args, sigma }).delta;
      const error = Math.abs(sigma - ours[c]![i]!);
      if (error > maxError) maxError = error;
      if (error > 1e-3) wrong += 1;
    }
  }
  const ms = performance.now() - started;
  if (Number.isNaN(sink)) console.log('(sink)');
  return { ms, failures, maxError, wrong };
}

const verdict = (ok: boolean): string => (ok ? 'PASS' : 'MISS');

export async function runOptionsEngineBench(): Promise<void> {
  const filters = scanFiltersSchema.parse({ ivRank: 0 });
  const clock = marketClock(AT);

  // A cold process pays the forecast's price history once (intraday realized variance of 252 sessions),
  // and its first scan ever compiles the scanner.
  const previous = new Date(AT.getTime() - 60_000);
  const coldBuildMs = time(() => buildUniverseSnapshot(previous));
  const earlier = buildUniverseSnapshot(previous);
  const coldScanMs = time(() => scan(earlier, filters));
  for (let run = 0; run < 5; run += 1) scan(earlier, filters);
  // The steady state: a new minute's snapshot, then its first scan, then more scans of it.
  const buildMs = timeRuns(3, () => buildUniverseSnapshot(AT));
  const snapshot = buildUniverseSnapshot(AT);
  const firstScanMs = time(() => scan(snapshot, filters));
  const warmScanMs = timeRuns(WARM_RUNS, () => scan(snapshot, filters));
  const output = scan(snapshot, filters);
  const contracts = snapshot.contractCount;

  // The snapshot's American pricing pass alone: IV from every mid + greeks (fresh boundary tables each run).
  let failures = 0;
  let unpriced = 0;
  const americanMs = timeRuns(5, () => {
    failures = 0;
    unpriced = 0;
    const boundaries = new BoundaryCache();
    for (let c = 0; c < snapshot.chains.length; c += 1) {
      const work = workFor(snapshot.chains[c]!);
      failures += priceChain(snapshot.chains[c]!, work, boundaries);
      unpriced += work.unpriced;
    }
  });
  const forecastMs = timeRuns(5, () => {
    for (let c = 0; c < snapshot.chains.length; c += 1) {
      forecastChain(snapshot.chains[c]!, snapshot.work[c]!, clock);
    }
  });

  const scratch = snapshot.chains.map((chain) => workFor(chain));
  let ivFailures = 0;
  const ivMs = timeRuns(WARM_RUNS, () => {
    ivFailures = 0;
    for (let c = 0; c < snapshot.chains.length; c += 1) {
      ivFailures += impliedVolatilityBatch(batchOf(snapshot, c), scratch[c]!.iv);
    }
  });
  const coldIvMs = timeRuns(5, () => {
    for (let c = 0; c < snapshot.chains.length; c += 1) {
      const chain = snapshot.chains[c]!;
      for (let i = 0; i < chain.count; i += 1) {
        impliedVolatilityKernel(
          chain.mid[i]!,
          chain.spot,
          chain.strike[i]!,
          chain.years[i]!,
          chain.rate,
          chain.dividendYield,
          chain.isCall[i] === 1,
          0,
        );
      }
    }
  });
  const greeksMs = timeRuns(WARM_RUNS, () => {
    for (let c = 0; c < snapshot.chains.length; c += 1) {
      const work = scratch[c]!;
      greeksBatch(batchOf(snapshot, c), work.iv, work);
    }
  });

  const uqeeDefault = new BlackScholes();
  const uqeeDouble = new BlackScholes({
    sigmaToPricePrecision: 'double',
    priceToSigmaMethod: 'newton-raphson',
  });
  uqeeUniverse(snapshot, uqeeDefault); // warm-up
  const uqee = uqeeUniverse(snapshot, uqeeDefault);
  uqeeUniverse(snapshot, uqeeDouble);
  const uqeeNewton = uqeeUniverse(snapshot, uqeeDouble);

  const ivPerSecond = contracts / (ivMs / 1000);
  const coldIvPerSecond = contracts / (coldIvMs / 1000);
  const greeksPerSecond = contracts / (greeksMs / 1000);
  const scanRatio = uqee.ms / warmScanMs;
  const firstRatio = firstScanMs / warmScanMs;
  const pricingRatio = uqee.ms / americanMs;
  const pipelineRatio = uqee.ms / (americanMs + forecastMs + warmScanMs);

  console.log(
    `Options engine (${snapshot.chains.length} underlyings, ${contracts} contracts, ${AT.toISOString()}):`,
  );
  console.log(
    `  universe snapshot build: ${buildMs.toFixed(1)} ms (cold process: ${coldBuildMs.toFixed(1)} ms, with the forecast's price history)`,
  );
  console.log(
    `    of which American IV + greeks from every mid: ${americanMs.toFixed(1)} ms (${(((contracts / americanMs) * 1000) / 1e6).toFixed(2)} M contracts/s), forecast: ${forecastMs.toFixed(1)} ms`,
  );
  console.log(
    `    IV failures on contracts with a time-value bid: ${failures} (target 0)  ${verdict(failures === 0)}; without one (no IV): ${unpriced}`,
  );
  console.log(
    `  scan end to end, first pass on a new snapshot     : ${firstScanMs.toFixed(1)} ms (a cold process's first scan: ${coldScanMs.toFixed(1)} ms)`,
  );
  console.log(`  scan end to end, warm (median of ${WARM_RUNS})            : ${warmScanMs.toFixed(1)} ms`);
  console.log(
    `    candidates ${output.scanned.candidates}, matched ${output.matched}, returned ${output.results.length}`,
  );
  console.log(
    `  ratio: first pass / warm scan                     : ${firstRatio.toFixed(2)}x (target <= 2.5)  ${verdict(firstRatio <= 2.5)}`,
  );
  console.log(
    `  ratio: @uqee IV + greeks / our warm scan          : ${scanRatio.toFixed(2)}x (target >= 3, stretch 5)  ${verdict(scanRatio >= 3)}${scanRatio >= 5 ? ' (stretch met)' : ''}`,
  );
  console.log(
    `  ratio: @uqee IV + greeks (European) / our American IV + greeks : ${pricingRatio.toFixed(2)}x`,
  );
  console.log(
    `  ratio: our American IV + greeks / our European IV + greeks (batch, same contracts): ${(americanMs / (ivMs + greeksMs)).toFixed(2)}x`,
  );
  console.log(
    `  ratio: @uqee IV + greeks / our whole pipeline (American IV + greeks + forecast + scan): ${pipelineRatio.toFixed(2)}x`,
  );
  console.log(
    `  European IV solves, batch (warm-started)          : ${(ivPerSecond / 1e6).toFixed(2)} M/s (target >= 2)  ${verdict(ivPerSecond >= 2e6)} (${ivFailures} American quotes have no European IV)`,
  );
  console.log(
    `  European IV solves, one at a time, no warm start : ${(coldIvPerSecond / 1e6).toFixed(2)} M/s`,
  );
  console.log(
    `  European greeks, batch                            : ${(greeksPerSecond / 1e6).toFixed(2)} M/s (target >= 10)  ${verdict(greeksPerSecond >= 10e6)}`,
  );
  console.log(
    `  @uqee/black-scholes 1.0.7, IV + greeks of the universe (defaults: bisection, single-precision CDF):`,
  );
  console.log(
    `    ${uqee.ms.toFixed(1)} ms, ${uqee.failures} IV failures, ${uqee.wrong} off by > 0.001 from our European IV, max |Δσ| ${uqee.maxError.toExponential(2)}`,
  );
  console.log(`  @uqee/black-scholes 1.0.7, newton-raphson + double-precision CDF:`);
  console.log(
    `    ${uqeeNewton.ms.toFixed(1)} ms, ${uqeeNewton.failures} IV failures, ${uqeeNewton.wrong} off by > 0.001, max |Δσ| ${uqeeNewton.maxError.toExponential(2)}`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runOptionsEngineBench();
}
