import { describe, expect, it } from 'vitest';
import { wholeNumberText } from '@shared/options/scoring';

const intl = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 0 });

describe('wholeNumberText', () => {
  it('writes what toLocaleString writes, ties and the edges of the Intl-free range included', () => {
    const values = [
      0,
      0.4,
      0.5,
      1.5,
      2.5,
      999.4999999999999,
      999.5,
      1000,
      1234567.5,
      0.49999999999999994,
      2 ** 31 + 0.5,
      2 ** 52 - 0.5,
      2 ** 52 - 1,
      2 ** 52,
      2 ** 53 + 2,
      1e21,
      2 ** 84 + 2 ** 60,
      -0,
      -2.5,
      -1234.4,
      Number.NaN,
      Infinity,
      -Infinity,
      Number.MIN_VALUE,
      Number.MAX_VALUE,
    ];
    // Every magnitude the scanner writes (premiums, capital, P&L), at random.
    let state = 12345;
    const next = () => ((state = Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) ^ 0x9e3779b9) >>> 0) / 2 ** 32;
    for (let i = 0; i < 20_000; i += 1) values.push(next() * 10 ** Math.floor(next() * 17));
    for (let i = 0; i < 2_000; i += 1) values.push(Math.floor(next() * 1e7) + 0.5);
    const differing = values.filter((value) => wholeNumberText(value) !== intl(value));
    expect(differing).toEqual([]);
  });
});
