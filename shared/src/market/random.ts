/**
 * Seeded, stateless randomness: every draw is a pure function of its keys (a symbol, a day, a
 * minute, a contract), so any screen can recompute any value and get the same number.
 */
import { inverseNormCdfApprox } from '../pricing/normal';

/** FNV-1a of a string: the seed of a symbol or a stream name. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** murmur3's finaliser over a seed and up to three integer keys. */
export function mix(seed: number, a: number, b = 0, c = 0): number {
  let h = seed ^ Math.imul(a | 0, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h ^= Math.imul(b | 0, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= Math.imul(c | 0, 0x27d4eb2f);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A uniform draw in (0, 1). */
export function uniform(seed: number, a: number, b = 0, c = 0): number {
  return (mix(seed, a, b, c) + 0.5) / 4294967296;
}

/** A standard normal draw (inverse CDF of a uniform). */
export function normal(seed: number, a: number, b = 0, c = 0): number {
  return inverseNormCdfApprox(uniform(seed, a, b, c));
}

/**
 * A random walk of normal draws along the last key: out[0] = 0 and
 * out[k] = out[k - 1] + step·normal(seed, a, b, k) up to the end of `out`. The same numbers as
 * that loop, with mix's rounds over (seed, a, b) done once rather than once per draw.
 */
export function randomWalk(
  out: Float64Array,
  step: number,
  seed: number,
  a: number,
  b: number,
): Float64Array {
  let prefix = seed ^ Math.imul(a | 0, 0x9e3779b1);
  prefix = Math.imul(prefix ^ (prefix >>> 16), 0x85ebca6b);
  prefix ^= Math.imul(b | 0, 0xc2b2ae35);
  prefix = Math.imul(prefix ^ (prefix >>> 13), 0xc2b2ae35);
  out[0] = 0;
  for (let k = 1; k < out.length; k += 1) {
    // mix's last rounds, with c = k.
    let h = prefix ^ Math.imul(k, 0x27d4eb2f);
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    const draw = inverseNormCdfApprox((((h ^ (h >>> 16)) >>> 0) + 0.5) / 4294967296);
    out[k] = out[k - 1]! + step * draw;
  }
  return out;
}
