/**
 * A scan's candidates as plain numbers: the fields one candidate computes (scratch arrays, no
 * allocation) and a bounded heap keeping the best `limit` of them by the sort key, ties broken by
 * scan order so a scan is deterministic.
 */
import { FEATURE_COUNT } from './scan-calibration';

/** Fields of a kept candidate (a slot of the bounded heap). Money is per share. */
export const F_SORT = 0;
export const F_EDGE = 1;
/** Probability of profit under the forecast. */
export const F_POP = 2;
/** At executable prices (Infinity when unbounded). */
export const F_MAX_PROFIT = 3;
export const F_MAX_LOSS = 4;
/** Net option premium at executable prices: + debit paid, - credit received. */
export const F_NET_PREMIUM = 5;
/** Mean IV of the option legs. */
export const F_IV = 6;
export const F_DELTA = 7;
export const F_THETA = 8;
export const F_VEGA = 9;
/** Weakest leg's volume and open interest; widest leg's spread (% of mid). */
export const F_VOLUME = 10;
export const F_OPEN_INTEREST = 11;
export const F_SPREAD = 12;
/** Expected P&L at expiry under the forecast, at executable prices. */
export const F_EXPECTED = 13;
/** Round-trip spread over |net premium at mid|. */
export const F_SPREAD_COST = 14;
export const F_ATM_IV = 15;
export const F_SEQUENCE = 16;
/** Net option premium at the mids (+ debit, - credit). */
export const F_NET_MID = 17;
/** Expected return on capital at risk (after the backtest's calibration, ./scan-calibration, on the simulated market; the forecast's own on a real chain): what the scan shows, scores and filters. */
export const F_EXPECTED_RETURN = 18;
export const FIELDS = 19;
export const I_CHAIN = 0;
export const I_STRATEGY = 1;
export const I_EXPIRATION = 2;
export const I_LEGS = 3; // four contract indices, -1 when unused
export const INTS = 7;

/** Everything one candidate computes, before it is kept or dropped. */
export const candidate = new Float64Array(FIELDS);
export const candidateLegs = new Int32Array(4);
/** The candidate's features the calibration reads (CALIBRATION_FEATURES' order, ./scan-calibration). */
export const candidateFeatures = new Float64Array(FEATURE_COUNT);

export class TopK {
  readonly floats: Float64Array;
  readonly ints: Int32Array;
  readonly heap: Int32Array;
  size = 0;
  /** The slot a new candidate is written to once the heap is full (the one last evicted). */
  private spareSlot: number;
  constructor(
    readonly capacity: number,
    readonly descending: boolean,
  ) {
    this.floats = new Float64Array((capacity + 1) * FIELDS);
    this.ints = new Int32Array((capacity + 1) * INTS);
    this.heap = new Int32Array(capacity);
    this.spareSlot = capacity;
  }

  /** True when slot a ranks below slot b (worse): the heap keeps the worst at its root. */
  private worse(a: number, b: number): boolean {
    const ka = this.floats[a * FIELDS + F_SORT]!;
    const kb = this.floats[b * FIELDS + F_SORT]!;
    if (ka !== kb) return this.descending ? ka < kb : ka > kb;
    return this.floats[a * FIELDS + F_SEQUENCE]! > this.floats[b * FIELDS + F_SEQUENCE]!;
  }

  offer(chain: number, strategy: number, expiration: number): void {
    const slot = this.size < this.capacity ? this.size : this.spareSlot;
    const floatBase = slot * FIELDS;
    for (let f = 0; f < FIELDS; f += 1) this.floats[floatBase + f] = candidate[f]!;
    const base = slot * INTS;
    this.ints[base + I_CHAIN] = chain;
    this.ints[base + I_STRATEGY] = strategy;
    this.ints[base + I_EXPIRATION] = expiration;
    for (let l = 0; l < 4; l += 1) this.ints[base + I_LEGS + l] = candidateLegs[l]!;
    if (this.size < this.capacity) {
      this.heap[this.size] = slot;
      this.size += 1;
      this.siftUp(this.size - 1);
      return;
    }
    if (!this.worse(this.heap[0]!, slot)) return; // not better than the worst kept
    const evicted = this.heap[0]!;
    this.heap[0] = slot;
    this.spareSlot = evicted;
    this.siftDown(0);
  }

  private siftUp(index: number): void {
    let i = index;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.worse(this.heap[i]!, this.heap[parent]!)) break;
      const t = this.heap[i]!;
      this.heap[i] = this.heap[parent]!;
      this.heap[parent] = t;
      i = parent;
    }
  }

  private siftDown(index: number): void {
    let i = index;
    while (true) {
      const left = 2 * i + 1;
      const right = left + 1;
      let worst = i;
      if (left < this.size && this.worse(this.heap[left]!, this.heap[worst]!)) worst = left;
      if (right < this.size && this.worse(this.heap[right]!, this.heap[worst]!)) worst = right;
      if (worst === i) return;
      const t = this.heap[i]!;
      this.heap[i] = this.heap[worst]!;
      this.heap[worst] = t;
      i = worst;
    }
  }

  /** Offers every candidate kept in `other` (a per-underlying heap) to this heap, then empties `other`. */
  offerAll(other: TopK): void {
    for (let h = 0; h < other.size; h += 1) {
      const slot = other.heap[h]!;
      candidate.set(other.floats.subarray(slot * FIELDS, slot * FIELDS + FIELDS));
      const base = slot * INTS;
      candidateLegs.set(other.ints.subarray(base + I_LEGS, base + I_LEGS + 4));
      this.offer(
        other.ints[base + I_CHAIN]!,
        other.ints[base + I_STRATEGY]!,
        other.ints[base + I_EXPIRATION]!,
      );
    }
    other.clear();
  }

  clear(): void {
    this.size = 0;
    this.spareSlot = this.capacity;
  }

  /** Kept slots, best first. */
  sorted(): number[] {
    const slots = Array.from(this.heap.subarray(0, this.size));
    return slots.sort((a, b) => (this.worse(a, b) ? 1 : this.worse(b, a) ? -1 : 0));
  }
}
