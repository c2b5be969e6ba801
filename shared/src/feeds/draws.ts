/**
 * Seeded draws for one generated item: the k-th draw of a seed is a pure function of (seed, k),
 * so an item is the same wherever and whenever it is generated.
 */
import { normal, uniform } from '../market/random';

export class Draws {
  private k = 0;

  constructor(private readonly seed: number) {}

  /** Uniform in (0, 1). */
  next(): number {
    return uniform(this.seed, this.k++);
  }

  /** Uniform in [min, max). */
  between(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** A whole number in [min, max], each equally likely. */
  int(min: number, max: number): number {
    return Math.min(max, min + Math.floor(this.next() * (max - min + 1)));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  normal(): number {
    return normal(this.seed, this.k++);
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('Nothing to pick from');
    return items[Math.min(items.length - 1, Math.floor(this.next() * items.length))]!;
  }

  /** One item, with probability proportional to its weight (weights ≤ 0 are never picked). */
  weighted<T>(items: readonly T[], weight: (item: T) => number): T {
    const weights = items.map((item) => Math.max(0, weight(item)));
    const total = weights.reduce((sum, w) => sum + w, 0);
    if (!(total > 0)) throw new RangeError('Nothing to pick from');
    let target = this.next() * total;
    for (let i = 0; i < items.length; i += 1) {
      target -= weights[i]!;
      if (target < 0 && weights[i]! > 0) return items[i]!;
    }
    return items[weights.findLastIndex((w) => w > 0)]!;
  }

  /** `count` distinct items in a seeded order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < count && pool.length > 0)
      out.push(pool.splice(Math.floor(this.next() * pool.length), 1)[0]!);
    return out;
  }
}
