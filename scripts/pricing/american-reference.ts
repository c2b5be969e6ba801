/**
 * Generates tests/fixtures/pricing/american-reference.json, the reference American prices that
 * tests/unit/pricing/american-reference.test.ts checks ../../shared/src/pricing/american against:
 * `npx tsx scripts/pricing/american-reference.ts` (about 14 minutes on one busy core).
 *
 * Points: seeded pseudo-random, strike 100, S/K uniform in 0.5–1.5, T log-uniform from 1 day to
 * 2 years, σ log-uniform in 5%–150%, r uniform in 0–8%, q uniform in 0–6%, calls and puts
 * alternately. Each price is the Crank–Nicolson solve of ./crank-nicolson at 4,000 and 8,000
 * space intervals (1,000 and 2,000 time steps; the space error dominates and is second order),
 * extrapolated (Richardson): fine + (fine − coarse) / 3. Every 8th point is solved again at
 * 8,000 and 16,000 intervals and the largest change of the extrapolated price is recorded as the
 * reference's measured error. Vega (per vol point) is the central difference at σ ± 0.5 point on
 * the coarse grid, for choosing where an implied volatility is meaningful.
 */
import { writeFileSync } from 'node:fs';
import { crankNicolsonAmerican, type GridSize } from './crank-nicolson';

const COUNT = Number(process.env.REFERENCE_POINTS ?? 300);
const SEED = 20261127;
const STRIKE = 100;
const COARSE: GridSize = { space: 4000, time: 1000 };
const FINE: GridSize = { space: 8000, time: 2000 };
const FINER: GridSize = { space: 16000, time: 4000 };
const CHECK_EVERY = 8;
const OUT = new URL('../../tests/fixtures/pricing/american-reference.json', import.meta.url);

/** mulberry32: a small seeded generator, so the points can be regenerated exactly. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Point = [
  spot: number,
  years: number,
  rate: number,
  dividendYield: number,
  volatility: number,
  isCall: boolean,
];

function extrapolated(point: Point, coarse: GridSize, fine: GridSize, volatility = point[4]): number {
  const [spot, years, rate, dividendYield, , isCall] = point;
  const a = crankNicolsonAmerican(spot, STRIKE, years, rate, dividendYield, volatility, isCall, coarse);
  const b = crankNicolsonAmerican(spot, STRIKE, years, rate, dividendYield, volatility, isCall, fine);
  return b + (b - a) / 3;
}

const random = generator(SEED);
const round = (value: number, digits: number) => Number(value.toPrecision(digits));
const points: Point[] = Array.from({ length: COUNT }, (_, i) => [
  round(STRIKE * (0.5 + random()), 6),
  round(Math.exp(Math.log(1 / 365) + random() * Math.log(2 * 365)), 6),
  round(0.08 * random(), 4),
  round(0.06 * random(), 4),
  round(Math.exp(Math.log(0.05) + random() * Math.log(30)), 4),
  i % 2 === 0,
]);

const started = Date.now();
let worstCheck = 0;
const rows = points.map((point, i) => {
  const price = extrapolated(point, COARSE, FINE);
  const [spot, years, rate, dividendYield, volatility, isCall] = point;
  const up = crankNicolsonAmerican(
    spot,
    STRIKE,
    years,
    rate,
    dividendYield,
    volatility + 0.005,
    isCall,
    COARSE,
  );
  const down = crankNicolsonAmerican(
    spot,
    STRIKE,
    years,
    rate,
    dividendYield,
    volatility - 0.005,
    isCall,
    COARSE,
  );
  let check: number | undefined;
  if (i % CHECK_EVERY === 0) {
    check = Math.abs(extrapolated(point, FINE, FINER) - price);
    worstCheck = Math.max(worstCheck, check);
  }
  if (i % 20 === 0) console.log(`${i}/${COUNT} ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return {
    spot,
    years,
    rate,
    dividendYield,
    volatility,
    isCall,
    price: Math.round(price * 1e12) / 1e12,
    vega: round((up - down) / 1, 6),
    ...(check === undefined ? {} : { check: round(check, 3) }),
  };
});

const fixture = {
  description:
    'American option prices (strike 100) from scripts/pricing/american-reference.ts: Crank–Nicolson in ln S ' +
    '(Rannacher start, Brennan–Schwartz exercise constraint, grid 8 σ√T beyond spot and strike, time steps ' +
    'quadratic in τ) at 4,000 and 8,000 space intervals (1,000 and 2,000 time steps), Richardson-extrapolated. ' +
    `Convergence: on every ${CHECK_EVERY}th point the same extrapolation from 8,000 and 16,000 intervals moves the price ` +
    `by at most ${worstCheck.toExponential(2)} (field "check"), i.e. ${(worstCheck / STRIKE).toExponential(2)} of the strike. ` +
    'vega: per vol point, central difference at σ ± 0.5 point on the coarse grid.',
  generator: {
    seed: SEED,
    count: COUNT,
    strike: STRIKE,
    coarse: COARSE,
    fine: FINE,
    check: FINER,
    ranges: {
      spotOverStrike: [0.5, 1.5],
      years: [1 / 365, 2],
      volatility: [0.05, 1.5],
      rate: [0, 0.08],
      dividendYield: [0, 0.06],
    },
  },
  maxCheck: round(worstCheck, 3),
  points: rows,
};
writeFileSync(OUT, `${JSON.stringify(fixture, null, 1)}\n`);
console.log(
  `wrote ${rows.length} points in ${((Date.now() - started) / 1000).toFixed(0)} s; convergence check max ${worstCheck.toExponential(2)}`,
);
