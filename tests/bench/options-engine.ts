/**
 * Options-engine figures (a benchmark, not a test): the whole scannable universe scanned end to
 * end (IV from every mid, greeks, strategies, scores, filters, sort), IV solves and greeks per
 * second, and @uqee/black-scholes on the same contracts side by side. One core, wall clock.
 * Run alone with `npx tsx tests/bench/options-engine.ts`.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { BlackScholes } from '@uqee/black-scholes';
import { impliedVolatilityKernel } from '@shared/pricing/implied-volatility';
import { greeksBatch, impliedVolatilityBatch, type OptionBatch } from '@shared/pricing/batch';
import { scanFiltersSchema } from '@shared/options/scan-filters';
import { scan } from '@shared/options/scanner';
import { buildUniverseSnapshot, type UniverseSnapshot } from '@shared/options/snapshot';
import { chainBatch } from '@shared/options/chain';

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
function uqeeUniverse(snapshot: UniverseSnapshot, engine: BlackScholes): UqeeFigures {
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
      const error = Math.abs(sigma - snapshot.work[c]!.iv[i]!);
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

  const buildMs = time(() => buildUniverseSnapshot(AT));
  const snapshot = buildUniverseSnapshot(AT);
  const firstScanMs = time(() => scan(snapshot, filters));
  const warmScanMs = timeRuns(WARM_RUNS, () => scan(snapshot, filters));
  const output = scan(snapshot, filters);
  const contracts = snapshot.contractCount;

  let ivFailures = 0;
  const ivMs = timeRuns(WARM_RUNS, () => {
    ivFailures = 0;
    for (let c = 0; c < snapshot.chains.length; c += 1) {
      ivFailures += impliedVolatilityBatch(batchOf(snapshot, c), snapshot.work[c]!.iv);
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
      const work = snapshot.work[c]!;
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
  const ratio = uqee.ms / warmScanMs;

  console.log(
    `Options engine (${snapshot.chains.length} underlyings, ${contracts} contracts, ${AT.toISOString()}):`,
  );
  console.log(`  universe snapshot build (chains generated)     : ${buildMs.toFixed(1)} ms`);
  console.log(
    `  scan end to end, first pass                    : ${firstScanMs.toFixed(1)} ms (target < 100)  ${verdict(firstScanMs < 100)}`,
  );
  console.log(
    `  scan end to end, warm (median of ${WARM_RUNS})          : ${warmScanMs.toFixed(1)} ms (target < 40)  ${verdict(warmScanMs < 40)}`,
  );
  console.log(
    `    candidates ${output.scanned.candidates}, matched ${output.matched}, returned ${output.results.length}`,
  );
  console.log(
    `  IV solves, batch (warm-started)                : ${(ivPerSecond / 1e6).toFixed(2)} M/s (target >= 2)  ${verdict(ivPerSecond >= 2e6)}`,
  );
  console.log(`  IV solves, one at a time, no warm start        : ${(coldIvPerSecond / 1e6).toFixed(2)} M/s`);
  console.log(
    `  IV failures on the universe                    : ${ivFailures} (target 0)  ${verdict(ivFailures === 0)}`,
  );
  console.log(
    `  greeks, batch                                  : ${(greeksPerSecond / 1e6).toFixed(2)} M/s (target >= 10)  ${verdict(greeksPerSecond >= 10e6)}`,
  );
  console.log(
    `  @uqee/black-scholes 1.0.7, IV + greeks of the universe (defaults: bisection, single-precision CDF):`,
  );
  console.log(
    `    ${uqee.ms.toFixed(1)} ms, ${uqee.failures} IV failures, ${uqee.wrong} off by > 0.001, max |Δσ| ${uqee.maxError.toExponential(2)}`,
  );
  console.log(`  @uqee/black-scholes 1.0.7, newton-raphson + double-precision CDF:`);
  console.log(
    `    ${uqeeNewton.ms.toFixed(1)} ms, ${uqeeNewton.failures} IV failures, ${uqeeNewton.wrong} off by > 0.001, max |Δσ| ${uqeeNewton.maxError.toExponential(2)}`,
  );
  console.log(
    `  ratio: @uqee IV + greeks / our whole scan      : ${ratio.toFixed(2)}x (target >= 2)  ${verdict(ratio >= 2)}`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runOptionsEngineBench();
}
